import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import { Alert, EmptyState, Grid, Select, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import { sampleItemQueryOptions } from '../api/rules.api';
import { shownMarketplace, type RulesSearch } from '../rules-search';
import { rulesMessages } from '../rules.messages';
import { DefaultsSection } from './defaults-section';
import { MappingRulesSection } from './mapping-rules-section';
import { PricingRuleSection } from './pricing-rule-section';
import { RulePreviewSection } from './rule-preview-section';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * /app/rules: the account's mapping rules, pricing rule and defaults for one marketplace at a
 * time (spec §7), beside a preview of the listing they build from one of the seller's items.
 */
export function RulesPage({
  search,
  onSearchChange,
}: {
  search: RulesSearch;
  onSearchChange: (next: RulesSearch) => void;
}) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(rulesMessages.title));
  const session = useSignedInSession();
  const canManage = useMayUse('rules.manage');
  const marketplace = shownMarketplace(search.marketplace, session.allowedMarketplaces);
  const sampleItem = useQuery({
    ...sampleItemQueryOptions(session.userId, search.item ?? ''),
    enabled: search.item !== undefined,
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(rulesMessages.title)}
        </Title>
        <Text c="dimmed" fz="sm" maw={760}>
          {intl.formatMessage(rulesMessages.intro)}
        </Text>
      </Stack>

      {marketplace === null ? (
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconAdjustmentsHorizontal size={26} />}
          title={intl.formatMessage(rulesMessages.noMarketplacesTitle)}
          description={intl.formatMessage(rulesMessages.noMarketplacesBody)}
        />
      ) : (
        <>
          <MarketplacePicker
            value={marketplace}
            allowed={session.allowedMarketplaces}
            onChange={(next) => onSearchChange({ ...search, marketplace: next })}
          />
          {!canManage && (
            <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
              {intl.formatMessage(rulesMessages.readOnly)}
            </Alert>
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              {/* Keyed by marketplace: a half-typed form never carries over to another one. */}
              <Stack gap="lg" key={marketplace}>
                <MappingRulesSection marketplace={marketplace} canManage={canManage} />
                <PricingRuleSection
                  marketplace={marketplace}
                  canManage={canManage}
                  samplePrice={sampleItem.data?.generalDetails.price ?? null}
                />
                <DefaultsSection marketplace={marketplace} canManage={canManage} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <RulePreviewSection
                marketplace={marketplace}
                itemId={search.item ?? null}
                item={sampleItem.data ?? null}
                itemError={sampleItem.isError ? sampleItem.error : null}
                onItemChange={(item) => onSearchChange({ ...search, item: item ?? undefined })}
              />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

function MarketplacePicker({
  value,
  allowed,
  onChange,
}: {
  value: MarketplaceId;
  allowed: readonly MarketplaceId[];
  onChange: (marketplace: MarketplaceId) => void;
}) {
  const intl = useIntl();
  const order = useMarketplaceOrder();
  const data = order(allowed).map((id) => ({ value: id, label: MARKETPLACE_NAMES[id] }));

  return (
    <Select
      label={intl.formatMessage(rulesMessages.marketplace)}
      data={data}
      value={value}
      allowDeselect={false}
      maw={320}
      comboboxProps={{ shadow: 'md' }}
      onChange={(next) => {
        const id = allowed.find((candidate) => candidate === next);
        if (id) onChange(id);
      }}
    />
  );
}
