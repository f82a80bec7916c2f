import { Alert, Badge, Tooltip } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { CONNECTION_STATE_COLOURS, type ConnectionState } from './connection-state';
import { connectionStateMessages, connectionsMessages } from './connections.messages';

export function ConnectionStateBadge({ state }: { state: ConnectionState }) {
  const intl = useIntl();
  return (
    <Badge size="sm" variant="light" radius="sm" tt="none" color={CONNECTION_STATE_COLOURS[state]}>
      {intl.formatMessage(connectionStateMessages[state])}
    </Badge>
  );
}

/** On every connection while the server runs against the sandbox's emulated marketplaces. */
export function SandboxBadge() {
  const intl = useIntl();
  return (
    <Tooltip label={intl.formatMessage(connectionsMessages.sandboxBadgeHint)}>
      <Badge
        size="sm"
        variant="filled"
        color="grape"
        radius="sm"
        tt="none"
        leftSection={<IconFlask size={12} aria-hidden />}
      >
        {intl.formatMessage(connectionsMessages.sandboxBadge)}
      </Badge>
    </Tooltip>
  );
}

/** Page-level: the marketplaces here are emulated, so nothing listed reaches a real one. */
export function SandboxBanner() {
  const intl = useIntl();
  return (
    <Alert
      role="note"
      aria-label={intl.formatMessage(connectionsMessages.sandboxTitle)}
      variant="filled"
      color="grape"
      radius="md"
      icon={<IconFlask size={18} aria-hidden />}
    >
      {intl.formatMessage(connectionsMessages.sandboxBanner)}
    </Alert>
  );
}
