import {
  PICKING_LIST_LAYOUTS,
  type PickingListColumn,
  type PickingListLayout,
  type PickingOrderRef,
} from '@listloop/domain';
import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconDownload,
  IconExternalLink,
  IconPrinter,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { useSignedInSession } from '../../../lib/session';
import { pickingFormDefaultsQueryOptions, printPickingList } from '../api/picking-list.api';
import { columnNames, layoutNames, pickingListMessages as m } from '../picking-list.messages';
import { pdfFileName } from '../picking-list-view';

interface Printed {
  url: string;
  fileName: string;
}

/**
 * Printing the list (or one order) as a PDF: the layout (the account's by default) and the
 * member's columns; the PDF opens in a new tab and can be downloaded.
 */
export function PrintModal({
  opened,
  order,
  orderCount,
  columns,
  onClose,
}: {
  opened: boolean;
  /** One order, or null for every order on the list. */
  order: PickingOrderRef | null;
  orderCount: number;
  columns: readonly PickingListColumn[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const defaults = useQuery({ ...pickingFormDefaultsQueryOptions, enabled: opened });
  const [layout, setLayout] = useState<PickingListLayout | null>(null);
  const [printed, setPrinted] = useState<Printed | null>(null);
  const chosen = layout ?? defaults.data?.layout ?? 'order_per_page';

  // The PDF's address lives as long as the dialog shows it.
  useEffect(() => {
    if (!printed) return;
    return () => URL.revokeObjectURL(printed.url);
  }, [printed]);

  const print = useMutation({
    mutationFn: () =>
      printPickingList({
        layout: chosen,
        ...(order ? { orders: [order] } : {}),
        locale: session.locale,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
  });

  const make = () => {
    // Opened now, while the click counts as the person's: a tab opened after the wait is
    // taken for a pop-up. It shows the PDF once made, and closes if that fails.
    const tab = window.open('', '_blank');
    print.mutate(undefined, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        setPrinted({ url, fileName: pdfFileName(new Date()) });
        if (tab) tab.location.href = url;
      },
      onError: () => tab?.close(),
    });
  };

  const close = () => {
    setPrinted(null);
    setLayout(null);
    print.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>{intl.formatMessage(m.printTitle)}</Text>}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
    >
      <Stack gap="md">
        <Text fz="sm">
          {order
            ? intl.formatMessage(m.printScopeOne, { orderId: order.externalOrderId })
            : intl.formatMessage(m.printScopeAll, { count: orderCount })}
        </Text>
        <Radio.Group
          label={intl.formatMessage(m.printLayout)}
          value={chosen}
          onChange={(value) => setLayout(value as PickingListLayout)}
        >
          <Stack gap="xs" mt={6}>
            {PICKING_LIST_LAYOUTS.map((value) => (
              <Radio key={value} value={value} label={intl.formatMessage(layoutNames[value])} />
            ))}
          </Stack>
        </Radio.Group>
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(m.printColumns, {
            columns: intl.formatList(
              columns.map((column) => intl.formatMessage(columnNames[column])),
            ),
          })}
        </Text>
        {print.isError && (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={intl.formatMessage(m.printFailed)}
          >
            {errorText(intl, print.error)}
          </Alert>
        )}
        {printed && (
          <Alert variant="light" color="green" role="status">
            <Stack gap="xs">
              <Text fz="sm">{intl.formatMessage(m.printReady)}</Text>
              <Group gap="md">
                <Anchor href={printed.url} target="_blank" rel="noopener" fz="sm">
                  <Group gap={4} component="span">
                    <IconExternalLink size={16} aria-hidden />
                    {intl.formatMessage(m.printOpen)}
                  </Group>
                </Anchor>
                <Anchor href={printed.url} download={printed.fileName} fz="sm">
                  <Group gap={4} component="span">
                    <IconDownload size={16} aria-hidden />
                    {intl.formatMessage(m.printDownload)}
                  </Group>
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {intl.formatMessage(commonMessages.close)}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} onClick={make} loading={print.isPending}>
            {intl.formatMessage(m.printSubmit)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
