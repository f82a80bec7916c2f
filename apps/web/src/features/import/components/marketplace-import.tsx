import {
  MARKETPLACE_NAMES,
  type Connection,
  type ConnectOptionsResponse,
  type MarketplaceId,
} from '@listloop/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconLock, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { ConnectionStateBadge, SandboxBadge } from '../../../lib/connections/connection-badges';
import { connectWayFor } from '../../../lib/connections/connect-options';
import { connectionState } from '../../../lib/connections/connection-state';
import { errorText } from '../../../lib/error-text';
import { useSignedInSession } from '../../../lib/session';
import { importSourceConnections, importSources } from '../import-sources';
import { importMessages } from '../import.messages';

/**
 * Importing the listings a seller already has on eBay, Etsy and Shopify: the accounts
 * connected there, ready for it. The import itself is not offered yet, and the card says so.
 */
export function MarketplaceImport({
  canManage,
  connections,
  options,
}: {
  /** The marketplaces.manage permission: the connections are not the reader's to see without it. */
  canManage: boolean;
  connections: UseQueryResult<Connection[]>;
  options: UseQueryResult<ConnectOptionsResponse>;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const sources = importSources(session.allowedMarketplaces);
  if (sources.length === 0) return null;

  const names = (type: 'conjunction' | 'disjunction') =>
    intl.formatList(
      sources.map((id) => MARKETPLACE_NAMES[id]),
      { type },
    );
  const list = importSourceConnections(connections.data ?? [], sources);
  const sandbox = options.data?.mode === 'sandbox';
  const wayOf = (marketplace: MarketplaceId) =>
    options.data ? connectWayFor(marketplace, options.data) : undefined;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="marketplace-import-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconRefresh size={20} />
            </ThemeIcon>
            <Title order={2} fz="md" fw={650} id="marketplace-import-title">
              {intl.formatMessage(importMessages.marketplacesTitle, {
                marketplaces: names('conjunction'),
              })}
            </Title>
          </Group>
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
            {intl.formatMessage(importMessages.comingSoon)}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed" maw={720}>
          {intl.formatMessage(importMessages.marketplacesBody)}
        </Text>

        {!canManage ? (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
            {intl.formatMessage(importMessages.marketplacesNoPermission)}
          </Alert>
        ) : connections.isPending ? (
          <Skeleton h={44} />
        ) : connections.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={intl.formatMessage(importMessages.marketplacesLoadFailed)}
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{errorText(intl, connections.error)}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void connections.refetch()}
              >
                {intl.formatMessage(commonMessages.retry)}
              </Button>
            </Stack>
          </Alert>
        ) : list.length === 0 ? (
          <Text fz="sm">
            {intl.formatMessage(importMessages.marketplacesNone, {
              marketplaces: names('disjunction'),
            })}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={intl.formatMessage(importMessages.marketplacesListLabel)}
          >
            {list.map((connection) => (
              <Card
                key={connection.id}
                component="li"
                withBorder
                radius="sm"
                padding="xs"
                bg="var(--mantine-color-gray-light)"
              >
                <Group gap="xs" wrap="wrap">
                  <Text fz="sm" fw={600}>
                    {connection.nickname}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {MARKETPLACE_NAMES[connection.marketplace]}
                  </Text>
                  <ConnectionStateBadge
                    state={connectionState(connection, wayOf(connection.marketplace))}
                  />
                  {sandbox && <SandboxBadge />}
                </Group>
              </Card>
            ))}
          </Stack>
        )}

        {canManage && (
          <Button
            component={Link}
            to="/app/marketplaces"
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconPlugConnected size={14} />}
          >
            {intl.formatMessage(
              list.length === 0
                ? importMessages.marketplacesConnect
                : importMessages.marketplacesManage,
            )}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
