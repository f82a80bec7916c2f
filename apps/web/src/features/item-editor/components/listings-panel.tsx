import type { Listing, ListingStatus } from '@listloop/domain';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ListingStatusBadge, marketplaceName } from '../../../components/inventory/status-badges';
import { itemEditorMessages } from '../item-editor.messages';

/** Where the item is listed, read-only: the listing engine changes these, never the form. */
export function ListingsPanel({ listings }: { listings: Record<string, Listing> }) {
  const intl = useIntl();
  const entries = Object.entries(listings);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="listings-title">
      <Text fw={650} mb="xs" id="listings-title">
        {intl.formatMessage(itemEditorMessages.listingsTitle)}
      </Text>
      {entries.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(itemEditorMessages.listingsEmpty)}
        </Text>
      ) : (
        <Stack gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {entries.map(([marketplace, listing]) => (
            <Group key={marketplace} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                {listing.listingURL ? (
                  <Anchor
                    href={listing.listingURL}
                    target="_blank"
                    rel="noreferrer"
                    fz="sm"
                    fw={600}
                  >
                    {marketplaceName(marketplace)}
                  </Anchor>
                ) : (
                  <Text fz="sm" fw={600}>
                    {marketplaceName(marketplace)}
                  </Text>
                )}
                {listing.lastStatusDate && (
                  <Text fz="xs" c="dimmed">
                    {intl.formatDate(listing.lastStatusDate, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Text>
                )}
              </Stack>
              <ListingStatusBadge status={listing.status as ListingStatus} />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
