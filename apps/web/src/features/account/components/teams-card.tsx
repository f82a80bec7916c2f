import { isKnownAccountName } from '@listloop/domain';
import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import {
  accessLevelMessageId,
  accountUserStatusMessageId,
  editionMessageId,
} from '../../../i18n/dynamic-messages';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import { accountOverviewMessages } from '../account-overview.messages';

const STATUS_COLOURS = { active: 'teal', pending: 'yellow', inactive: 'gray' } as const;

/** The account memberships of the user (spec §3 accountUsers); the current one first. */
export function TeamsCard() {
  const intl = useIntl();
  const session = useSignedInSession();
  // The Team screen opens with either of its tabs' keys, as its navigation area does.
  const canManageMembers = useMayUse('team.members');
  const canManageRoles = useMayUse('team.roles');
  const memberships = [...session.accountUsers].sort(
    (a, b) => Number(b.accountId === session.accountId) - Number(a.accountId === session.accountId),
  );

  return (
    <SectionCard
      titleId="account-teams"
      icon={<IconUsersGroup size={18} />}
      title={intl.formatMessage(accountOverviewMessages.teamsTitle)}
      description={intl.formatMessage(accountOverviewMessages.teamsDescription)}
    >
      {memberships.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(accountOverviewMessages.teamsEmpty)}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {memberships.map((membership) => {
            const current = membership.accountId === session.accountId;
            const edition = membership.accountName.trim().toLowerCase();
            return (
              <Box
                key={membership.accountId}
                component="li"
                py={8}
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fz="sm" fw={600} truncate>
                        {membership.companyName}
                      </Text>
                      {current && (
                        <Badge
                          size="xs"
                          radius="sm"
                          variant="filled"
                          tt="none"
                          style={{ flexShrink: 0 }}
                        >
                          {intl.formatMessage(accountOverviewMessages.teamsCurrent)}
                        </Badge>
                      )}
                    </Group>
                    <Text fz="xs" c="dimmed" truncate>
                      {intl.formatMessage(accountOverviewMessages.teamsMeta, {
                        edition: isKnownAccountName(edition)
                          ? intl.formatMessage({ id: editionMessageId(edition) })
                          : membership.accountName,
                        accessLevel: intl.formatMessage({
                          id: accessLevelMessageId(membership.accessLevel),
                        }),
                      })}
                    </Text>
                  </Stack>
                  <Badge
                    variant="light"
                    radius="sm"
                    tt="none"
                    color={STATUS_COLOURS[membership.status]}
                    style={{ flexShrink: 0 }}
                  >
                    {intl.formatMessage({ id: accountUserStatusMessageId(membership.status) })}
                  </Badge>
                </Group>
              </Box>
            );
          })}
        </Stack>
      )}
      {(canManageMembers || canManageRoles) && (
        <Group justify="flex-end" mt="sm">
          <Button component={Link} to="/app/team" variant="light" size="xs">
            {intl.formatMessage(accountOverviewMessages.teamsManage)}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
