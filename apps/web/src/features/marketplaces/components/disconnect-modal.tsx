import { MARKETPLACE_NAMES, type Connection } from '@listloop/domain';
import { Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { connectionErrorText } from '../connection-text';
import { useDisconnect } from '../hooks/use-connection-mutations';
import { marketplacesMessages } from '../marketplaces.messages';

/** Asks before removing a connection and the credentials stored for it. */
export function DisconnectModal({
  connection,
  onClose,
}: {
  connection: Connection;
  onClose: () => void;
}) {
  const intl = useIntl();
  const disconnect = useDisconnect();
  const name = MARKETPLACE_NAMES[connection.marketplace];
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      danger
      loading={disconnect.isPending}
      title={intl.formatMessage(marketplacesMessages.disconnectTitle, {
        nickname: connection.nickname,
      })}
      confirmLabel={intl.formatMessage(marketplacesMessages.disconnectConfirm)}
      onConfirm={() => disconnect.mutate(connection.id, { onSuccess: onClose })}
    >
      <Stack gap="xs">
        <Text fz="sm">
          {intl.formatMessage(marketplacesMessages.disconnectBody, { marketplace: name })}
        </Text>
        {disconnect.isError && (
          <Text fz="sm" c="red" role="alert">
            {connectionErrorText(intl, disconnect.error)}
          </Text>
        )}
      </Stack>
    </ConfirmModal>
  );
}
