import type { ActivityEntry } from '@listloop/domain';
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import { ActivityEntryLink } from '../../../lib/activity/activity-link';
import {
  activityLink,
  activitySentence,
  knownMemberNames,
} from '../../../lib/activity/activity-text';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { homeMessages } from '../home.messages';

/** The account's latest entries of the activity log, worded as the Activity screen words them. */
export function ActivityCard({ entries }: { entries: readonly ActivityEntry[] }) {
  const intl = useIntl();
  const now = useNow();
  const names = useMemo(() => knownMemberNames(entries), [entries]);
  return (
    <SectionCard
      titleId="home-activity"
      icon={<IconHistory size={18} />}
      title={intl.formatMessage(homeMessages.activityTitle)}
      aside={
        <Anchor fz="sm" renderRoot={(props) => <Link to="/app/activity" {...props} />}>
          {intl.formatMessage(homeMessages.activityOpen)}
        </Anchor>
      }
    >
      {entries.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(homeMessages.activityEmpty)}
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-labelledby="home-activity"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {entries.map((entry) => {
            const ago = relativeTime(entry.createdAt, now);
            const link = activityLink(entry);
            return (
              <Box
                component="li"
                key={entry.id}
                py={6}
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {activitySentence(intl, entry, names)} {link && <ActivityEntryLink link={link} />}
                </Text>
                <Text
                  component="time"
                  dateTime={entry.createdAt}
                  title={intl.formatDate(entry.createdAt, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                  fz="xs"
                  c="dimmed"
                >
                  {intl.formatRelativeTime(ago.value, ago.unit, { numeric: 'auto' })}
                </Text>
              </Box>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
