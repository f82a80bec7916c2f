import { Box, Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/ui/logo';
import { CountrySwitcher } from '../locale/country-switcher';
import { UserMenu } from '../shell/user-menu';

/** Signed in, but not in the workspace yet (/update-password, /onboarding): one task, no navigation. */
export function FocusLayout({ children, width = 480 }: { children: ReactNode; width?: number }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-light)">
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" px="md" h={56} wrap="nowrap">
          <Logo />
          <Group gap={6} wrap="nowrap">
            <CountrySwitcher />
            <UserMenu />
          </Group>
        </Group>
      </Box>
      <Container size={width} px="md" py={{ base: 'md', sm: 48 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} component="main">
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
