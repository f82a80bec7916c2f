import { MARKETPLACE_NAMES, type Connection } from '@listloop/domain';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { secretKind, secretProblem } from '../connection-form';
import { connectionErrorText, secretProblemText, secretTexts } from '../connection-text';
import { useStoreToken } from '../hooks/use-connection-mutations';
import { marketplacesMessages } from '../marketplaces.messages';

/** Stores a new API key or access token for a connection (spec §7 credentials). */
export function TokenModal({
  connection,
  onClose,
}: {
  connection: Connection;
  onClose: () => void;
}) {
  const intl = useIntl();
  const store = useStoreToken();
  const [token, setToken] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const name = MARKETPLACE_NAMES[connection.marketplace];
  const secret = secretTexts(secretKind(connection.marketplace));
  const tooLong = secretProblem(token);
  const missing = token.trim() === '';
  const tokenError = tooLong
    ? secretProblemText(intl, tooLong)
    : submitted && missing
      ? intl.formatMessage(secret.required)
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (tooLong || missing) return;
    store.mutate({ connection, accessToken: token }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={store.isPending ? () => undefined : onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={
        <Text fw={650}>{intl.formatMessage(secret.title, { nickname: connection.nickname })}</Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm">{intl.formatMessage(secret.body, { marketplace: name })}</Text>
          <PasswordInput
            label={intl.formatMessage(secret.label)}
            description={intl.formatMessage(marketplacesMessages.accessTokenHint)}
            withAsterisk
            data-autofocus
            autoComplete="off"
            value={token}
            onChange={(event) => {
              setToken(event.currentTarget.value);
              if (store.isError) store.reset();
            }}
            error={tokenError}
          />
          {store.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={intl.formatMessage(marketplacesMessages.notSaved)}
              role="alert"
            >
              {connectionErrorText(intl, store.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={store.isPending}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={store.isPending}>
              {intl.formatMessage(secret.submit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
