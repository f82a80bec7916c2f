import {
  MARKETPLACE_NAMES,
  isMarketplaceId,
  type Item,
  type MarketplaceId,
} from '@listloop/domain';
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCash, IconRefresh, IconSend } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { marketplaceName } from '../../../components/inventory/status-badges';
import { listingsOnRecord, useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import {
  lastUpdateFailure,
  listedMarketplaces,
  outOfDateMarketplaces,
} from '../../../lib/listings/listing-sync';
import { activeOperation, stoppedReason } from '../../../lib/listings/operation-note';
import { useListingOperations, useListingPreview } from '../hooks/use-listing-queries';
import { useUpdateListings } from '../hooks/use-update-listings';
import { itemEditorMessages } from '../item-editor.messages';
import type { StockState } from '../item-sales';
import { itemSalesMessages } from '../item-sales.messages';
import { listingMessages } from '../listing.messages';
import { ListingStatusDetails } from './listing-status-details';

/**
 * Where the item is listed, live while the page is open, the way to cross-list it and the way
 * to record a sale ListLoop could not see. An item with none left cannot be cross-listed, and
 * says why. Each marketplace name opens its tab below. Listed listings that differ from what
 * was last sent there are marked, and "Update N live listings" sends them the item as it is now.
 */
export function ListingsPanel({
  userId,
  item,
  stock,
  previewed,
  onShow,
  onCrossList,
  onMarkSold,
  canPublish,
}: {
  userId: string;
  item: Item;
  stock: StockState;
  /**
   * The marketplaces the item screen previews (its tabs, every listed one among them): the
   * panel asks for the same previews, so the screen sends one request for both, not two.
   */
  previewed: readonly MarketplaceId[];
  onShow: (marketplace: MarketplaceId) => void;
  onCrossList: () => void;
  /** Opens Mark as sold; left out for those who may not record a sale. */
  onMarkSold?: (() => void) | undefined;
  canPublish: boolean;
}) {
  const intl = useIntl();
  const operations = useListingOperations(userId, item);
  const live = listedMarketplaces(item.listings);
  const previews = useListingPreview(userId, item, previewed, live.length > 0);
  const stale = outOfDateMarketplaces(item.listings, previews.data);
  const updating = (marketplace: MarketplaceId) =>
    activeOperation(operations.data, marketplace)?.operation === 'update';
  // Those already being updated are on their way: the button offers the others.
  const toUpdate = stale.filter((marketplace) => !updating(marketplace));
  const update = useUpdateListings(userId, item.itemID);
  const order = useMarketplaceOrder();
  // A list a sale stopped before it went live leaves the listing not listed: the panel says so.
  const entries = listingsOnRecord(
    item.listings,
    order,
    (marketplace) => stoppedReason(operations.data, marketplace) !== null,
  );
  const noneLeft = stock !== 'in_stock';
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="listings-title">
      {/* The buttons go under the title when the column is too narrow for both. */}
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={650} id="listings-title">
          {intl.formatMessage(itemEditorMessages.listingsTitle)}
        </Text>
        <Group gap={6} wrap="wrap">
          {onMarkSold && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCash size={14} />}
              onClick={onMarkSold}
              disabled={noneLeft}
              aria-describedby={noneLeft ? 'none-left-reason' : undefined}
            >
              {intl.formatMessage(itemSalesMessages.markSold)}
            </Button>
          )}
          {canPublish && (
            <Button
              size="xs"
              leftSection={<IconSend size={14} />}
              onClick={onCrossList}
              disabled={noneLeft}
              aria-describedby={noneLeft ? 'none-left-reason' : undefined}
            >
              {intl.formatMessage(listingMessages.crossList)}
            </Button>
          )}
        </Group>
      </Group>
      {noneLeft && (canPublish || onMarkSold) && (
        <Text fz="xs" c="dimmed" mb="xs" id="none-left-reason">
          {intl.formatMessage(itemSalesMessages.noneLeft)}
        </Text>
      )}
      {canPublish && toUpdate.length > 0 && (
        <Button
          size="xs"
          variant="light"
          color="yellow"
          mb="sm"
          fullWidth
          leftSection={<IconRefresh size={14} />}
          loading={update.isPending}
          onClick={() => update.mutate(toUpdate)}
        >
          {intl.formatMessage(listingMessages.updateLive, { count: toUpdate.length })}
        </Button>
      )}
      {update.data && update.data.refused.length > 0 && (
        <Alert color="red" variant="light" role="alert" p="xs" mb="sm">
          <Stack gap={2}>
            {update.data.refused.map(({ marketplace, error }) => (
              <Text key={marketplace} fz="sm">
                {intl.formatMessage(listingMessages.updateRefused, {
                  marketplace: MARKETPLACE_NAMES[marketplace],
                  reason: listingErrorText(intl, error),
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
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
                    userId={userId}
                    itemId={item.itemID}
                    marketplace={marketplace}
                    listing={listing}
                    operation={activeOperation(operations.data, marketplace)}
                    readAt={operations.dataUpdatedAt}
                    stoppedReason={stoppedReason(operations.data, marketplace)}
                    outOfDate={stale.includes(marketplace)}
                    updateFailure={lastUpdateFailure(operations.data, marketplace)}
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
