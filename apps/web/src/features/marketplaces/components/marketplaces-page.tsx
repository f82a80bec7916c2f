import type { Connection, MarketplaceId } from '@listloop/domain';
import { Alert, EmptyState, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconInfoCircle,
  IconLock,
  IconPlugConnected,
  IconPlugConnectedX,
  IconPuzzle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import {
  connectWayFor,
  marketplacesByRoute,
  type ConnectWay,
  type MarketplaceRoute,
} from '../../../lib/connections/connect-options';
import { SandboxBanner } from '../../../lib/connections/connection-badges';
import { presenceFor, presenceLine } from '../../../lib/connections/executor-presence';
import { useExecutorPresence } from '../../../lib/connections/executor-presence.api';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import {
  connectOptionsQueryOptions,
  connectionsQueryOptions,
} from '../../../lib/connections/connections.api';
import { ConnectFailureAlert, useConnectReturn } from '../../../lib/connections/use-connect-return';
import { connectionsByMarketplace } from '../connection-form';
import { marketplacesMessages } from '../marketplaces.messages';
import { usableShopifyConnection } from '../shopify-metafields';
import { ConnectModal } from './connect-modal';
import { DisconnectModal } from './disconnect-modal';
import { MarketplaceCard } from './marketplace-card';
import { RenameModal } from './rename-modal';
import { ShopifyMetafieldsSection } from './shopify-metafields-section';
import { BrowserExtensionSection } from './browser-extension-section';
import { TokenModal } from './token-modal';
import { useDocumentTitle } from '../../../lib/document-title';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

type Dialog =
  | { kind: 'connect'; way: ConnectWay }
  | { kind: 'rename' | 'token' | 'disconnect'; connection: Connection }
  | null;

/**
 * /app/marketplaces: every marketplace open to the account in its group (API connector or
 * browser extension), the accounts connected on each and their state; connect by signing in at
 * the marketplace (OAuth), by pasting an API key, or for the extension; reconnect, rename,
 * disconnect (spec §7 connections and credentials). The OAuth callback comes back here.
 */
export function MarketplacesPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(marketplacesMessages.title));
  const session = useSignedInSession();
  const canManage = useMayUse('marketplaces.manage');
  const connections = useQuery({ ...connectionsQueryOptions(), enabled: canManage });
  const options = useQuery(connectOptionsQueryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const arrival = useConnectReturn({
    connections: connections.data,
    settled: !canManage || !connections.isPending,
  });
  const sandbox = options.data?.mode === 'sandbox';

  const order = useMarketplaceOrder();
  const groups = marketplacesByRoute(
    order(session.allowedMarketplaces),
    options.data,
    connections.data ?? [],
  );
  const byMarketplace = useMemo(
    () => connectionsByMarketplace(connections.data ?? []),
    [connections.data],
  );
  const all = connections.data ?? [];
  const shopifyWay = options.data ? connectWayFor('shopify', options.data) : undefined;
  const showMetafields =
    canManage &&
    session.allowedMarketplaces.includes('shopify') &&
    usableShopifyConnection(all, shopifyWay) !== undefined;
  const close = () => setDialog(null);
  // Each extension marketplace says whether a paired browser works it, kept current while open.
  const presence = useExecutorPresence(groups.extension.length > 0);

  const card = (route: MarketplaceRoute) => (marketplace: MarketplaceId) => {
    const way = options.data ? connectWayFor(marketplace, options.data) : undefined;
    return (
      <MarketplaceCard
        key={marketplace}
        marketplace={marketplace}
        route={route}
        connections={byMarketplace.get(marketplace) ?? []}
        way={way}
        sandbox={sandbox}
        presence={
          route === 'extension' && presence.data
            ? presenceLine(presenceFor(presence.data, marketplace) ?? null)
            : undefined
        }
        showConnections={canManage}
        loading={canManage && (connections.isPending || options.isPending)}
        onConnect={() => {
          if (way && way.method !== 'oauth') setDialog({ kind: 'connect', way });
        }}
        onRename={(connection) => setDialog({ kind: 'rename', connection })}
        onToken={(connection) => setDialog({ kind: 'token', connection })}
        onDisconnect={(connection) => setDialog({ kind: 'disconnect', connection })}
      />
    );
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(marketplacesMessages.title)}
        </Title>
        <Text c="dimmed" fz="sm" maw={720}>
          {intl.formatMessage(marketplacesMessages.intro)}
        </Text>
      </Stack>

      <HelpTextAlert helpKey="marketplaceConnections" />

      {sandbox && <SandboxBanner />}
      {arrival.failure && (
        <ConnectFailureAlert message={arrival.failure} onDismiss={arrival.dismissFailure} />
      )}

      <Alert
        variant="light"
        radius="md"
        icon={<IconInfoCircle size={18} />}
        title={intl.formatMessage(marketplacesMessages.howTitle)}
      >
        <List fz="sm" spacing={4}>
          <List.Item>{intl.formatMessage(marketplacesMessages.howApi)}</List.Item>
          <List.Item>{intl.formatMessage(marketplacesMessages.howExtension)}</List.Item>
        </List>
      </Alert>

      {!canManage && (
        <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
          {intl.formatMessage(marketplacesMessages.noPermission)}
        </Alert>
      )}
      {connections.isError && (
        <LoadErrorAlert
          title={intl.formatMessage(marketplacesMessages.loadFailed)}
          error={connections.error}
          onRetry={() => void connections.refetch()}
        />
      )}

      {canManage && options.isError && (
        <LoadErrorAlert
          title={intl.formatMessage(marketplacesMessages.optionsLoadFailed)}
          error={options.error}
          onRetry={() => void options.refetch()}
        />
      )}

      {groups.api.length + groups.extension.length + groups.unavailable.length === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconBuildingStore size={26} />}
          title={intl.formatMessage(marketplacesMessages.emptyTitle)}
          description={intl.formatMessage(marketplacesMessages.emptyBody)}
        />
      ) : (
        <>
          <MarketplaceGroup
            titleId="marketplaces-group-api"
            icon={<IconPlugConnected size={18} />}
            title={intl.formatMessage(marketplacesMessages.groupApi)}
            hint={intl.formatMessage(marketplacesMessages.groupApiHint)}
          >
            {groups.api.map(card('api'))}
          </MarketplaceGroup>
          <MarketplaceGroup
            titleId="marketplaces-group-extension"
            icon={<IconPuzzle size={18} />}
            title={intl.formatMessage(marketplacesMessages.groupExtension)}
            hint={intl.formatMessage(marketplacesMessages.groupExtensionHint)}
          >
            {groups.extension.map(card('extension'))}
          </MarketplaceGroup>
          <MarketplaceGroup
            titleId="marketplaces-group-unavailable"
            icon={<IconPlugConnectedX size={18} />}
            title={intl.formatMessage(marketplacesMessages.groupUnavailable)}
            hint={intl.formatMessage(marketplacesMessages.groupUnavailableHint)}
          >
            {groups.unavailable.map(card('unavailable'))}
          </MarketplaceGroup>
        </>
      )}

      {groups.extension.length > 0 && <BrowserExtensionSection />}

      {showMetafields && <ShopifyMetafieldsSection />}

      {dialog?.kind === 'connect' && (
        <ConnectModal way={dialog.way} connections={all} onClose={close} />
      )}
      {dialog?.kind === 'rename' && (
        <RenameModal connection={dialog.connection} connections={all} onClose={close} />
      )}
      {dialog?.kind === 'token' && <TokenModal connection={dialog.connection} onClose={close} />}
      {dialog?.kind === 'disconnect' && (
        <DisconnectModal connection={dialog.connection} onClose={close} />
      )}
    </Stack>
  );
}

function MarketplaceGroup({
  titleId,
  icon,
  title,
  hint,
  children,
}: {
  titleId: string;
  icon: ReactNode;
  title: string;
  hint: string;
  children: ReactNode[];
}) {
  if (children.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Stack gap={2}>
        <Group gap={6} c="dimmed">
          {icon}
          <Title order={2} fz="md" fw={650} id={titleId} c="var(--mantine-color-text)">
            {title}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        {children}
      </SimpleGrid>
    </Stack>
  );
}
