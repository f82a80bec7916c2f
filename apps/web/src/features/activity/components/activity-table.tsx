import type { ActivityEntry } from '@listloop/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { activityMessages as m } from '../activity.messages';
import {
  activityLink,
  activitySentence,
  actorName,
  knownMemberNames,
  type ActivityLink,
} from '../activity-text';

/** "Open": to the item, or to the screen of what changed. */
function EntryLink({ link, label }: { link: ActivityLink; label: string }) {
  return (
    <Anchor
      fz="sm"
      renderRoot={(props) => {
        switch (link.to) {
          case '/app/inventory/$itemId':
            return (
              <Link
                to="/app/inventory/$itemId"
                params={{ itemId: link.params.itemId }}
                {...props}
              />
            );
          case '/app/rules':
            return <Link to="/app/rules" search={link.search} {...props} />;
          case '/app/labels':
            return <Link to="/app/labels" {...props} />;
          default:
            return <Link to="/app/marketplaces" {...props} />;
        }
      }}
    >
      {label}
    </Anchor>
  );
}

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
                    {link && <EntryLink link={link} label={intl.formatMessage(m.open)} />}
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
