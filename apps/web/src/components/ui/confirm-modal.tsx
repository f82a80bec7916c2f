import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';

interface ConfirmModalProps {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/** Asks before doing something that cannot be undone; the safe choice has the focus. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  danger = false,
}: ConfirmModalProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      onClose={loading ? () => undefined : onClose}
      title={<Text fw={650}>{title}</Text>}
      centered
      closeOnClickOutside={!loading}
    >
      <Stack gap="md">
        <div>{children}</div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            <FormattedMessage {...commonMessages.cancel} />
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
