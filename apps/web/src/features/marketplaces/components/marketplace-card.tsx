import { MARKETPLACE_NAMES, type Connection, type MarketplaceId } from '@listloop/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconKey,
  IconLogin2,
  IconPencil,
  IconPlugConnectedX,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { ConnectionStateBadge, SandboxBadge } from '../../../lib/connections/connection-badges';
import type { ConnectWay, MarketplaceRoute } from '../../../lib/connections/connect-options';
import { connectionState } from '../../../lib/connections/connection-state';
import type { PresenceLine } from '../../../lib/connections/executor-presence';
import { useNow } from '../../../lib/use-now';
import { connectionActions, knownShop, needsShop, secretKind } from '../connection-form';
import { connectionErrorText, secretTexts } from '../connection-text';
import { presenceText } from '../extension-presence';
import { useSignInToConnect } from '../hooks/use-connection-mutations';
import { marketplacesMessages } from '../marketplaces.messages';
import { MarketplaceLogo } from '../../../components/marketplaces/marketplace-logo';
import { ShopModal } from './shop-modal';

interface MarketplaceCardProps {
  marketplace: MarketplaceId;
  /** How ListLoop works it here: its API, the browser extension, or not at all. */
  route: MarketplaceRoute;
  connections: readonly Connection[];
  /**
   * How the marketplace connects: undefined until the server has said, null when this server
   * cannot connect it.
   */
  way: ConnectWay | null | undefined;
  /** The server runs against the sandbox's emulated marketplaces. */
  sandbox: boolean;
  /**
   * What the paired browsers last said of this extension marketplace; undefined for the
   * others, and until the server has answered.
   */
  presence?: PresenceLine | undefined;
  /** False when the role may not manage connections: the list is not the reader's to see. */
  showConnections: boolean;
  loading: boolean;
  /** Opens the form that names the account (and takes a pasted API key where there is one). */
  onConnect: () => void;
  onRename: (connection: Connection) => void;
  onToken: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
}

const KIND_MESSAGES = {
  api: marketplacesMessages.kindApi,
  extension: marketplacesMessages.kindExtension,
  unavailable: marketplacesMessages.kindUnavailable,
} as const;

/** One marketplace: its mark, how it connects, and the accounts connected on it. */
export function MarketplaceCard({
  marketplace,
  route,
  connections,
  way,
  sandbox,
  presence,
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
  const signIn = useSignInToConnect();
  const redirect = useLocation({ select: (location) => location.pathname });
  // The store is asked for first when connecting Shopify, or reconnecting an unknown store.
  const [askShopFor, setAskShopFor] = useState<{ connection: Connection | null } | null>(null);

  const start = (connection: Connection | null, shop?: string) =>
    signIn.mutate({
      marketplace,
      redirect,
      ...(connection ? { connectionId: connection.id } : {}),
      ...(shop ? { shop } : {}),
    });
  const signInFor = (connection: Connection | null) => {
    if (!way || !needsShop(way)) return start(connection);
    const shop = connection ? knownShop(connection) : null;
    if (shop) return start(connection, shop);
    signIn.reset();
    setAskShopFor({ connection });
  };
  const leavingFor = (connection: Connection | null) =>
    signIn.leaving && (signIn.variables?.connectionId ?? null) === (connection?.id ?? null);

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
              {intl.formatMessage(KIND_MESSAGES[route])}
              {showConnections && !loading && (
                <>
                  {' · '}
                  {intl.formatMessage(marketplacesMessages.count, { count: connections.length })}
                </>
              )}
            </Text>
          </Stack>
        </Group>
        {showConnections &&
          way &&
          (way.method === 'oauth' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLogin2 size={14} />}
              onClick={() => signInFor(null)}
              loading={leavingFor(null)}
              disabled={signIn.leaving}
              style={{ flexShrink: 0 }}
            >
              {intl.formatMessage(marketplacesMessages.connectWith, { marketplace: name })}
            </Button>
          ) : (
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
          ))}
      </Group>

      {way?.method === 'extension' && (
        <Text fz="xs" c="dimmed" mb="sm">
          {intl.formatMessage(marketplacesMessages.extensionNote, { marketplace: name })}
        </Text>
      )}
      {/* The extension works a marketplace only for a connected account: say nothing before. */}
      {presence && connections.length > 0 && (
        <ExtensionPresence marketplace={marketplace} presence={presence} />
      )}
      {showConnections && way === null && (
        <Text fz="xs" c="dimmed" mb="sm">
          {intl.formatMessage(marketplacesMessages.notConnectable, { marketplace: name })}
        </Text>
      )}

      {signIn.isError && !askShopFor && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          mb="sm"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(marketplacesMessages.signInFailed, { marketplace: name })}
          withCloseButton
          closeButtonLabel={intl.formatMessage(commonMessages.dismiss)}
          onClose={() => signIn.reset()}
        >
          {connectionErrorText(intl, signIn.error)}
        </Alert>
      )}

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
                way={way}
                sandbox={sandbox}
                reconnecting={leavingFor(connection)}
                busy={signIn.leaving}
                onReconnect={() => signInFor(connection)}
                onRename={() => onRename(connection)}
                onToken={() => onToken(connection)}
                onDisconnect={() => onDisconnect(connection)}
              />
            ))}
          </Stack>
        ))}

      {askShopFor && (
        <ShopModal
          marketplace={marketplace}
          reconnecting={askShopFor.connection}
          leaving={signIn.leaving}
          error={signIn.isError ? connectionErrorText(intl, signIn.error) : null}
          onEdit={() => {
            if (signIn.isError) signIn.reset();
          }}
          onSubmit={(shop) => start(askShopFor.connection, shop)}
          onClose={() => {
            signIn.reset();
            setAskShopFor(null);
          }}
        />
      )}
    </Card>
  );
}

