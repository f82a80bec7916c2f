import { AppShell, Burger, Container, Divider, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { Logo } from '../../components/ui/logo';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSignedInSession } from '../../lib/session';
import { appMessages } from '../app.messages';
import { CountrySwitcher } from '../locale/country-switcher';
import { AppNav } from './app-nav';
import { ReconnectBanner } from './reconnect-banner';
import { UserMenu } from './user-menu';

/** /, /app/**: the signed-in seller's workspace (spec §2 "serves the app shell"). */
export function AppShellLayout() {
  const intl = useIntl();
  const session = useSignedInSession();
  const [navOpened, nav] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={intl.formatMessage(
                navOpened ? appMessages.closeNavigation : appMessages.openNavigation,
              )}
            />
            <Logo />
            <Divider orientation="vertical" visibleFrom="xs" my={14} />
            <Text fz="sm" fw={600} c="dimmed" truncate visibleFrom="xs" maw={260}>
              {session.account.companyName}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <NotificationBell />
            <CountrySwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={intl.formatMessage(appMessages.mainNavigation)}>
        <AppNav onNavigate={nav.close} />
        <Text hiddenFrom="xs" fz="xs" c="dimmed" mt="auto" px="xs" truncate>
          {session.account.companyName}
        </Text>
      </AppShell.Navbar>

      <AppShell.Main bg="var(--mantine-color-gray-light)">
        <Container size="xl" px={0}>
          <ReconnectBanner />
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
