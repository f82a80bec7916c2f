import {
  categoryPathText,
  hasCategoryTree,
  ITEM_CONDITIONS,
  MARKETPLACE_NAMES,
  type AppliedChange,
  type BuiltListing,
  type Item,
  type ListingPreview,
  type MarketplaceCategory,
  type MarketplaceId,
  type PricingRule,
  type PricingStepKind,
} from '@listloop/domain';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  List,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconEye } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { useEbayPolicyNames } from '../../../lib/listings/ebay-policies.api';
import { useEtsyProfileNames } from '../../../lib/listings/etsy-profiles.api';
import { useCategoryNames } from '../../../lib/marketplaces/categories.api';
import { listingFieldName, listingValueText } from '../../../lib/listings/listing-values';
import { listingProblemText } from '../../../lib/listings/problem-text';
import { useSignedInSession } from '../../../lib/session';
import {
  listingPreviewQueryOptions,
  pricingRuleQueryOptions,
  sampleItemSearchQueryOptions,
} from '../api/rules.api';
import { groupAppliedChanges, pricingStepKinds, previewValueText } from '../preview-steps';
import { mappingFromText, pricingStepText } from '../rules-text';
import { previewMessages, rulesMessages, stageMessages } from '../rules.messages';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The listing the marketplace would get for one of the seller's items, built by the server
 * with the rules as saved: what each stage changed (mapping → pricing → defaults → the item's
 * own fields) and every problem that would stop it.
 */
export function RulePreviewSection({
  marketplace,
  itemId,
  item,
  itemError,
  onItemChange,
}: {
  marketplace: MarketplaceId;
  itemId: string | null;
  item: Item | null;
  itemError: unknown;
  onItemChange: (itemId: string | null) => void;
}) {
  const intl = useIntl();
  const { userId } = useSignedInSession();
  const name = MARKETPLACE_NAMES[marketplace];
  const preview = useQuery({
    ...listingPreviewQueryOptions(userId, itemId ?? '', marketplace),
    enabled: itemId !== null,
  });

  return (
    <div style={{ position: 'sticky', top: 72 }}>
      <SectionCard
        titleId="rules-preview-title"
        icon={<IconEye size={18} />}
        title={intl.formatMessage(previewMessages.title)}
        description={intl.formatMessage(previewMessages.description, { marketplace: name })}
      >
        <Stack gap="md">
          <SampleItemPicker itemId={itemId} item={item} onChange={onItemChange} />
          {itemId === null ? (
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(previewMessages.choose, { marketplace: name })}
            </Text>
          ) : itemError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {errorText(intl, itemError)}
            </Alert>
          ) : preview.isPending ? (
            <Stack
              gap="xs"
              aria-busy="true"
              aria-label={intl.formatMessage(commonMessages.loading)}
            >
              <Skeleton h={24} />
              <Skeleton h={80} />
              <Skeleton h={120} />
            </Stack>
          ) : preview.isError ? (
            <LoadErrorAlert
              title={intl.formatMessage(previewMessages.loadFailed)}
              error={preview.error}
              onRetry={() => void preview.refetch()}
            />
          ) : preview.data ? (
            <PreviewResult marketplace={marketplace} preview={preview.data} itemId={itemId} />
          ) : null}
        </Stack>
      </SectionCard>
    </div>
  );
}

function itemLabel(intl: IntlShape, item: Item): string {
  const title = item.generalDetails.title.trim() || intl.formatMessage(previewMessages.untitled);
  return item.generalDetails.sku ? `${title} · ${item.generalDetails.sku}` : title;
}

/** Picks the sample item from the seller's inventory, searched on the server as they type. */
function SampleItemPicker({
  itemId,
  item,
  onChange,
}: {
  itemId: string | null;
  item: Item | null;
  onChange: (itemId: string | null) => void;
}) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const selectedLabel = item ? itemLabel(intl, item) : '';
  // Showing the chosen item's label is not a search: the list then offers the newest items.
  const typed = search === selectedLabel ? '' : search.trim();
  const [query] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const items = useQuery({
    ...sampleItemSearchQueryOptions(query),
    placeholderData: keepPreviousData,
  });

  const data = useMemo(() => {
    const options = (items.data ?? []).map((candidate) => ({
      value: candidate.itemID,
      label: itemLabel(intl, candidate),
    }));
    if (item && !options.some((option) => option.value === item.itemID)) {
      options.unshift({ value: item.itemID, label: itemLabel(intl, item) });
    }
    return options;
  }, [items.data, item, intl]);

  return (
    <Select
      label={intl.formatMessage(previewMessages.item)}
      placeholder={intl.formatMessage(previewMessages.itemPlaceholder)}
      searchable
      clearable
      data={data}
      value={itemId}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the words; the list shows what it found.
      filter={({ options }) => options}
      nothingFoundMessage={
        items.isFetching ? undefined : intl.formatMessage(previewMessages.noItems)
      }
      onChange={(value) => onChange(value)}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}

