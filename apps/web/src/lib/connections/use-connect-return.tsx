import { MARKETPLACE_NAMES, type Connection } from '@listloop/domain';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';
import { readConnectReturn, withoutConnectReturn } from './connect-return';
import { connectionsMessages } from './connections.messages';

/**
 * A screen the OAuth callback sends the seller back to (the Marketplaces and Import screens):
 * once the connections are loaded (or cannot be), a success is announced naming the
 * connection; a failure's sentence stays on the screen until dismissed. The callback's query is
 * removed at once, so a reload or a shared link does not report it again.
 */
export function useConnectReturn({
  connections,
  settled,
}: {
  connections: readonly Connection[] | undefined;
  /** The connections list has loaded or failed, or is not the reader's to see. */
  settled: boolean;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const [arrival] = useState(() => readConnectReturn(searchStr));
  const [failure, setFailure] = useState(arrival?.kind === 'failed' ? arrival.message : null);
  const announced = useRef(false);

  useEffect(() => {
    if (!arrival) return;
    void navigate({
      to: '.',
      search: (previous) => withoutConnectReturn(previous),
      replace: true,
    });
  }, [arrival, navigate]);

  useEffect(() => {
    if (arrival?.kind !== 'connected' || !settled || announced.current) return;
    announced.current = true;
    const marketplace = MARKETPLACE_NAMES[arrival.marketplace];
    const connection = connections?.find((candidate) => candidate.id === arrival.connectionId);
    notifications.show({
      color: 'teal',
      title: intl.formatMessage(connectionsMessages.connectedTitle, { marketplace }),
      message: connection
        ? intl.formatMessage(connectionsMessages.connectedBody, {
            marketplace,
            nickname: connection.nickname,
          })
        : intl.formatMessage(connectionsMessages.connectedBodyUnnamed, { marketplace }),
    });
  }, [arrival, settled, connections, intl]);

  return { failure, dismissFailure: () => setFailure(null) };
}

/** The sentence the callback sent back when connecting failed. */
export function ConnectFailureAlert({
  message,
  onDismiss,
}: {
  message: string;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle size={18} />}
      title={intl.formatMessage(connectionsMessages.failedTitle)}
      withCloseButton
      closeButtonLabel={intl.formatMessage(commonMessages.dismiss)}
      onClose={onDismiss}
    >
      {message}
    </Alert>
  );
}
