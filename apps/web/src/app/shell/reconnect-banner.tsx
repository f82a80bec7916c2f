import { MARKETPLACE_NAMES } from '@listloop/domain';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { connectionsNeedingReconnect } from '../../lib/connections/connection-state';
import { connectionsQueryOptions } from '../../lib/connections/connections.api';
import { usePermission } from '../../lib/session';
import { shellMessages } from './shell.messages';

const MARKETPLACES_PATH = '/app/marketplaces';

/**
 * Above every screen while a marketplace refused a connection's renewal (or its credentials
 * went): ListLoop cannot list, delist or see sales there until the seller signs in again. Only
 * for roles that manage connections: the list is theirs to read, and theirs to fix.
 */
export function ReconnectBanner() {
  const canManage = usePermission('marketplaces.manage');
  if (!canManage) return null;
  return <ReconnectBannerForManager />;
}

function ReconnectBannerForManager() {
  const intl = useIntl();
  const pathname = useLocation({ select: (location) => location.pathname });
  const connections = useQuery(connectionsQueryOptions());
  const needing = connectionsNeedingReconnect(connections.data ?? []);
  if (needing.length === 0) return null;

  const first = needing[0]!;
  const text =
    needing.length === 1
      ? intl.formatMessage(shellMessages.reconnectOne, {
          marketplace: MARKETPLACE_NAMES[first.marketplace],
          nickname: first.nickname,
        })
      : intl.formatMessage(shellMessages.reconnectMany, {
          count: needing.length,
          marketplaces: intl.formatList(
            [...new Set(needing.map((connection) => MARKETPLACE_NAMES[connection.marketplace]))],
            { type: 'conjunction' },
          ),
        });

  return (
    <Alert
      role="region"
      aria-label={intl.formatMessage(shellMessages.reconnectLabel)}
      color="orange"
      variant="light"
      radius="md"
      mb="md"
      icon={<IconPlugConnectedX size={18} />}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text fz="sm">{text}</Text>
        {pathname !== MARKETPLACES_PATH && (
          <Anchor component={Link} to={MARKETPLACES_PATH} fz="sm" fw={600}>
            {intl.formatMessage(shellMessages.reconnectLink)}
          </Anchor>
        )}
      </Group>
    </Alert>
  );
}