function PreviewResult({
  marketplace,
  preview,
  itemId,
}: {
  marketplace: MarketplaceId;
  preview: ListingPreview;
  itemId: string;
}) {
  const intl = useIntl();
  const name = MARKETPLACE_NAMES[marketplace];
  const pricingRule = useQuery(pricingRuleQueryOptions(marketplace));
  const stages = groupAppliedChanges(preview.applied);
  const kinds = pricingStepKinds(preview.applied, pricingRule.data);
  // eBay's and Etsy's categories are their ids: named by their paths, as everywhere else.
  const categoryIds = [
    preview.listing.category ?? '',
    ...preview.applied
      .filter((change) => change.field === 'category')
      .flatMap((change) => [change.from, change.to])
      .filter((value): value is string => typeof value === 'string'),
  ];
  const categories = useCategoryNames(marketplace, categoryIds, hasCategoryTree(marketplace));
  const format = useValueFormat(preview.listing.currency, marketplace, categories.data);

  return (
    <Stack gap="md">
      {preview.problems.length === 0 ? (
        <Group gap="xs" c="teal" wrap="nowrap">
          <IconCircleCheck size={18} />
          <Text fz="sm" fw={600}>
            {intl.formatMessage(previewMessages.ready, { marketplace: name })}
          </Text>
        </Group>
      ) : (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(previewMessages.problemsTitle, {
            count: preview.problems.length,
          })}
        >
          <List fz="sm" spacing={4}>
            {preview.problems.map((problem, index) => (
              <List.Item key={`${problem.code}-${problem.field}-${index}`}>
                {listingProblemText(intl, problem)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      <section aria-labelledby="rules-preview-steps">
        <Title order={3} fz="sm" fw={650} mb={6} id="rules-preview-steps">
          {intl.formatMessage(previewMessages.stepsTitle)}
        </Title>
        <List type="ordered" spacing="xs" fz="sm">
          {stages.map(({ stage, changes }) => (
            <List.Item key={stage}>
              <Text fz="sm" fw={600} component="span">
                {intl.formatMessage(stageMessages[stage], { marketplace: name })}
              </Text>
              {changes.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {intl.formatMessage(previewMessages.noChange)}
                </Text>
              ) : (
                <List fz="sm" spacing={2} withPadding>
                  {changes.map((change, index) => (
                    <List.Item key={`${change.field}-${index}`}>
                      <ChangeLine
                        change={change}
                        kind={kinds.get(change)}
                        pricingRule={pricingRule.data ?? null}
                        format={format}
                        marketplace={marketplace}
                      />
                    </List.Item>
                  ))}
                </List>
              )}
            </List.Item>
          ))}
        </List>
        {preview.ignored.length > 0 && (
          <Stack gap={2} mt="xs">
            {preview.ignored.map((ignored) => (
              <Text key={ignored.field} fz="xs" c="orange">
                {intl.formatMessage(previewMessages.ignored, {
                  field: format.fieldName(ignored.field),
                  marketplace: name,
                })}
              </Text>
            ))}
          </Stack>
        )}
      </section>

      <ListingSummary marketplace={marketplace} listing={preview.listing} format={format} />

      <Anchor
        fz="sm"
        renderRoot={(props) => <Link to="/app/inventory/$itemId" params={{ itemId }} {...props} />}
      >
        {intl.formatMessage(previewMessages.openItem)}
      </Anchor>
    </Stack>
  );
}

type ValueFormat = ReturnType<typeof useValueFormat>;

const MONEY_FIELDS: ReadonlySet<string> = new Set(['price', 'originalPrice', 'shipping.price']);

const isItemCondition = (value: string) => (ITEM_CONDITIONS as readonly string[]).includes(value);

/** Names and values of built-listing fields, in the reader's words and the listing's currency. */
function useValueFormat(
  currency: string,
  marketplace: MarketplaceId,
  categories?: ReadonlyMap<string, MarketplaceCategory>,
) {
  const intl = useIntl();
  const { colourLabel, postalCodeLabel } = useRegionFormat();
  const format = useMoneyFormat();
  const policyNames = useEbayPolicyNames(marketplace === 'ebay');
  const etsyProfiles = useEtsyProfileNames(marketplace === 'etsy');
  return useMemo(() => {
    const context = { marketplace, colourLabel, postalCodeLabel, policyNames, etsyProfiles };
    const notSet = intl.formatMessage(rulesMessages.notSet);
    const money = (amount: number) => format(amount, currency);

    const fieldName = (field: string): string => listingFieldName(intl, field, context);
    const value = (field: string, raw: unknown): string => {
      if (raw === null || raw === undefined || raw === '') return notSet;
      if (typeof raw === 'number' && MONEY_FIELDS.has(field)) return money(raw);
      // Before the standard mapping the condition is ours; after it, the marketplace's.
      if (typeof raw === 'string' && field === 'condition' && isItemCondition(raw))
        return mappingFromText(intl, 'condition', raw);
      const category = field === 'category' && typeof raw === 'string' && categories?.get(raw);
      if (category) return categoryPathText(category.path);
      const words = listingValueText(intl, field, raw, context);
      if (words !== null) return words;
      if (typeof raw === 'number') return intl.formatNumber(raw);
      if (Array.isArray(raw) && field === 'photos') {
        return intl.formatMessage(previewMessages.photos, { count: raw.length });
      }
      return previewValueText(raw);
    };
    return { fieldName, value, money, currency };
  }, [
    intl,
    marketplace,
    colourLabel,
    postalCodeLabel,
    policyNames,
    etsyProfiles,
    categories,
    currency,
    format,
  ]);
}

function ChangeLine({
  change,
  kind,
  pricingRule,
  format,
  marketplace,
}: {
  change: AppliedChange;
  kind: PricingStepKind | undefined;
  pricingRule: PricingRule | null;
  format: ValueFormat;
  marketplace: MarketplaceId;
}) {
  const intl = useIntl();
  const detail =
    change.step === 'pricing' && kind && pricingRule
      ? pricingStepText(intl, kind, pricingRule, format.currency)
      : change.step === 'mapping'
        ? intl.formatMessage(previewMessages.byRule)
        : change.step === 'condition_map'
          ? intl.formatMessage(previewMessages.standardCondition, {
              marketplace: MARKETPLACE_NAMES[marketplace],
            })
          : change.step === 'general'
            ? intl.formatMessage(previewMessages.wholeCents)
            : null;
  return (
    <Group gap={6} wrap="wrap" component="span">
      <span>
        {intl.formatMessage(previewMessages.change, {
          field: format.fieldName(change.field),
          from: format.value(change.field, change.from),
          to: format.value(change.field, change.to),
        })}
      </span>
      {detail && (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} size="sm">
          {detail}
        </Badge>
      )}
    </Group>
  );
}

function ListingSummary({
  marketplace,
  listing,
  format,
}: {
  marketplace: MarketplaceId;
  listing: BuiltListing;
  format: ValueFormat;
}) {
  const intl = useIntl();
  const rows: [string, unknown][] = [
    ['title', listing.title],
    ['price', listing.price],
    ['condition', listing.condition],
    ['brand', listing.brand],
    ['category', listing.category],
    ['size', listing.size],
    ['colour', listing.colour],
    ['shipping.price', listing.shipping.price],
    ['shipping.service', listing.shipping.service],
    ['shipping.profileId', listing.shipping.profileId],
    ['shipping.processingProfileId', listing.shipping.processingProfileId],
    ['shipping.fromPostalCode', listing.shipping.fromPostalCode],
    ['photos', listing.photos],
    ...Object.entries(listing.extra).map(([key, value]): [string, unknown] => [
      `extra.${key}`,
      value,
    ]),
  ];
  // Shipping parts nobody set are noise; the main fields show even when empty.
  const shown = rows.filter(
    ([field, value]) =>
      !(field.startsWith('shipping.') || field.startsWith('extra.')) ||
      (value !== null && value !== ''),
  );
  return (
    <section aria-labelledby="rules-preview-listing">
      <Group gap="xs" mb={6}>
        <ThemeIcon variant="light" size="sm" radius="sm" aria-hidden>
          <IconEye size={14} />
        </ThemeIcon>
        <Title order={3} fz="sm" fw={650} id="rules-preview-listing">
          {intl.formatMessage(previewMessages.listingTitle, {
            marketplace: MARKETPLACE_NAMES[marketplace],
          })}
        </Title>
      </Group>
      <SimpleGrid
        component="dl"
        cols={2}
        spacing="xs"
        verticalSpacing={4}
        style={{ gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', margin: 0 }}
      >
        {shown.map(([field, value]) => (
          <Row key={field} label={format.fieldName(field)} value={format.value(field, value)} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text component="dt" fz="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fz="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </>
  );
}
