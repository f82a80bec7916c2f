import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingWarehouse,
  IconPlugConnected,
  IconPlugConnectedX,
  IconPuzzle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { marketplacesByRoute } from '../../../lib/connections/connect-options';
import {
  connectOptionsQueryOptions,
  connectionsQueryOptions,
} from '../../../lib/connections/connections.api';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { usePermission, useSignedInSession } from '../../../lib/session';
import { accountOverviewMessages } from '../account-overview.messages';

export function MarketplacesCard() {
  const intl = useIntl();
  const session = useSignedInSession();
  const order = useMarketplaceOrder();
  const options = useQuery(connectOptionsQueryOptions());
  const canSeeConnections = usePermission('marketplaces.manage');
  const connections = useQuery({ ...connectionsQueryOptions(), enabled: canSeeConnections });
  // Grouped by how this server works each one, as the Marketplaces screen groups them.
  const { api, extension, unavailable } = marketplacesByRoute(
    order(session.allowedMarketplaces),
    options.data,
    connections.data ?? [],
  );
  const total = api.length + extension.length + unavailable.length;

  return (
    <SectionCard
      titleId="account-marketplaces"
      icon={<IconBuildingWarehouse size={18} />}
      title={intl.formatMessage(accountOverviewMessages.marketplacesTitle)}
      aside={
        <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          {intl.formatMessage(accountOverviewMessages.marketplacesCount, { count: total })}
        </Badge>
      }
    >
      <Stack gap="md">
        <HelpTextAlert helpKey="marketplaces" />
        {total === 0 ? (
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              {intl.formatMessage(accountOverviewMessages.marketplacesEmpty)}
            </Text>
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(accountOverviewMessages.marketplacesEmptyHint)}
            </Text>
          </Stack>
        ) : (
          <>
            <MarketplaceGroup
              icon={<IconPlugConnected size={16} />}
              title={intl.formatMessage(accountOverviewMessages.marketplacesApi)}
              hint={intl.formatMessage(accountOverviewMessages.marketplacesApiHint)}
              ids={api}
            />
            <MarketplaceGroup
              icon={<IconPuzzle size={16} />}
              title={intl.formatMessage(accountOverviewMessages.marketplacesExtension)}
              hint={intl.formatMessage(accountOverviewMessages.marketplacesExtensionHint)}
              ids={extension}
            />
            {unavailable.length > 0 && (
              <MarketplaceGroup
                icon={<IconPlugConnectedX size={16} />}
                title={intl.formatMessage(accountOverviewMessages.marketplacesUnavailable)}
                hint={intl.formatMessage(accountOverviewMessages.marketplacesUnavailableHint)}
                ids={unavailable}
              />
            )}
            <Anchor
              fz="sm"
              fw={600}
              renderRoot={(props) => <Link to="/app/marketplaces" {...props} />}
            >
              <Group gap={4} component="span">
                {intl.formatMessage(accountOverviewMessages.marketplacesManage)}
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Anchor>
          </>
        )}
      </Stack>
    </SectionCard>
  );
}

function MarketplaceGroup(props: {
  icon: ReactNode;
  title: string;
  hint: string;
  ids: readonly MarketplaceId[];
}) {
  const intl = useIntl();
  return (
    <Stack gap={6}>
      <Group gap={6} c="dimmed">
        {props.icon}
        <Text fz="xs" fw={700} tt="uppercase" lts={0.3}>
          {props.title}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed">
        {props.hint}
      </Text>
      {props.ids.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(accountOverviewMessages.marketplacesGroupEmpty)}
        </Text>
      ) : (
        <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {props.ids.map((id) => (
            <Badge
              key={id}
              component="li"
              variant="outline"
              radius="sm"
              tt="none"
              fw={500}
              size="lg"
            >
              {MARKETPLACE_NAMES[id]}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
