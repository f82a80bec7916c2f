import type { SaleChannel } from '@listloop/domain';
import { Button, Menu, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconChecks, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { errorText } from '../../../lib/error-text';
import { saleWhere } from '../../../lib/sales/sale-channel';
import { useDismissAllSaleEvents } from '../hooks/use-sale-event-actions';
import { saleDetectionMessages as m } from '../sale-detection.messages';

/**
 * "Dismiss all from X": every open sale event of one marketplace, those on screen and any
 * other. One marketplace (the filter's, or the only one with open sales) is a button; several
 * are a menu. Asked before it is done.
 */
export function DismissAll({ marketplaces }: { marketplaces: readonly SaleChannel[] }) {
  const intl = useIntl();
  const dismissAll = useDismissAllSaleEvents();
  const [confirming, setConfirming] = useState<SaleChannel | null>(null);
  if (marketplaces.length === 0) return null;

  const fromLabel = (id: SaleChannel) => intl.formatMessage(m.dismissAllFrom, saleWhere(id));
  const confirm = () => {
    if (!confirming) return;
    const where = saleWhere(confirming);
    dismissAll.mutate(confirming, {
      onSuccess: ({ dismissed }) => {
        setConfirming(null);
        toasts.show({
          color: 'teal',
          message: intl.formatMessage(m.dismissAllDone, { count: dismissed, ...where }),
        });
      },
      onError: (error) => {
        setConfirming(null);
        toasts.show({
          color: 'red',
          title: intl.formatMessage(m.dismissAllFailed, where),
          message: errorText(intl, error),
        });
      },
    });
  };

  return (
    <>
      {marketplaces.length === 1 ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChecks size={14} />}
          onClick={() => setConfirming(marketplaces[0]!)}
        >
          {fromLabel(marketplaces[0]!)}
        </Button>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconChecks size={14} />}
              rightSection={<IconChevronDown size={14} />}
            >
              {intl.formatMessage(m.dismissAll)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {marketplaces.map((id) => (
              <Menu.Item key={id} onClick={() => setConfirming(id)}>
                {fromLabel(id)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={confirming ? intl.formatMessage(m.dismissAllTitle, saleWhere(confirming)) : ''}
        confirmLabel={intl.formatMessage(m.dismissAllConfirm)}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
        loading={dismissAll.isPending}
      >
        <Text fz="sm">{intl.formatMessage(m.dismissAllBody)}</Text>
      </ConfirmModal>
    </>
  );
}
