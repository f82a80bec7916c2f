import {
  isLineVerified,
  mayConfirmByEye,
  type PickingLine,
  type PickingListChange,
  type PickingListVerificationMethod,
  type PickingOrder,
  type PickingOrderRef,
} from '@listloop/domain';
import { Alert, Box, Button, Divider, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBarcode,
  IconCamera,
  IconCameraOff,
  IconCheck,
  IconCircleCheck,
  IconPackage,
} from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { useCameraScanner } from '../hooks/use-camera-scanner';
import { usePickingActions } from '../hooks/use-picking-actions';
import { cameraProblems, pickingListMessages as m } from '../picking-list.messages';
import { channelName, orderProgress, scanFeedback } from '../picking-list-view';
import { DeadlineBadge, LinePhoto, LineStatus } from './order-card';

type Feedback = { tone: 'success' | 'warning' | 'error'; text: string } | null;

const TONE_COLORS = { success: 'green', warning: 'yellow', error: 'red' } as const;

/** The camera as a scanner, with why it cannot start when it cannot. */
function CameraScanner({ onScan, disabled }: { onScan: (sku: string) => void; disabled: boolean }) {
  const intl = useIntl();
  const { videoRef, state, start, stop } = useCameraScanner(onScan);
  const live = state.status === 'on' || state.status === 'starting';
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {live ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCameraOff size={16} />}
            onClick={stop}
          >
            {intl.formatMessage(m.cameraStop)}
          </Button>
        ) : (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCamera size={16} />}
            onClick={() => void start()}
            disabled={disabled}
          >
            {intl.formatMessage(m.cameraStart)}
          </Button>
        )}
        {state.status === 'starting' && (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(m.cameraStarting)}
          </Text>
        )}
        {state.status === 'on' && (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(m.cameraHint)}
          </Text>
        )}
      </Group>
      {state.status === 'problem' && (
        <Alert variant="light" color="orange" icon={<IconCameraOff size={18} />} role="alert">
          {intl.formatMessage(cameraProblems[state.problem])}
        </Alert>
      )}
      <Box
        component="video"
        ref={videoRef}
        aria-label={intl.formatMessage(m.cameraLabel)}
        muted
        playsInline
        hidden={!live}
        w="100%"
        mah={260}
        bg="black"
        style={{ borderRadius: 'var(--mantine-radius-md)', objectFit: 'cover' }}
      />
    </Stack>
  );
}

