import {
  MARKETPLACE_NAMES,
  isMarketplaceId,
  type Item,
  type MarketplaceId,
} from '@listloop/domain';
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { marketplaceName } from '../../../components/inventory/status-badges';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import {
  lastUpdateFailure,
  listedMarketplaces,
  outOfDateMarketplaces,
} from '../../../lib/listings/listing-sync';
import { activeOperation } from '../../../lib/listings/operation-note';
import { useListingOperations, useListingPreview } from '../hooks/use-listing-queries';
import { useUpdateListings } from '../hooks/use-update-listings';
import { itemEditorMessages } from '../item-editor.messages';
import { listingMessages } from '../listing.messages';
import { ListingStatusDetails } from './listing-status-details';

/**
 * Where the item is listed, live while jobs run (the item is polled while a listing is queued),
 * and the way to cross-list it. Each marketplace name opens its tab below. Listed listings that
 * differ from what was last sent there are marked, and "Update N live listings" sends them the
 * item as it is now.
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
  const live = listedMarketplaces(item.listings);
  const previews = useListingPreview(userId, item, live, live.length > 0);
  const stale = outOfDateMarketplaces(item.listings, previews.data);
  const updating = (marketplace: MarketplaceId) =>
    activeOperation(operations.data, marketplace)?.operation === 'update';
  // Those already being updated are on their way: the button offers the others.
  const toUpdate = stale.filter((marketplace) => !updating(marketplace));
  const update = useUpdateListings(userId, item.itemID);
  const entries = Object.entries(item.listings);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="listings-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={650} id="listings-title">
          {intl.formatMessage(itemEditorMessages.listingsTitle)}
        </Text>
        {canPublish && (
          <Button size="xs" leftSection={<IconSend size={14} />} onClick={onCrossList}>
            {intl.formatMessage(listingMessages.crossList)}
          </Button>
        )}
      </Group>
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
                    marketplace={marketplace}
                    listing={listing}
                    operation={activeOperation(operations.data, marketplace)}
                    readAt={operations.dataUpdatedAt}
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
