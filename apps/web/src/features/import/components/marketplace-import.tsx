import {
  MARKETPLACE_NAMES,
  type Connection,
  type ConnectOptionsResponse,
  type MarketplaceId,
  type MarketplaceImport,
} from '@listloop/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Progress,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconLock,
  IconPlugConnected,
  IconRefresh,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { ConnectionStateBadge, SandboxBadge } from '../../../lib/connections/connection-badges';
import { connectWayFor } from '../../../lib/connections/connect-options';
import { connectionState } from '../../../lib/connections/connection-state';
import { errorText } from '../../../lib/error-text';
import { useSignedInSession } from '../../../lib/session';
import {
  importOf,
  isMarketplaceImportActive,
  marketplaceImportKeys,
  marketplaceImportsQueryOptions,
  startMarketplaceImport,
} from '../api/marketplace-import.api';
import { importSourceConnections, importSources } from '../import-sources';
import { importMessages } from '../import.messages';

/**
 * Importing the listings a seller already has on eBay, Etsy and Shopify: each
 * connected account with its latest import, its progress while it runs, and what it did.
 * Listings already in the inventory are linked to their items, never duplicated.
 */
export function MarketplaceImport({
  canManage,
  canWrite,
  connections,
  options,
}: {
  /** The marketplaces.manage permission: the connections are not the reader's to see without it. */
  canManage: boolean;
  /** The items.write permission: importing makes items. */
  canWrite: boolean;
  connections: UseQueryResult<Connection[]>;
  options: UseQueryResult<ConnectOptionsResponse>;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const imports = useQuery({ ...marketplaceImportsQueryOptions(), enabled: canManage });
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
        <Text fz="sm" c="dimmed" maw={720}>
          {intl.formatMessage(importMessages.marketplacesBody)}
        </Text>

        {!canManage ? (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
            {intl.formatMessage(importMessages.marketplacesNoPermission)}
          </Alert>
        ) : connections.isPending ? (
          <Skeleton h={44} />
        ) : connections.isError || imports.isError ? (
          <LoadErrorAlert
            title={intl.formatMessage(importMessages.marketplacesLoadFailed)}
            error={connections.error ?? imports.error}
            onRetry={() => {
              void connections.refetch();
              void imports.refetch();
            }}
          />
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
            {list.map((connection) => {
              const state = connectionState(connection, wayOf(connection.marketplace));
              return (
                <ConnectionImport
                  key={connection.id}
                  connection={connection}
                  state={state}
                  sandbox={sandbox}
                  canWrite={canWrite}
                  loading={imports.isPending}
                  latest={importOf(imports.data, connection.id)}
                />
              );
            })}
          </Stack>
        )}

        {canManage && (
          <Button
            component={Link}
            to="/app/marketplaces"
            variant="subtle"
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

function ConnectionImport({
  connection,
  state,
  sandbox,
  canWrite,
  loading,
  latest,
}: {
  connection: Connection;
  state: ReturnType<typeof connectionState>;
  sandbox: boolean;
  canWrite: boolean;
  loading: boolean;
  latest: MarketplaceImport | undefined;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => startMarketplaceImport(connection.id),
    onSuccess: (started) => {
      queryClient.setQueryData<MarketplaceImport[]>(marketplaceImportKeys.all, (old) => [
        started,
        ...(old ?? []).filter((i) => i.connectionId !== started.connectionId),
      ]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketplaceImportKeys.all }),
  });
  const name = MARKETPLACE_NAMES[connection.marketplace];
  const active = isMarketplaceImportActive(latest?.status);
  const usable = connection.status === 'connected';
  const label =
    latest?.status === 'failed'
      ? importMessages.marketplacesResume
      : latest
        ? importMessages.marketplacesAgain
        : importMessages.marketplacesStart;

  return (
    <Card
      component="li"
      withBorder
      radius="sm"
      padding="sm"
      aria-label={`${connection.nickname} · ${name}`}
      data-testid={`marketplace-import-${connection.marketplace}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fz="sm" fw={600}>
              {connection.nickname}
            </Text>
            <Text fz="xs" c="dimmed">
              {name}
            </Text>
            <ConnectionStateBadge state={state} />
            {sandbox && <SandboxBadge />}
          </Group>
          {canWrite && (
            <Button
              size="xs"
              variant={latest ? 'default' : 'filled'}
              leftSection={<IconDownload size={14} />}
              loading={start.isPending || active}
              disabled={!usable || loading}
              onClick={() => start.mutate()}
            >
              {intl.formatMessage(label)}
            </Button>
          )}
        </Group>

        {!usable && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(importMessages.marketplacesReconnectFirst)}
          </Text>
        )}
        {start.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={intl.formatMessage(importMessages.marketplacesStartFailed)}
            withCloseButton
            closeButtonLabel={intl.formatMessage(commonMessages.dismiss)}
            onClose={() => start.reset()}
          >
            <Text fz="sm">{errorText(intl, start.error)}</Text>
          </Alert>
        )}
        {latest && <ImportState latest={latest} name={name} />}
      </Stack>
    </Card>
  );
}

function ImportState({ latest, name }: { latest: MarketplaceImport; name: string }) {
  const intl = useIntl();
  const active = isMarketplaceImportActive(latest.status);
  const summary = intl.formatMessage(importMessages.marketplacesSummary, {
    created: latest.createdItems,
    linked: latest.linkedItems,
    unchanged: latest.unchangedItems,
    photos: latest.photosImported,
  });
  return (
    <Stack gap={6} role="status" aria-live="polite" data-testid="marketplace-import-state">
      {active ? (
        <>
          <Progress
            value={100}
            animated
            striped
            size="sm"
            aria-label={intl.formatMessage(importMessages.marketplacesProgressLabel, { name })}
          />
          <Text fz="sm">
            {latest.status === 'queued'
              ? intl.formatMessage(importMessages.marketplacesQueued)
              : intl.formatMessage(importMessages.marketplacesRunning, {
                  seen: latest.seenListings,
                })}
          </Text>
          {latest.seenListings > 0 && (
            <Text fz="xs" c="dimmed">
              {summary}
            </Text>
          )}
        </>
      ) : latest.status === 'failed' ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(importMessages.marketplacesFailed)}
        >
          <Stack gap={4}>
            {latest.failureReason && <Text fz="sm">{latest.failureReason}</Text>}
            <Text fz="xs" c="dimmed">
              {summary}
            </Text>
          </Stack>
        </Alert>
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="teal" size="sm" radius="xl" aria-hidden>
            <IconCircleCheck size={14} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              {intl.formatMessage(importMessages.marketplacesDone, {
                when: intl.formatDate(new Date(latest.finishedAt ?? latest.startedAt), {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
            </Text>
            <Text fz="sm">{summary}</Text>
            {latest.createdItems + latest.linkedItems > 0 && (
              <Anchor component={Link} to="/app/inventory" fz="sm" w="fit-content">
                {intl.formatMessage(importMessages.goToInventory)}
              </Anchor>
            )}
          </Stack>
        </Group>
      )}

      {latest.problems.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Text fz="sm" fw={600} mb={4}>
            {intl.formatMessage(importMessages.marketplacesProblems, {
              count: latest.problems.length,
            })}
          </Text>
          <Spoiler
            maxHeight={96}
            showLabel={intl.formatMessage(importMessages.marketplacesShowAll)}
            hideLabel={intl.formatMessage(importMessages.marketplacesShowLess)}
          >
            <List size="sm" spacing={2}>
              {latest.problems.map((problem, index) => (
                <List.Item key={`${problem.listedID}-${index}`}>
                  <Text component="span" fz="sm" fw={600}>
                    {problem.title || problem.listedID}
                  </Text>
                  {': '}
                  {problem.message}
                </List.Item>
              ))}
            </List>
          </Spoiler>
        </Alert>
      )}
    </Stack>
  );
}
