import { hasPermission, type PermissionKey } from '@listloop/domain';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLock, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSignedInSession } from '../../../lib/session';
import { teamTabs, type Can, type TeamTab } from '../team-access';
import { teamMessages as m } from '../team.messages';
import { MembersTab } from './members-tab';
import { RolesTab } from './roles-tab';

/** The signed-in member's permissions as the screen asks them (staff hold all). */
export function useCan(): Can {
  const session = useSignedInSession();
  return (key: PermissionKey) =>
    hasPermission({
      required: key,
      accessLevel: session.accessLevel,
      permissions: session.permissions,
    });
}

/** /app/team: the account's members and its roles, each tab shown only with its key. */
export function TeamPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.documentTitle));
  const can = useCan();
  const tabs = teamTabs(can);
  const [chosen, setChosen] = useState<TeamTab | null>(null);
  const active = chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(m.title)}
        </Title>
        <Text c="dimmed" fz="sm" maw={760}>
          {intl.formatMessage(m.intro)}
        </Text>
      </Stack>
      <HelpTextAlert helpKey="teamManagement" />
      {active === null ? (
        <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
          {intl.formatMessage(m.noAccess)}
        </Alert>
      ) : (
        <Tabs value={active} onChange={(value) => setChosen(value as TeamTab)} keepMounted={false}>
          <Tabs.List aria-label={intl.formatMessage(m.tabsLabel)}>
            {tabs.includes('members') && (
              <Tabs.Tab value="members" leftSection={<IconUsers size={16} />}>
                {intl.formatMessage(m.tabsMembers)}
              </Tabs.Tab>
            )}
            {tabs.includes('roles') && (
              <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} />}>
                {intl.formatMessage(m.tabsRoles)}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="members" pt="md">
            <MembersTab can={can} />
          </Tabs.Panel>
          <Tabs.Panel value="roles" pt="md">
            <RolesTab can={can} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