/** Whether a paired browser works this marketplace: when it was seen, and in what state. */
function ExtensionPresence({
  marketplace,
  presence,
}: {
  marketplace: MarketplaceId;
  presence: PresenceLine;
}) {
  const intl = useIntl();
  const now = useNow();
  const { text, tone } = presenceText(intl, presence, marketplace, now);
  const Icon =
    tone === 'ready'
      ? IconCircleCheck
      : tone === 'attention'
        ? IconAlertTriangle
        : IconPlugConnectedX;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" mb="sm" data-testid="extension-presence">
      <Icon
        size={14}
        aria-hidden
        color={
          tone === 'ready'
            ? 'var(--mantine-color-teal-7)'
            : tone === 'attention'
              ? 'var(--mantine-color-orange-7)'
              : 'var(--mantine-color-dimmed)'
        }
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      {/* Mantine's darkest orange is 4.3:1 on white: the warning is in the icon, the words in the text colour. */}
      <Text fz="xs" c={tone === 'attention' ? undefined : 'dimmed'}>
        {text}
      </Text>
    </Group>
  );
}

function ConnectionRow({
  connection,
  way,
  sandbox,
  reconnecting,
  busy,
  onReconnect,
  onRename,
  onToken,
  onDisconnect,
}: {
  connection: Connection;
  way: ConnectWay | null | undefined;
  sandbox: boolean;
  reconnecting: boolean;
  busy: boolean;
  onReconnect: () => void;
  onRename: () => void;
  onToken: () => void;
  onDisconnect: () => void;
}) {
  const intl = useIntl();
  const state = connectionState(connection, way);
  const actions = way
    ? connectionActions(way, state)
    : { reconnect: false, pasteSecret: false, secretMissing: false };
  const name = MARKETPLACE_NAMES[connection.marketplace];
  const secret = secretTexts(secretKind(connection.marketplace));
  const nickname = connection.nickname;
  const date = (iso: string) =>
    Number.isNaN(Date.parse(iso)) ? '' : intl.formatDate(iso, { dateStyle: 'medium' });

  const credentials =
    connection.credentialHint === null
      ? null
      : way?.method === 'oauth'
        ? // Signed-in tokens change at every renewal: their ending would tell the seller nothing.
          intl.formatMessage(marketplacesMessages.signedIn, { marketplace: name })
        : [
            connection.credentialHint
              ? intl.formatMessage(secret.hint, {
                  // Four characters at most, never the secret (the server sends no more).
                  hint: `••••${connection.credentialHint}`,
                })
              : intl.formatMessage(secret.stored),
            connection.credentialExpiresAt &&
              intl.formatMessage(marketplacesMessages.tokenExpires, {
                date: date(connection.credentialExpiresAt),
              }),
          ]
            .filter(Boolean)
            .join(', ');

  return (
    <Card component="li" withBorder radius="sm" padding="xs" bg="var(--mantine-color-gray-light)">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fz="sm" fw={600} truncate>
              {nickname}
            </Text>
            <ConnectionStateBadge state={state} />
            {sandbox && <SandboxBadge />}
          </Group>
          <Text fz="xs" c="dimmed">
            {[
              intl.formatMessage(marketplacesMessages.connectedOn, {
                date: date(connection.createdAt),
              }),
              credentials,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {actions.secretMissing && (
            <Text fz="xs" c="orange">
              {intl.formatMessage(secret.missing, { marketplace: name })}
            </Text>
          )}
          {actions.reconnect && (
            <Group gap="xs" mt={4} wrap="wrap">
              <Button
                size="compact-xs"
                color="orange"
                leftSection={<IconRefresh size={12} />}
                onClick={onReconnect}
                loading={reconnecting}
                disabled={busy && !reconnecting}
                aria-label={intl.formatMessage(marketplacesMessages.reconnectLabel, { nickname })}
              >
                {intl.formatMessage(marketplacesMessages.reconnect)}
              </Button>
              <Text fz="xs" c="orange">
                {intl.formatMessage(marketplacesMessages.needsSignIn, { marketplace: name })}
              </Text>
            </Group>
          )}
        </Stack>
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Action
            label={intl.formatMessage(marketplacesMessages.rename, { nickname })}
            onClick={onRename}
          >
            <IconPencil size={16} />
          </Action>
          {actions.pasteSecret && (
            <Action label={intl.formatMessage(secret.update, { nickname })} onClick={onToken}>
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
