import type { ActivityEntry } from '@listloop/domain';
import { Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { activityMessages as m } from '../activity.messages';
import { ActivityEntryLink } from '../../../lib/activity/activity-link';
import {
  activityLink,
  activitySentence,
  actorName,
  knownMemberNames,
} from '../../../lib/activity/activity-text';

/** The entries as a table: when (relative, exact on hover), who, and what in a sentence. */
export function ActivityTable({ entries }: { entries: readonly ActivityEntry[] }) {
  const intl = useIntl();
  const now = useNow();
  const names = useMemo(() => knownMemberNames(entries), [entries]);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{intl.formatMessage(m.columnWhen)}</Table.Th>
            <Table.Th w={180}>{intl.formatMessage(m.columnWho)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.columnWhat)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const { value, unit } = relativeTime(entry.createdAt, now);
            const link = activityLink(entry);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text
                    component="time"
                    dateTime={entry.createdAt}
                    title={intl.formatDate(entry.createdAt, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                    fz="sm"
                    c="dimmed"
                  >
                    {intl.formatRelativeTime(value, unit, { numeric: 'auto' })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {actorName(intl, entry)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {activitySentence(intl, entry, names)}{' '}
                    {link && <ActivityEntryLink link={link} />}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
