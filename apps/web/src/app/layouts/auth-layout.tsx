import { Box, Center, Group, Paper, Stack } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { Logo } from '../../components/ui/logo';
import { CountrySwitcher } from '../locale/country-switcher';

/** The signed-out pages: one narrow card in the middle of a quiet page. */
export function AuthLayout() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-light)">
      <Group justify="space-between" px="md" h={56}>
        <Logo />
        <CountrySwitcher />
      </Group>
      <Center px="md" pb="xl" pt={{ base: 'md', sm: 48 }}>
        <Stack w="100%" maw={420}>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} component="main">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
