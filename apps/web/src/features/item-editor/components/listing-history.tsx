import { MARKETPLACE_NAMES, storableListingUrl, type MarketplaceId } from '@listloop/domain';
import { Alert, Anchor, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { useListingHistory } from '../hooks/use-listing-queries';
import { actorText, historyChangeText } from '../listing-labels';
import { listingMessages } from '../listing.messages';

/** Every change of the listing, newest first: who or what, when, from → to, and why. */
export function ListingHistory({
  userId,
  itemId,
  marketplace,
  version,
}: {
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  /** The listing's last status date: a change asks for the history again. */
  version: number | null;
}) {
  const intl = useIntl();
  const history = useListingHistory(userId, itemId, marketplace, version);
  const titleId = `history-${marketplace}`;
  const events = history.data ? [...history.data].reverse() : [];

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="sm" fw={650} id={titleId}>
        {intl.formatMessage(listingMessages.historyTitle, {
          marketplace: MARKETPLACE_NAMES[marketplace],
        })}
      </Title>
      {history.isPending ? (
        <Skeleton h={48} aria-label={intl.formatMessage(commonMessages.loading)} />
      ) : history.isError ? (
        <Alert
          color="red"
          variant="light"
          title={intl.formatMessage(listingMessages.historyFailed)}
        >
          <Text fz="sm">{errorText(intl, history.error)}</Text>
          <Button size="xs" variant="light" mt="xs" onClick={() => void history.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      ) : events.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(listingMessages.historyEmpty)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table fz="sm" verticalSpacing={6} aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(listingMessages.historyWhen)}</Table.Th>
                <Table.Th>{intl.formatMessage(listingMessages.historyWho)}</Table.Th>
                <Table.Th>{intl.formatMessage(listingMessages.historyChange)}</Table.Th>
                <Table.Th>{intl.formatMessage(listingMessages.historyReason)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {intl.formatDate(event.at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </Table.Td>
                  <Table.Td>{actorText(intl, event.by, userId)}</Table.Td>
                  <Table.Td>
                    {historyChangeText(intl, event)}
                    {storableListingUrl(event.listingURL) && (
                      <Anchor
                        href={storableListingUrl(event.listingURL)!}
                        target="_blank"
                        rel="noreferrer"
                        fz="sm"
                        ml={6}
                      >
                        {intl.formatMessage(listingMessages.historyListedLink)}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
