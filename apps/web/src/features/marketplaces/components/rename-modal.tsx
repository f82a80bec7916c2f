import { CONNECTION_NICKNAME_MAX_LENGTH, type Connection } from '@listloop/domain';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { nicknameProblem } from '../connection-form';
import { connectionErrorText, isNicknameTaken, nicknameProblemText } from '../connection-text';
import { useRenameConnection } from '../hooks/use-connection-mutations';
import { marketplacesMessages } from '../marketplaces.messages';

export function RenameModal({
  connection,
  connections,
  onClose,
}: {
  connection: Connection;
  connections: readonly Connection[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const rename = useRenameConnection();
  const [nickname, setNickname] = useState(connection.nickname);
  const problem = nicknameProblem(nickname, connection.marketplace, connections, connection.id);
  const taken = isNicknameTaken(rename.error);
  const nicknameError = problem
    ? nicknameProblemText(intl, problem, connection.marketplace)
    : taken
      ? nicknameProblemText(intl, { code: 'taken' }, connection.marketplace)
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    if (nickname.trim() === connection.nickname) {
      onClose();
      return;
    }
    rename.mutate({ id: connection.id, nickname }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={rename.isPending ? () => undefined : onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={
        <Text fw={650}>
          {intl.formatMessage(marketplacesMessages.renameTitle, { nickname: connection.nickname })}
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={intl.formatMessage(marketplacesMessages.nickname)}
            withAsterisk
            data-autofocus
            maxLength={CONNECTION_NICKNAME_MAX_LENGTH + 10}
            value={nickname}
            onChange={(event) => {
              setNickname(event.currentTarget.value);
              if (rename.isError) rename.reset();
            }}
            error={nicknameError}
          />
          {rename.isError && !taken && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={intl.formatMessage(marketplacesMessages.notSaved)}
              role="alert"
            >
              {connectionErrorText(intl, rename.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={rename.isPending}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {intl.formatMessage(marketplacesMessages.renameSubmit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
