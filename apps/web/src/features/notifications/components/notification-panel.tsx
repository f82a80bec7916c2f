import { useNow } from '../../../lib/use-now';
import type { Notification } from '@listloop/domain';
import {
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBellOff,
  IconChecks,
  IconExclamationCircle,
  IconListCheck,
  IconReceipt2,
  IconSettings,
} from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { useAccountCurrency } from '../../../lib/money/use-money';
import {
  notificationListQueryOptions,
  useMarkAllRead,
  useMarkRead,
} from '../api/notifications.api';
import { notificationText, relativeTime, type NotificationText } from '../notification-text';
import { loadState } from '../../../lib/load-state';
import { notificationMessages as m } from '../notifications.messages';

const KIND_ICON = {
  sale: { icon: IconReceipt2, color: 'teal' },
  double_sale: { icon: IconExclamationCircle, color: 'orange' },
  delist_failed: { icon: IconAlertTriangle, color: 'red' },
  bulk_finished: { icon: IconListCheck, color: 'blue' },
} as const;

/** A whole row that leads where the notification is about. */
function RowLink({
  link,
  onClick,
  unread,
  children,
}: {
  link: NotificationText['link'];
  onClick: () => void;
  unread: boolean;
  children: ReactNode;
}) {
  const props = {
    onClick,
    px: 'md',
    py: 'sm',
    w: '100%',
    'data-unread': unread || undefined,
    style: {
      display: 'block',
      background: unread ? 'var(--mantine-primary-color-light)' : undefined,
    },
  } as const;
  return link.to === '/app/inventory/$itemId' ? (
    <UnstyledButton
      {...props}
      renderRoot={(root) => (
        <Link to="/app/inventory/$itemId" params={{ itemId: link.params.itemId }} {...root} />
      )}
    >
      {children}
    </UnstyledButton>
  ) : (
    <UnstyledButton {...props} renderRoot={(root) => <Link to="/app/inventory" {...root} />}>
      {children}
    </UnstyledButton>
  );
}

function NotificationRow({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: number;
  onOpen: (notification: Notification) => void;
}) {
  const intl = useIntl();
  const accountCurrency = useAccountCurrency();
  const text = notificationText(intl, notification, accountCurrency);
  const { icon: Icon, color } = KIND_ICON[notification.kind];
  const unread = notification.readAt === null;
  const { value, unit } = relativeTime(notification.createdAt, now);
  return (
    <RowLink link={text.link} onClick={() => onOpen(notification)} unread={unread}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box c={color} mt={2} aria-hidden>
          <Icon size={20} />
        </Box>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text fz="sm" fw={unread ? 700 : 500} lineClamp={1}>
              {unread && <VisuallyHidden>{intl.formatMessage(m.unread)}: </VisuallyHidden>}
              {text.headline}
            </Text>
            {text.badge && (
              <Badge size="xs" variant="light" color={color} style={{ flexShrink: 0 }}>
                {text.badge}
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {text.detail}
          </Text>
          <Text
            component="time"
            dateTime={notification.createdAt}
            title={intl.formatDate(notification.createdAt, {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
            fz="xs"
            c="dimmed"
          >
            {intl.formatRelativeTime(value, unit, { numeric: 'auto' })}
          </Text>
        </Stack>
        {unread && (
          <Box
            mt={6}
            w={8}
            h={8}
            bg={color}
            style={{ borderRadius: '50%', flexShrink: 0 }}
            aria-hidden
          />
        )}
      </Group>
    </RowLink>
  );
}

/**
 * The notifications, newest first: what each is about in the seller's language, how long
 * ago, and a link to the item (or to the inventory for a bulk action). Opening one marks it
 * read; "Mark all as read" does the rest.
 */
export function NotificationPanel({
  onNavigate,
  onOpenSettings,
  maxHeight,
  hideTitle = false,
}: {
  /** Called when a notification's link is followed (to close the popover or drawer). */
  onNavigate: () => void;
  onOpenSettings: () => void;
  maxHeight: number | string;
  /** In a drawer that shows the title itself. */
  hideTitle?: boolean;
}) {
  const intl = useIntl();
  const now = useNow();
  const list = useInfiniteQuery(notificationListQueryOptions());
  const state = loadState(list);
  const showFailure = (error: unknown) =>
    toasts.show({
      color: 'red',
      message: intl.formatMessage(m.markReadFailed, { reason: errorText(intl, error) }),
    });
  const markRead = useMarkRead(showFailure);
  const markAllRead = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unreadCount = list.data?.pages[0]?.unreadCount ?? 0;

  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    onNavigate();
  };

  return (
    <Stack gap={0}>
      <Group justify={hideTitle ? 'flex-end' : 'space-between'} px="md" py="xs" wrap="nowrap">
        {!hideTitle && (
          <Text fw={700} fz="sm">
            {intl.formatMessage(m.panelTitle)}
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconChecks size={14} />}
          // Looks disabled but keeps focus (a keyboard user who just used it stays put).
          data-disabled={unreadCount === 0 || undefined}
          aria-disabled={unreadCount === 0}
          loading={markAllRead.isPending}
          onClick={() => {
            if (unreadCount > 0) markAllRead.mutate(undefined, { onError: showFailure });
          }}
        >
          {intl.formatMessage(m.markAllRead)}
        </Button>
      </Group>
      <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} />

      {state.kind === 'loading' ? (
        <Center py="xl" role="status">
          <Loader size="sm" />
          <VisuallyHidden>{intl.formatMessage(commonMessages.loading)}</VisuallyHidden>
        </Center>
      ) : state.kind === 'failed' ? (
        <LoadErrorAlert
          m="md"
          title={intl.formatMessage(m.loadFailed)}
          error={state.error}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <Stack align="center" gap="xs" px="lg" py="xl">
          <IconBellOff size={28} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fz="sm" c="dimmed" ta="center">
            {intl.formatMessage(m.empty)}
          </Text>
        </Stack>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} type="auto">
          <Box
            component="ul"
            aria-label={intl.formatMessage(m.panelTitle)}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((notification) => (
              <Box
                component="li"
                key={notification.id}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <NotificationRow notification={notification} now={now} onOpen={open} />
              </Box>
            ))}
          </Box>
          {list.hasNextPage && (
            <Center py="xs">
              <Button
                size="xs"
                variant="subtle"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {intl.formatMessage(m.loadMore)}
              </Button>
            </Center>
          )}
        </ScrollArea.Autosize>
      )}

      <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} />
      <Group px="md" py="xs">
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconSettings size={14} />}
          onClick={onOpenSettings}
        >
          {intl.formatMessage(m.openSettings)}
        </Button>
      </Group>
    </Stack>
  );
}
