import { SERVICE_KEYS_PER_ACCOUNT_MAX, type ServiceKey } from '@listloop/domain';
import { Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorText } from '../../../lib/error-text';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { revokeServiceKey, serviceKeyKeys, serviceKeysQueryOptions } from '../api/service-keys.api';
import { orderForList } from '../service-keys';
import { serviceKeysMessages as m } from '../service-keys.messages';
import { CreateServiceKeyModal } from './create-service-key-modal';

const KIND_LABEL = { search: m.kindSearch, user_role: m.kindUserRole } as const;

/**
 * The account's service keys: each with its kind, role, the end of the key, who made it and
 * when, and its last use; a new key, and revoking one after a confirmation. A screen of its
 * own (/app/service-keys) and a section the account settings can show; it expects a caller
 * who may manage the account.
 */
export function ServiceKeysSection({ headingOrder = 2 }: { headingOrder?: 1 | 2 | 3 }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const keys = useQuery(serviceKeysQueryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ServiceKey | null>(null);
  const now = useNow();
  const ago = (at: string) => {
    const { value, unit } = relativeTime(at, now);
    return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
  };
  const shown = useMemo(() => orderForList(keys.data ?? []), [keys.data]);
  const live = shown.filter((key) => key.revokedAt === null).length;

  const revoke = useMutation({
    mutationFn: (key: ServiceKey) => revokeServiceKey(key.id),
    onSuccess: () => setRevoking(null),
    onError: (error) =>
      toasts.show({
        color: 'red',
        title: intl.formatMessage(m.revokeFailed),
        message: errorText(intl, error),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeyKeys.all }),
  });

  return (
    <Stack gap="md" component="section" aria-labelledby="service-keys-title">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} maw={680}>
          <Group gap="sm" align="baseline">
            <Title
              order={headingOrder}
              fz={headingOrder === 1 ? { base: 22, sm: 26 } : 'lg'}
              id="service-keys-title"
            >
              {intl.formatMessage(m.title)}
            </Title>
            {keys.data && (
              <Text c="dimmed" fz="sm">
                {intl.formatMessage(m.count, { count: live, max: SERVICE_KEYS_PER_ACCOUNT_MAX })}
              </Text>
            )}
          </Group>
          <Text c="dimmed" fz="sm">
            {intl.formatMessage(m.intro)}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          disabled={live >= SERVICE_KEYS_PER_ACCOUNT_MAX}
        >
          {intl.formatMessage(m.newKey)}
        </Button>
      </Group>

      {keys.isError ? (
        <LoadErrorAlert
          title={intl.formatMessage(m.loadFailed)}
          error={keys.error}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.isPending ? (
        <Stack gap="xs" aria-hidden>
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : shown.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(m.empty)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" aria-label={intl.formatMessage(m.listLabel)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.columnName)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.columnKind)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.columnRole)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.columnKey)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.columnCreatedBy)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.columnCreated)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.columnLastUsed)}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{intl.formatMessage(m.columnActions)}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((key) => (
                <Table.Tr
                  key={key.id}
                  data-testid="service-key-row"
                  c={key.revokedAt ? 'dimmed' : undefined}
                >
                  <Table.Td>
                    <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {key.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {intl.formatMessage(KIND_LABEL[key.kind])}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm">
                    {key.kind === 'search'
                      ? intl.formatMessage(m.roleNone)
                      : key.role
                        ? key.role.name
                        : intl.formatMessage(m.roleRemoved)}
                  </Table.Td>
                  <Table.Td fz="sm">
                    <Text fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {intl.formatMessage(m.hint, { hint: key.hint })}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm">{key.createdBy.name}</Table.Td>
                  <Table.Td fz="sm">
                    <time
                      dateTime={key.createdAt}
                      title={intl.formatDate(key.createdAt, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    >
                      {ago(key.createdAt)}
                    </time>
                  </Table.Td>
                  <Table.Td fz="sm">
                    {key.lastUsedAt ? (
                      <time dateTime={key.lastUsedAt}>{ago(key.lastUsedAt)}</time>
                    ) : (
                      intl.formatMessage(m.neverUsed)
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {key.revokedAt ? (
                      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {intl.formatMessage(m.revoked, { when: ago(key.revokedAt) })}
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={intl.formatMessage(m.revokeLabel, { name: key.name })}
                        onClick={() => setRevoking(key)}
                      >
                        {intl.formatMessage(m.revoke)}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <CreateServiceKeyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={revoking !== null}
        title={intl.formatMessage(m.revokeTitle, { name: revoking?.name ?? '' })}
        confirmLabel={intl.formatMessage(m.revoke)}
        danger
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      >
        <Text fz="sm">{intl.formatMessage(m.revokeBody)}</Text>
      </ConfirmModal>
    </Stack>
  );
}
