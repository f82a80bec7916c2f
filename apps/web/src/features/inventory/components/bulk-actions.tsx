import {
  ITEM_CONDITIONS,
  LABEL_MAX_LENGTH,
  LABELS_PER_ITEM_MAX,
  type ItemCondition,
} from '@listloop/domain';
import {
  ActionBar,
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  NumberInput,
  Progress,
  Select,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronUp, IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { labelErrorText } from '../../../lib/inventory/label-error-text';
import type { BulkItemChanges } from '../../../lib/inventory/item.api';
import {
  conditionMessages,
  itemFieldMessages,
  labelRuleMessages,
} from '../../../lib/inventory/item.messages';
import { labelsQueryOptions } from '../../../lib/inventory/label.api';
import { useSignedInSession } from '../../../lib/session';
import { useBulkDelete, useBulkUpdate } from '../hooks/use-bulk-actions';
import { inventoryMessages } from '../inventory.messages';

export type BulkEditKind = 'price' | 'quantity' | 'condition' | 'addLabels' | 'removeLabels';

interface BulkActionsProps {
  selectedIds: string[];
  loadedCount: number;
  canWrite: boolean;
  canDelete: boolean;
  currencySymbol: string;
  onSelectAllLoaded: () => void;
  onClear: () => void;
  onDeleted: (itemIds: string[]) => void;
}

/** The bar that rises when items are selected: edit them together, or delete them. */
export function BulkActions({
  selectedIds,
  loadedCount,
  canWrite,
  canDelete,
  currencySymbol,
  onSelectAllLoaded,
  onClear,
  onDeleted,
}: BulkActionsProps) {
  const intl = useIntl();
  const [editing, setEditing] = useState<BulkEditKind | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const count = selectedIds.length;
  // On a phone the bar keeps to icons, so it fits beside the count.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;

  const editItems: { kind: BulkEditKind; label: string }[] = [
    { kind: 'price', label: intl.formatMessage(inventoryMessages.bulkSetPrice) },
    { kind: 'quantity', label: intl.formatMessage(inventoryMessages.bulkSetQuantity) },
    { kind: 'condition', label: intl.formatMessage(inventoryMessages.bulkSetCondition) },
    { kind: 'addLabels', label: intl.formatMessage(inventoryMessages.bulkAddLabels) },
    { kind: 'removeLabels', label: intl.formatMessage(inventoryMessages.bulkRemoveLabels) },
  ];

  return (
    <>
      <ActionBar
        opened={count > 0}
        onClose={onClear}
        closeOnEscape={false}
        aria-label={intl.formatMessage(inventoryMessages.bulkBarLabel)}
        // Centred over the page: fixed to both sides, as wide as its content.
        position={{ bottom: 20, left: 0, right: 0 }}
        style={{ width: 'fit-content', maxWidth: 'calc(100vw - 24px)', marginInline: 'auto' }}
        shadow="lg"
        radius="md"
      >
        <Text fz="sm" fw={600} px="xs" style={{ whiteSpace: 'nowrap' }} aria-live="polite">
          {intl.formatMessage(inventoryMessages.selectedCount, { count })}
        </Text>
        {count < loadedCount && (
          <Button size="xs" variant="subtle" onClick={onSelectAllLoaded} visibleFrom="xs">
            {intl.formatMessage(inventoryMessages.selectAllLoadedCount, { count: loadedCount })}
          </Button>
        )}
        <ActionBar.Divider />
        {canWrite && (
          <Menu position="top" withinPortal>
            <Menu.Target>
              {narrow ? (
                <ActionIcon
                  size="lg"
                  variant="light"
                  aria-label={intl.formatMessage(inventoryMessages.bulkEdit)}
                >
                  <IconEdit size={16} />
                </ActionIcon>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconEdit size={14} />}
                  rightSection={<IconChevronUp size={12} />}
                >
                  {intl.formatMessage(inventoryMessages.bulkEdit)}
                </Button>
              )}
            </Menu.Target>
            <Menu.Dropdown>
              {editItems.map((entry) => (
                <Menu.Item key={entry.kind} onClick={() => setEditing(entry.kind)}>
                  {entry.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {canDelete &&
          (narrow ? (
            <ActionIcon
              size="lg"
              variant="light"
              color="red"
              onClick={() => setConfirmingDelete(true)}
              aria-label={intl.formatMessage(inventoryMessages.bulkDelete)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          ) : (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirmingDelete(true)}
            >
              {intl.formatMessage(inventoryMessages.bulkDelete)}
            </Button>
          ))}
        <ActionBar.CloseButton aria-label={intl.formatMessage(inventoryMessages.clearSelection)} />
      </ActionBar>

      <BulkEditModal
        kind={editing}
        itemIds={selectedIds}
        currencySymbol={currencySymbol}
        onClose={() => setEditing(null)}
        onDone={onClear}
      />
      <BulkDeleteModal
        opened={confirmingDelete}
        itemIds={selectedIds}
        onClose={() => setConfirmingDelete(false)}
        onDeleted={onDeleted}
      />
    </>
  );
}

function BulkEditModal({
  kind,
  itemIds,
  currencySymbol,
  onClose,
  onDone,
}: {
  kind: BulkEditKind | null;
  itemIds: string[];
  currencySymbol: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const intl = useIntl();
  const titles: Record<BulkEditKind, string> = {
    price: intl.formatMessage(inventoryMessages.bulkSetPrice),
    quantity: intl.formatMessage(inventoryMessages.bulkSetQuantity),
    condition: intl.formatMessage(inventoryMessages.bulkSetCondition),
    addLabels: intl.formatMessage(inventoryMessages.bulkAddLabels),
    removeLabels: intl.formatMessage(inventoryMessages.bulkRemoveLabels),
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      centered
      title={kind ? <Text fw={650}>{titles[kind]}</Text> : null}
    >
      {kind && (
        <BulkEditForm
          key={kind}
          kind={kind}
          itemIds={itemIds}
          currencySymbol={currencySymbol}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

function BulkEditForm({
  kind,
  itemIds,
  currencySymbol,
  onClose,
  onDone,
}: {
  kind: BulkEditKind;
  itemIds: string[];
  currencySymbol: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const intl = useIntl();
  const { userId } = useSignedInSession();
  const labels = useQuery(labelsQueryOptions(userId));
  const labelNames = labels.data?.map((label) => label.name) ?? [];
  const update = useBulkUpdate();
  const [number, setNumber] = useState<number | ''>('');
  const [condition, setCondition] = useState<ItemCondition | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [labelError, setLabelError] = useState<string | null>(null);

  const changes: BulkItemChanges | null = (() => {
    switch (kind) {
      case 'price':
        return number === '' ? null : { price: number };
      case 'quantity':
        return number === '' ? null : { quantity: Math.round(number) };
      case 'condition':
        return condition ? { condition } : null;
      case 'addLabels':
        return names.length ? { addLabels: names } : null;
      case 'removeLabels':
        return names.length ? { removeLabels: names } : null;
    }
  })();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changes) return;
    try {
      const result = await update.mutateAsync({ itemIds, changes });
      notifications.show({
        color: result.failed.length ? 'yellow' : 'teal',
        title: intl.formatMessage(inventoryMessages.bulkUpdated, { count: result.updated }),
        message: result.failed.length
          ? intl.formatMessage(inventoryMessages.bulkSomeFailed, {
              count: result.failed.length,
              reason: result.failed[0]?.message ?? '',
            })
          : undefined,
      });
      onClose();
      onDone();
    } catch {
      // Shown below the form from the mutation's error.
    }
  };

  const onLabels = (next: string[]) => {
    const tooLong = next.find((name) => name.trim().length > LABEL_MAX_LENGTH);
    if (tooLong) {
      setLabelError(intl.formatMessage(labelRuleMessages.tooLong, { max: LABEL_MAX_LENGTH }));
      return;
    }
    setLabelError(null);
    setNames(next.map((name) => name.trim()).filter(Boolean));
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(inventoryMessages.bulkAppliesTo, { count: itemIds.length })}
        </Text>
        {kind === 'price' && (
          <NumberInput
            data-autofocus
            label={intl.formatMessage(itemFieldMessages.price)}
            prefix={currencySymbol}
            min={0}
            decimalScale={2}
            value={number}
            onChange={(value) => setNumber(typeof value === 'number' ? value : '')}
          />
        )}
        {kind === 'quantity' && (
          <NumberInput
            data-autofocus
            label={intl.formatMessage(itemFieldMessages.quantity)}
            min={0}
            allowDecimal={false}
            value={number}
            onChange={(value) => setNumber(typeof value === 'number' ? value : '')}
          />
        )}
        {kind === 'condition' && (
          <Select
            data-autofocus
            label={intl.formatMessage(itemFieldMessages.condition)}
            value={condition}
            onChange={(value) => setCondition(value as ItemCondition | null)}
            data={ITEM_CONDITIONS.map((value) => ({
              value,
              label: intl.formatMessage(conditionMessages[value]),
            }))}
          />
        )}
        {kind === 'addLabels' && (
          <TagsInput
            data-autofocus
            label={intl.formatMessage(itemFieldMessages.labels)}
            description={intl.formatMessage(inventoryMessages.bulkLabelsHint)}
            data={labelNames}
            value={names}
            onChange={onLabels}
            maxTags={LABELS_PER_ITEM_MAX}
            error={labelError}
            clearable
          />
        )}
        {kind === 'removeLabels' && (
          <MultiSelect
            data-autofocus
            label={intl.formatMessage(itemFieldMessages.labels)}
            data={labelNames}
            value={names}
            onChange={setNames}
            searchable
            clearable
            nothingFoundMessage={intl.formatMessage(inventoryMessages.noLabels)}
          />
        )}
        {update.error && (
          <Text c="red" fz="sm" role="alert">
            {labelErrorText(intl, update.error)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button type="submit" disabled={!changes} loading={update.isPending}>
            {intl.formatMessage(inventoryMessages.bulkApply, { count: itemIds.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BulkDeleteModal({
  opened,
  itemIds,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  itemIds: string[];
  onClose: () => void;
  onDeleted: (itemIds: string[]) => void;
}) {
  const intl = useIntl();
  const remove = useBulkDelete();
  const count = itemIds.length;

  const confirm = async () => {
    const result = await remove.mutateAsync([...itemIds]);
    onDeleted(result.done);
    onClose();
    notifications.show({
      color: result.failed.length ? 'red' : 'teal',
      title: intl.formatMessage(inventoryMessages.bulkDeleted, { count: result.done.length }),
      message: result.failed.length
        ? intl.formatMessage(inventoryMessages.bulkDeleteFailed, {
            count: result.failed.length,
            reason: errorText(intl, result.failed[0]?.error),
          })
        : undefined,
    });
  };

  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      danger
      loading={remove.isPending}
      title={intl.formatMessage(inventoryMessages.bulkDeleteTitle, { count })}
      confirmLabel={intl.formatMessage(inventoryMessages.bulkDeleteConfirm, { count })}
      onConfirm={() => void confirm()}
    >
      <Stack gap="sm">
        <Text fz="sm">{intl.formatMessage(inventoryMessages.bulkDeleteBody, { count })}</Text>
        {remove.isPending && remove.progress.total > 0 && (
          <Stack gap={4}>
            <Progress
              value={(remove.progress.finished / remove.progress.total) * 100}
              aria-label={intl.formatMessage(inventoryMessages.bulkDeleteProgress, {
                finished: remove.progress.finished,
                total: remove.progress.total,
              })}
            />
            <Text fz="xs" c="dimmed">
              {intl.formatMessage(inventoryMessages.bulkDeleteProgress, {
                finished: remove.progress.finished,
                total: remove.progress.total,
              })}
            </Text>
          </Stack>
        )}
      </Stack>
    </ConfirmModal>
  );
}
