import {
  MARKETPLACE_NAMES,
  marketplaceGroup,
  type Connection,
  type MarketplaceId,
} from '@listloop/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconKey, IconPencil, IconPlugConnectedX, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CONNECTION_STATE_COLOURS, connectionState, takesCredentials } from '../connection-form';
import { connectionStateMessages, marketplacesMessages } from '../marketplaces.messages';
import { MarketplaceLogo } from './marketplace-logo';

interface MarketplaceCardProps {
  marketplace: MarketplaceId;
  connections: readonly Connection[];
  /** False when the role may not manage connections: the list is not the reader's to see. */
  showConnections: boolean;
  loading: boolean;
  onConnect: () => void;
  onRename: (connection: Connection) => void;
  onToken: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
}

/** One marketplace: its mark, its group, and the accounts connected on it. */
export function MarketplaceCard({
  marketplace,
  connections,
  showConnections,
  loading,
  onConnect,
  onRename,
  onToken,
  onDisconnect,
}: MarketplaceCardProps) {
  const intl = useIntl();
  const name = MARKETPLACE_NAMES[marketplace];
  const titleId = `marketplace-${marketplace}`;
  const api = marketplaceGroup(marketplace) === 'source';

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Group gap="sm" wrap="nowrap">
          <MarketplaceLogo marketplace={marketplace} />
          <Stack gap={0}>
            <Title order={3} fz="md" fw={650} id={titleId}>
              {name}
            </Title>
            <Text fz="xs" c="dimmed">
              {intl.formatMessage(
                api ? marketplacesMessages.kindApi : marketplacesMessages.kindExtension,
              )}
              {showConnections && !loading && (
                <>
                  {' · '}
                  {intl.formatMessage(marketplacesMessages.count, { count: connections.length })}
                </>
              )}
            </Text>
          </Stack>
        </Group>
        {showConnections && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={onConnect}
            aria-label={intl.formatMessage(marketplacesMessages.connectLabel, {
              marketplace: name,
            })}
            style={{ flexShrink: 0 }}
          >
            {intl.formatMessage(marketplacesMessages.connect)}
          </Button>
        )}
      </Group>

      {showConnections &&
        (loading ? (
          <Skeleton h={44} />
        ) : connections.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(marketplacesMessages.noConnections, { marketplace: name })}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {connections.map((connection) => (
              <ConnectionRow
                key={connection.id}
                connection={connection}
                onRename={() => onRename(connection)}
                onToken={() => onToken(connection)}
                onDisconnect={() => onDisconnect(connection)}
              />
            ))}
          </Stack>
        ))}
    </Card>
  );
}

function ConnectionRow({
  connection,
  onRename,
  onToken,
  onDisconnect,
}: {
  connection: Connection;
  onRename: () => void;
  onToken: () => void;
  onDisconnect: () => void;
}) {
  const intl = useIntl();
  const state = connectionState(connection);
  const name = MARKETPLACE_NAMES[connection.marketplace];
  const nickname = connection.nickname;
  const date = (iso: string) =>
    Number.isNaN(Date.parse(iso)) ? '' : intl.formatDate(iso, { dateStyle: 'medium' });

  const credentials =
    connection.credentialHint === null
      ? null
      : connection.credentialHint
        ? intl.formatMessage(marketplacesMessages.tokenHint, {
            // Four characters at most, never the secret (the server sends no more).
            hint: `••••${connection.credentialHint}`,
          })
        : intl.formatMessage(marketplacesMessages.tokenStored);
  const expires = connection.credentialExpiresAt
    ? intl.formatMessage(marketplacesMessages.tokenExpires, {
        date: date(connection.credentialExpiresAt),
      })
    : null;

  return (
    <Card component="li" withBorder radius="sm" padding="xs" bg="var(--mantine-color-gray-light)">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fz="sm" fw={600} truncate>
              {nickname}
            </Text>
            <Badge
              size="sm"
              variant="light"
              radius="sm"
              tt="none"
              color={CONNECTION_STATE_COLOURS[state]}
            >
              {intl.formatMessage(connectionStateMessages[state])}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed">
            {[
              intl.formatMessage(marketplacesMessages.connectedOn, {
                date: date(connection.createdAt),
              }),
              credentials && [credentials, expires].filter(Boolean).join(', '),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {(state === 'no_credentials' || state === 'expired' || state === 'needs_reconnect') &&
            takesCredentials(connection.marketplace) && (
              <Text fz="xs" c="orange.8">
                {intl.formatMessage(marketplacesMessages.needsToken, { marketplace: name })}
              </Text>
            )}
        </Stack>
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Action
            label={intl.formatMessage(marketplacesMessages.rename, { nickname })}
            onClick={onRename}
          >
            <IconPencil size={16} />
          </Action>
          {takesCredentials(connection.marketplace) && (
            <Action
              label={intl.formatMessage(marketplacesMessages.updateToken, { nickname })}
              onClick={onToken}
            >
              <IconKey size={16} />
            </Action>
          )}
          <Action
            label={intl.formatMessage(marketplacesMessages.disconnect, { nickname })}
            onClick={onDisconnect}
            danger
          >
            <IconPlugConnectedX size={16} />
          </Action>
        </Group>
      </Group>
    </Card>
  );
}

function Action({
  label,
  onClick,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={danger ? 'red' : 'gray'}
        onClick={onClick}
        aria-label={label}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
