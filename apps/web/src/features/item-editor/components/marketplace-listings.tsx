import {
  MARKETPLACE_NAMES,
  isMarketplaceId,
  type CountryCode,
  type Item,
  type MarketplaceId,
} from '@listloop/domain';
import { Badge, Card, Group, Select, Tabs, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { lastUpdateFailure } from '../../../lib/listings/listing-sync';
import { activeOperation, stoppedReason } from '../../../lib/listings/operation-note';
import { useListingOperations, useListingPreview } from '../hooks/use-listing-queries';
import type { MarketplaceTabsState } from '../hooks/use-marketplace-tabs';
import { listingMessages } from '../listing.messages';
import { MarketplaceTab } from './marketplace-tab';

/**
 * A tab per marketplace the item is listed on or the seller chose: the built listing, its
 * problems, kept live with the item's saves, and the seller's own values for it.
 */
export function MarketplaceListings({
  userId,
  item,
  country,
  tabs,
  canWrite,
  saving,
  onMarkSold,
}: {
  userId: string;
  item: Item;
  country: CountryCode;
  tabs: MarketplaceTabsState;
  canWrite: boolean;
  /** Opens Mark as sold with this marketplace chosen (a listing's own Mark sold). */
  onMarkSold: (marketplace: MarketplaceId) => void;
  /** The item's own autosave has changes on the way: the preview follows once they land. */
  saving: boolean;
}) {
  const intl = useIntl();
  const preview = useListingPreview(userId, item, tabs.tabs);
  const operations = useListingOperations(userId, item);
  const titleId = 'marketplace-listings-title';

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb={4}>
        <Title order={2} fz="md" fw={650} id={titleId}>
          {intl.formatMessage(listingMessages.sectionTitle)}
        </Title>
        {tabs.addable.length > 0 && (
          <Select
            aria-label={intl.formatMessage(listingMessages.addMarketplace)}
            placeholder={intl.formatMessage(listingMessages.addMarketplace)}
            data={tabs.addable.map((id) => ({ value: id, label: MARKETPLACE_NAMES[id] }))}
            value={null}
            onChange={(value) => {
              if (value && isMarketplaceId(value)) tabs.show(value);
            }}
            searchable
            size="xs"
            w={220}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {intl.formatMessage(listingMessages.sectionIntro)}
      </Text>
      {tabs.tabs.length === 0 || !tabs.active ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(listingMessages.noTabs)}
        </Text>
      ) : (
        <Tabs
          value={tabs.active}
          onChange={(value) => {
            if (value && isMarketplaceId(value)) tabs.show(value);
          }}
          keepMounted={false}
        >
          <Tabs.List>
            {tabs.tabs.map((marketplace) => {
              const problems = preview.data?.find((p) => p.marketplace === marketplace)?.problems;
              return (
                <Tabs.Tab
                  key={marketplace}
                  value={marketplace}
                  rightSection={
                    problems && problems.length > 0 ? (
                      <Badge size="xs" color="red" variant="light" circle aria-hidden>
                        {problems.length}
                      </Badge>
                    ) : undefined
                  }
                >
                  {MARKETPLACE_NAMES[marketplace]}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {tabs.tabs.map((marketplace) => (
            <Tabs.Panel key={marketplace} value={marketplace}>
              <MarketplaceTab
                userId={userId}
                item={item}
                marketplace={marketplace}
                country={country}
                operation={activeOperation(operations.data, marketplace)}
                operationReadAt={operations.dataUpdatedAt}
                stoppedReason={stoppedReason(operations.data, marketplace)}
                updateFailure={lastUpdateFailure(operations.data, marketplace)}
                canWrite={canWrite}
                onMarkSold={onMarkSold}
                preview={{
                  preview: preview.data?.find((p) => p.marketplace === marketplace),
                  pending: preview.isPending,
                  updating: saving || preview.isFetching,
                  error: preview.error,
                  retry: () => void preview.refetch(),
                }}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Card>
  );
}
