import { Center, Loader, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { appMessages } from '../app.messages';

/**
 * Shown where a screen will be while its code loads: inside the shell's content area (or a
 * layout's card), so the header and navigation stay put; on the first load, before the layout
 * is up, in place of the whole page (`fullPage`, where the session's loader was). It says what
 * it is waiting for, to screen readers too (a polite status).
 */
export function ScreenLoader({ fullPage = false }: { fullPage?: boolean }) {
  const intl = useIntl();
  return (
    <Center
      mih={fullPage ? '100dvh' : '60vh'}
      p="md"
      role="status"
      aria-live="polite"
      aria-busy="true"
    >
      <Stack align="center" gap="xs">
        <Loader type="dots" size="lg" aria-hidden />
        <Text c="dimmed" fz="sm">
          {intl.formatMessage(appMessages.screenLoading)}
        </Text>
      </Stack>
    </Center>
  );
}

/** The whole page waits for a screen: the first load, while the layouts above it are not up. */
export const FullPageScreenLoader = () => <ScreenLoader fullPage />;
