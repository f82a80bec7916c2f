import { isMarketplaceId, type Item, type MarketplaceId } from '@listloop/domain';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { marketplaceName } from '../../../components/inventory/status-badges';
import { listingsOnRecord, useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { activeOperation } from '../../../lib/listings/operation-note';
import { useListingOperations } from '../hooks/use-listing-queries';
import { itemEditorMessages } from '../item-editor.messages';
import { listingMessages } from '../listing.messages';
import { ListingStatusDetails } from './listing-status-details';

/**
 * Where the item is listed, live while jobs run (the item is polled while a listing is queued),
 * and the way to cross-list it. Each marketplace name opens its tab below.
 */
export function ListingsPanel({
  userId,
  item,
  onShow,
  onCrossList,
  canPublish,
}: {
  userId: string;
  item: Item;
  onShow: (marketplace: MarketplaceId) => void;
  onCrossList: () => void;
  canPublish: boolean;
}) {
  const intl = useIntl();
  const operations = useListingOperations(userId, item);
  const order = useMarketplaceOrder();
  const entries = listingsOnRecord(item.listings, order);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="listings-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={650} id="listings-title">
          {intl.formatMessage(itemEditorMessages.listingsTitle)}
        </Text>
        {canPublish && (
          <Button size="xs" leftSection={<IconSend size={14} />} onClick={onCrossList}>
            {intl.formatMessage(listingMessages.crossList)}
          </Button>
        )}
      </Group>
      {entries.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(itemEditorMessages.listingsEmpty)}
        </Text>
      ) : (
        <Stack gap={10} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {entries.map(([marketplace, listing]) => (
            <Stack key={marketplace} component="li" gap={2}>
              {isMarketplaceId(marketplace) ? (
                <>
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    fw={600}
                    ta="left"
                    onClick={() => onShow(marketplace)}
                  >
                    {marketplaceName(marketplace)}
                  </Anchor>
                  <ListingStatusDetails
                    marketplace={marketplace}
                    listing={listing}
                    operation={activeOperation(operations.data, marketplace)}
                    readAt={operations.dataUpdatedAt}
                  />
                </>
              ) : (
                <Text fz="sm" fw={600}>
                  {marketplaceName(marketplace)}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
