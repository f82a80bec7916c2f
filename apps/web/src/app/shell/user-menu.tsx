import {
  Avatar,
  Group,
  Loader,
  LoadingOverlay,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconChevronDown, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '../../lib/error-text';
import { displayName, initials, useSessionContext, useSignedInSession } from '../../lib/session';
import { appMessages } from '../app.messages';

/** Spec §4 Logout: server logout, a short wait, local state cleared; a failure shows an alert. */
function useSignOutAction() {
  const intl = useIntl();
  const { signOut } = useSessionContext();
  return useMutation({
    mutationFn: () => signOut({ wait: true }),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage(appMessages.signOutFailedTitle),
        message: errorText(intl, error),
        autoClose: false,
      });
    },
  });
}

export function UserMenu() {
  const intl = useIntl();
  const session = useSignedInSession();
  const signOut = useSignOutAction();
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme('light');
  const name = displayName(session);

  return (
    <>
      <LoadingOverlay
        visible={signOut.isPending}
        pos="fixed"
        zIndex={1000}
        overlayProps={{ blur: 2 }}
        loaderProps={{
          children: (
            <Stack align="center" gap="xs" role="status">
              <Loader type="dots" />
              <Text fz="sm" fw={600}>
                {intl.formatMessage(appMessages.signingOut)}
              </Text>
            </Stack>
          ),
        }}
      />
      <Menu position="bottom-end" width={260} shadow="md">
        <Menu.Target>
          <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            {/*
              The name comes from the text inside, never an aria-label over it: an aria-label would
              hide the visible initials and name from it (WCAG 2.5.3, label in name).
            */}
            <VisuallyHidden>{intl.formatMessage(appMessages.userMenu, { name })}</VisuallyHidden>
            <Group gap={8} wrap="nowrap" aria-hidden>
              <Avatar size={30} radius="xl" color="loop" variant="filled">
                {initials(session)}
              </Avatar>
              <Text fz="sm" fw={600} visibleFrom="sm" maw={180} truncate>
                {name}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <FormattedMessage
              {...appMessages.signedInAs}
              values={{ email: session.email, b: (chunks) => <b>{chunks}</b> }}
            />
          </Menu.Label>
          <Menu.Item component={Link} to="/app/account" leftSection={<IconBuilding size={16} />}>
            {intl.formatMessage(appMessages.navAccount)}
          </Menu.Item>
          <Menu.Item
            leftSection={colorScheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
            onClick={() => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark')}
          >
            {intl.formatMessage(
              colorScheme === 'dark' ? appMessages.lightTheme : appMessages.darkTheme,
            )}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            // c, not color: Menu.Item draws color's shade 6, which does not read on white.
            c="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            {intl.formatMessage(appMessages.signOut)}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
