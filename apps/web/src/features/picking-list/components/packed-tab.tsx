import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { pickingHistoryQueryOptions } from '../api/picking-list.api';
import { pickingListMessages as m } from '../picking-list.messages';
import { channelName } from '../picking-list-view';

/** The orders that left the list, newest first: packed or removed, by whom, when. */
export function PackedTab() {
  const intl = useIntl();
  const history = useInfiniteQuery(pickingHistoryQueryOptions);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  if (history.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h={36} />
        ))}
      </Stack>
    );
  }
  if (history.isError) {
    return (
      <LoadErrorAlert
        title={intl.formatMessage(m.historyLoadFailed)}
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (entries.length === 0) {
    return (
      <Card withBorder radius="md">
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconPackage size={26} />}
          title={intl.formatMessage(m.historyEmptyTitle)}
          description={intl.formatMessage(m.historyEmptyBody)}
        />
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            aria-label={intl.formatMessage(m.historyLabel)}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.historyColumnOrder)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.historyColumnItems)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.historyColumnWhat)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.historyColumnWhen)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text fz="sm" fw={600}>
                        {intl.formatMessage(m.orderHeading, { orderId: entry.externalOrderId })}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {channelName(intl, entry.marketplace)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text fz="sm">
                        {intl.formatList(
                          entry.lines.map(
                            (line) => line.title.trim() || intl.formatMessage(m.untitled),
                          ),
                        )}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {intl.formatMessage(m.historyItems, {
                          count: entry.lines.reduce((sum, line) => sum + line.quantity, 0),
                        })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Badge
                        variant="light"
                        color={entry.action === 'packed' ? 'green' : 'gray'}
                        tt="none"
                      >
                        {intl.formatMessage(
                          entry.action === 'packed' ? m.historyPacked : m.historyRemoved,
                          { name: entry.by.name },
                        )}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">
                      {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {history.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            {intl.formatMessage(m.historyLoadMore)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