function PackLine({
  line,
  method,
  busy,
  onConfirm,
  onUndo,
}: {
  line: PickingLine;
  method: PickingListVerificationMethod;
  busy: boolean;
  onConfirm: () => void;
  onUndo: () => void;
}) {
  const intl = useIntl();
  const title = line.title.trim() || intl.formatMessage(m.untitled);
  const byEye = mayConfirmByEye(method, line);
  const done = isLineVerified(line);
  const size = byEye ? 160 : 56;
  return (
    <Group component="li" align="flex-start" gap="md" wrap="nowrap" style={{ listStyle: 'none' }}>
      <LinePhoto
        src={(byEye ? line.photo?.large : line.photo?.small) ?? null}
        size={size}
        alt={intl.formatMessage(m.linePhotoAlt, { title })}
      />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} fz="sm">
          {title}
        </Text>
        <Text fz="sm" c="dimmed">
          {[
            line.sku ?? intl.formatMessage(m.lineNoSku),
            line.location ?? intl.formatMessage(m.lineNoLocation),
            `× ${line.quantity}`,
          ].join(' · ')}
        </Text>
        {byEye && !line.photo && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(m.packNoPhoto)}
          </Text>
        )}
        {method === 'via_barcode' && byEye && !done && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(m.packByEye)}
          </Text>
        )}
        <LineStatus line={line} />
        {line.verifiedBy && done && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(m.lineCheckedBy, { name: line.verifiedBy.name })}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          {byEye && !done && (
            <Button
              size="xs"
              leftSection={<IconCheck size={14} />}
              onClick={onConfirm}
              disabled={busy}
              aria-label={intl.formatMessage(m.packConfirmLabel, { title })}
            >
              {intl.formatMessage(m.packConfirm)}
            </Button>
          )}
          {line.verifiedUnits > 0 && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={onUndo}
              disabled={busy}
              aria-label={intl.formatMessage(m.packUndoLabel, { title })}
            >
              {intl.formatMessage(m.packUndo)}
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * Packing one order: each item checked by its scanned or typed SKU (via_barcode), or by its
 * photo compared and confirmed (via_photo, and under via_barcode an item without a SKU); a
 * wrong scan says what that SKU is. Once every item is checked the order is marked packed.
 */
export function PackOrderModal({
  order,
  method,
  onClose,
}: {
  order: PickingOrder | null;
  method: PickingListVerificationMethod;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { change } = usePickingActions();
  const [shown, setShown] = useState(order);
  const [sku, setSku] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const skuInput = useRef<HTMLInputElement>(null);
  if (order && order !== shown) {
    if (
      shown &&
      (shown.marketplace !== order.marketplace || shown.externalOrderId !== order.externalOrderId)
    ) {
      setFeedback(null);
      setSku('');
    }
    setShown(order);
  }
  const current = order ?? shown;
  if (!current) return null;
  const ref: PickingOrderRef = {
    marketplace: current.marketplace,
    externalOrderId: current.externalOrderId,
  };
  const progress = orderProgress(current);

  const step = (next: PickingListChange, after?: (packed: boolean) => void) => {
    change.mutate(
      { ref, change: next },
      {
        onSuccess: (result) => {
          if (result.scan) setFeedback(scanFeedback(intl, result.scan));
          after?.(result.packed !== null);
        },
        onError: (error) => setFeedback({ tone: 'error', text: errorText(intl, error) }),
      },
    );
  };

  const scan = (text: string, via: 'scan' | 'typed') => {
    const value = text.trim();
    if (!value) return;
    step({ action: 'scan', ...ref, sku: value, via });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    scan(sku, 'typed');
    setSku('');
    skuInput.current?.focus();
  };

  const close = () => {
    setFeedback(null);
    setSku('');
    onClose();
  };

  const pack = () =>
    step({ action: 'pack', ...ref }, (packed) => {
      if (!packed) return;
      notifications.show({
        color: 'green',
        icon: <IconCircleCheck size={18} />,
        message: intl.formatMessage(m.packPacked, { orderId: current.externalOrderId }),
      });
      close();
    });

  return (
    <Modal
      opened={order !== null}
      onClose={close}
      size="lg"
      title={
        <Text fw={650}>
          {intl.formatMessage(m.packTitle, { orderId: current.externalOrderId })}
        </Text>
      }
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
    >
      <Stack gap="md">
        <Group gap="xs">
          <Text fz="sm" fw={600}>
            {channelName(intl, current.marketplace)}
          </Text>
          <DeadlineBadge shipBy={current.shipBy} />
        </Group>
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(method === 'via_barcode' ? m.packIntroBarcode : m.packIntroPhoto)}
        </Text>

        {method === 'via_barcode' && (
          <Stack gap="sm">
            <form onSubmit={submit}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  ref={skuInput}
                  label={intl.formatMessage(m.packSku)}
                  placeholder={intl.formatMessage(m.packSkuPlaceholder)}
                  leftSection={<IconBarcode size={16} />}
                  value={sku}
                  onChange={(event) => setSku(event.currentTarget.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  data-autofocus
                  style={{ flex: 1 }}
                />
                <Button type="submit" variant="light" loading={change.isPending}>
                  {intl.formatMessage(m.packCheck)}
                </Button>
              </Group>
            </form>
            <CameraScanner onScan={(text) => scan(text, 'scan')} disabled={change.isPending} />
          </Stack>
        )}

        <div role="status" aria-live="polite">
          {feedback && (
            <Alert
              // The region around it announces it; an alert inside a status would speak twice.
              role="none"
              variant="light"
              color={TONE_COLORS[feedback.tone]}
              icon={
                feedback.tone === 'success' ? (
                  <IconCircleCheck size={18} />
                ) : (
                  <IconAlertTriangle size={18} />
                )
              }
            >
              {feedback.text}
            </Alert>
          )}
        </div>

        <Divider />
        <Stack
          component="ul"
          gap="md"
          p={0}
          m={0}
          aria-label={intl.formatMessage(m.linesLabel, { orderId: current.externalOrderId })}
        >
          {current.lines.map((line) => (
            <PackLine
              key={line.lineId}
              line={line}
              method={method}
              busy={change.isPending}
              onConfirm={() => step({ action: 'confirm', lineId: line.lineId })}
              onUndo={() => step({ action: 'undo', lineId: line.lineId })}
            />
          ))}
        </Stack>
        <Divider />

        <Group justify="space-between" align="center" gap="sm">
          <Text fz="sm" c={current.verified ? 'green.8' : 'dimmed'}>
            {current.verified
              ? intl.formatMessage(m.orderReady)
              : intl.formatMessage(m.packNotReady, progress)}
          </Text>
          <Button
            leftSection={<IconPackage size={16} />}
            disabled={!current.verified || change.isPending}
            onClick={pack}
          >
            {intl.formatMessage(m.packMarkPacked)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
