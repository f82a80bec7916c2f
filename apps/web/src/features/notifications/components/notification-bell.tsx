import { ActionIcon, Drawer, Indicator, Modal, Popover } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { unreadCountQueryOptions } from '../api/notifications.api';
import { notificationMessages as m } from '../notifications.messages';
import { NotificationPanel } from './notification-panel';
import { NotificationSettingsSection } from './notification-settings';

/**
 * The shell header's bell: the unread count (asked every 30 s and when the window regains
 * focus), and the notifications in a popover, or in a drawer from the bottom on a phone.
 * Notification settings open from it in a dialog.
 */
export function NotificationBell() {
  const intl = useIntl();
  const unread = useQuery(unreadCountQueryOptions());
  const [opened, panel] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const count = unread.data ?? 0;

  const label =
    count > 0 ? intl.formatMessage(m.bellLabelUnread, { count }) : intl.formatMessage(m.bellLabel);

  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={opened}
      onClick={panel.toggle}
      data-testid="notification-bell"
    >
      <IconBell size={20} />
    </ActionIcon>
  );
  // The count's badge wraps the button: the popover's target (which gets aria-expanded and
  // aria-controls) must be the button itself, never the wrapper, or the ARIA is invalid.
  const bell = (target: ReactNode) => (
    <Indicator
      disabled={count === 0}
      label={count > 99 ? '99+' : count}
      size={16}
      offset={6}
      color="red"
      withBorder
    >
      {target}
    </Indicator>
  );

  const openSettings = () => {
    panel.close();
    settings.open();
  };

  const content = (
    <NotificationPanel onNavigate={panel.close} onOpenSettings={openSettings} maxHeight={440} />
  );
  // The drawer's own title names it on a phone.
  const phoneContent = (
    <NotificationPanel
      onNavigate={panel.close}
      onOpenSettings={openSettings}
      maxHeight="65dvh"
      hideTitle
    />
  );

  return (
    <>
      {phone ? (
        <>
          {bell(button)}
          <Drawer
            opened={opened}
            onClose={panel.close}
            position="bottom"
            size="auto"
            styles={{
              body: { padding: 0 },
              content: { maxHeight: '90dvh' },
            }}
            title={intl.formatMessage(m.panelTitle)}
            closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
            radius="md"
          >
            {phoneContent}
          </Drawer>
        </>
      ) : (
        <Popover
          opened={opened}
          onChange={(next) => (next ? panel.open() : panel.close())}
          position="bottom-end"
          width={400}
          shadow="md"
          trapFocus
          returnFocus
          withinPortal
        >
          {bell(<Popover.Target>{button}</Popover.Target>)}
          <Popover.Dropdown p={0} role="dialog" aria-label={intl.formatMessage(m.panelTitle)}>
            {content}
          </Popover.Dropdown>
        </Popover>
      )}
      <Modal
        opened={settingsOpened}
        onClose={settings.close}
        title={intl.formatMessage(m.settingsTitle)}
        size="lg"
        fullScreen={phone}
      >
        <NotificationSettingsSection />
      </Modal>
    </>
  );
}
