import { MantineThemeProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common.messages';

/**
 * Names every dialog's, drawer's and toast's close button in the reader's language: Mantine's own is an
 * unnamed ×, which a screen reader announces as just "button". A dialog may still name it
 * itself.
 */
export function LocalizedComponentDefaults({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const close = intl.formatMessage(commonMessages.close);
  const theme = useMemo(
    () => ({
      components: {
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        // The toasts' close button too.
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      },
    }),
    [close],
  );
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
