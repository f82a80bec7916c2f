import {
  CONNECTION_NICKNAME_MAX_LENGTH,
  MARKETPLACE_NAMES,
  type Connection,
} from '@listloop/domain';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import type { ConnectWay } from '../../../lib/connections/connect-options';
import {
  newConnectionId,
  nicknameProblem,
  secretProblem,
  secretKind,
  suggestNickname,
} from '../connection-form';
import {
  connectionErrorText,
  isNicknameTaken,
  nicknameProblemText,
  secretProblemText,
  secretTexts,
} from '../connection-text';
import { TokenNotStoredError, useConnect } from '../hooks/use-connection-mutations';
import { marketplacesMessages } from '../marketplaces.messages';

/**
 * Connects an account of a marketplace that is not signed in to from here: a nickname, and
 * where the marketplace takes a pasted secret (`token`: Depop's API key, an API token) that
 * secret, optional, stored (sealed) through the credentials call. An `extension` marketplace
 * is listed by the browser extension, which the form explains.
 */
export function ConnectModal({
  way,
  connections,
  onClose,
}: {
  /** A way other than signing in: a pasted key, or the browser extension. */
  way: ConnectWay;
  connections: readonly Connection[];
  onClose: () => void;
}) {
  const { marketplace } = way;
  const intl = useIntl();
  const connect = useConnect();
  const [id] = useState(newConnectionId);
  const [nickname, setNickname] = useState(() => suggestNickname(marketplace, connections));
  const [token, setToken] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const name = MARKETPLACE_NAMES[marketplace];
  const api = way.method === 'token';
  const secret = secretTexts(secretKind(marketplace));

  // The connection being made may already be in the list (a retry after its token failed).
  const nicknameIssue = nicknameProblem(nickname, marketplace, connections, id);
  const tokenIssue = secretProblem(token);
  const nicknameError =
    (submitted || nicknameIssue?.code !== 'required') && nicknameIssue
      ? nicknameProblemText(intl, nicknameIssue, marketplace)
      : isNicknameTaken(connect.error)
        ? nicknameProblemText(intl, { code: 'taken' }, marketplace)
        : undefined;
  const formError =
    connect.error instanceof TokenNotStoredError
      ? intl.formatMessage(marketplacesMessages.tokenNotStored, {
          reason: connectionErrorText(intl, connect.error.cause),
        })
      : connect.isError && !isNicknameTaken(connect.error)
        ? connectionErrorText(intl, connect.error)
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nicknameIssue || tokenIssue) return;
    connect.mutate(
      { id, marketplace, nickname, accessToken: api ? token : '' },
      { onSuccess: onClose },
    );
  };
  const edited = () => {
    if (connect.isError) connect.reset();
  };

  return (
    <Modal
      opened
      onClose={connect.isPending ? () => undefined : onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={
        <Text fw={650}>
          {intl.formatMessage(marketplacesMessages.connectTitle, { marketplace: name })}
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm">
            {intl.formatMessage(
              !api
                ? marketplacesMessages.connectExtensionBody
                : way.extension
                  ? marketplacesMessages.connectKeyBody
                  : marketplacesMessages.connectApiBody,
              { marketplace: name },
            )}
          </Text>
          <TextInput
            label={intl.formatMessage(marketplacesMessages.nickname)}
            description={intl.formatMessage(marketplacesMessages.nicknameHint, {
              marketplace: name,
            })}
            withAsterisk
            data-autofocus
            maxLength={CONNECTION_NICKNAME_MAX_LENGTH + 10}
            value={nickname}
            onChange={(event) => {
              setNickname(event.currentTarget.value);
              edited();
            }}
            error={nicknameError}
          />
          {api && (
            <PasswordInput
              label={intl.formatMessage(secret.optionalLabel)}
              description={intl.formatMessage(marketplacesMessages.accessTokenHint)}
              autoComplete="off"
              value={token}
              onChange={(event) => {
                setToken(event.currentTarget.value);
                edited();
              }}
              error={tokenIssue ? secretProblemText(intl, tokenIssue) : undefined}
            />
          )}
          {formError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={intl.formatMessage(marketplacesMessages.notSaved)}
              role="alert"
            >
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={connect.isPending}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={connect.isPending}>
              {intl.formatMessage(marketplacesMessages.submitConnect)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
