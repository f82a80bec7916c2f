import {
  orderKey,
  type PickingList,
  type PickingOrder,
  type PickingOrderRef,
} from '@listloop/domain';
import { Button, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconColumns,
  IconPackage,
  IconPrinter,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { useMayUse } from '../../../lib/session';
import { usePickingActions } from '../hooks/use-picking-actions';
import { pickingListMessages as m } from '../picking-list.messages';
import { ListSettingsModal } from './list-settings-modal';
import { OrderCard } from './order-card';
import { PackOrderModal } from './pack-order-modal';
import { PrintModal } from './print-modal';
import { ViewOptionsModal } from './view-options-modal';

function ListSkeleton() {
  const intl = useIntl();
  return (
    <Stack gap="md" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
      {[0, 1, 2].map((card) => (
        <Card key={card} withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Skeleton h={22} w={220} />
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The orders waiting to be packed, with what the packer does to them. */
export function ToPackTab({ list }: { list: UseQueryResult<PickingList> }) {
  const intl = useIntl();
  const mayPack = useMayUse('pickingList.pack');
  const mayPrint = useMayUse('pickingList.print');
  const maySetUp = useMayUse('pickingList.settings');
  const { remove } = usePickingActions();
  const [packing, setPacking] = useState<string | null>(null);
  const [printing, setPrinting] = useState<{ order: PickingOrderRef | null } | null>(null);
  const [viewOpen, setViewOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [removing, setRemoving] = useState<PickingOrder | null>(null);

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    return (
      <LoadErrorAlert
        title={intl.formatMessage(m.loadFailed)}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }

  const { orders, totals, verificationMethod, view } = list.data;
  const packingOrder = packing ? orders.find((order) => orderKey(order) === packing) : undefined;

  const confirmRemove = () => {
    if (!removing) return;
    const removed = removing;
    remove.mutate(
      removed.lines.map((line) => line.lineId),
      {
        onSuccess: () => {
          setRemoving(null);
          notifications.show({
            color: 'gray',
            message: intl.formatMessage(m.orderRemoved, { orderId: removed.externalOrderId }),
          });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: intl.formatMessage(m.orderRemoveFailed),
            message: errorText(intl, error),
          }),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {intl.formatMessage(m.summary, {
              orders: totals.orders,
              units: totals.units,
              date: intl.formatDate(list.data.since, { dateStyle: 'medium' }),
            })}
          </Text>
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(
              verificationMethod === 'via_barcode' ? m.methodBarcode : m.methodPhoto,
            )}
          </Text>
        </Stack>
        <Group gap="xs" role="group" aria-label={intl.formatMessage(m.toolbar)}>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconColumns size={16} />}
            onClick={() => setViewOpen(true)}
          >
            {intl.formatMessage(m.viewOptions)}
          </Button>
          {maySetUp && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={() => setSettingsOpen(true)}
            >
              {intl.formatMessage(m.listSettings)}
            </Button>
          )}
          {mayPrint && (
            <Button
              size="sm"
              leftSection={<IconPrinter size={16} />}
              disabled={orders.length === 0}
              onClick={() => setPrinting({ order: null })}
            >
              {intl.formatMessage(m.print)}
            </Button>
          )}
        </Group>
      </Group>
      {!mayPack && (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(m.readOnly)}
        </Text>
      )}

      {orders.length === 0 ? (
        <Card withBorder radius="md">
          <EmptyState
            py="xl"
            variant="light"
            icon={<IconPackage size={26} />}
            title={intl.formatMessage(m.emptyTitle)}
            description={intl.formatMessage(m.emptyBody)}
          />
        </Card>
      ) : (
        <Stack gap="md" component="ul" aria-label={intl.formatMessage(m.ordersLabel)} p={0} m={0}>
          {orders.map((order) => (
            <OrderCard
              key={orderKey(order)}
              order={order}
              columns={view.columns}
              mayPack={mayPack}
              mayPrint={mayPrint}
              onPack={() => setPacking(orderKey(order))}
              onPrint={() =>
                setPrinting({
                  order: { marketplace: order.marketplace, externalOrderId: order.externalOrderId },
                })
              }
              onRemove={() => setRemoving(order)}
            />
          ))}
        </Stack>
      )}

      <PackOrderModal
        order={packingOrder ?? null}
        method={verificationMethod}
        onClose={() => setPacking(null)}
      />
      <PrintModal
        opened={printing !== null}
        order={printing?.order ?? null}
        orderCount={orders.length}
        columns={view.columns}
        onClose={() => setPrinting(null)}
      />
      <ViewOptionsModal opened={viewOpen} view={view} onClose={() => setViewOpen(false)} />
      <ListSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ConfirmModal
        opened={removing !== null}
        title={intl.formatMessage(m.orderRemoveTitle, {
          orderId: removing?.externalOrderId ?? '',
        })}
        confirmLabel={intl.formatMessage(m.orderRemove)}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
        loading={remove.isPending}
        danger
      >
        <Text fz="sm">{intl.formatMessage(m.orderRemoveBody)}</Text>
      </ConfirmModal>
    </Stack>
  );
}
