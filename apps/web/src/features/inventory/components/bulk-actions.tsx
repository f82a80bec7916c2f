import {
  BULK_ACTION_ITEMS_MAX,
  ITEM_CONDITIONS,
  LABEL_MAX_LENGTH,
  LABELS_PER_ITEM_MAX,
  MARKETPLACE_NAMES,
  QUANTITY_MAX,
  type BulkAction,
  type BulkActionRun,
  type ItemCondition,
  type MarketplaceId,
} from '@listloop/domain';
import {
  ActionBar,
  ActionIcon,
  Alert,
  Box,
  Button,
  Chip,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Select,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconChevronUp,
  IconCopy,
  IconEdit,
  IconInfoCircle,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { MoneyInput } from '../../../components/ui/money-input';
import { NumberField } from '../../../components/ui/number-field';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import type { BulkItemChanges, ItemListFilters } from '../../../lib/inventory/item.api';
import { labelErrorText } from '../../../lib/inventory/label-error-text';
import {
  conditionMessages,
  itemFieldMessages,
  labelRuleMessages,
} from '../../../lib/inventory/item.messages';
import { labelsQueryOptions } from '../../../lib/inventory/label.api';
import { useSignedInSession } from '../../../lib/session';
import { bulkActionConfigQueryOptions } from '../api/bulk-actions.api';
import { selectionOf } from '../bulk-runs';
import { useStartBulkAction, type BulkActionRequest } from '../hooks/use-bulk-actions';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { inventoryMessages } from '../inventory.messages';

export type BulkEditKind = 'price' | 'quantity' | 'condition' | 'addLabels' | 'removeLabels';

/** The bulk actions that ask which marketplaces. */
type MarketplaceAction = Extract<
  BulkAction,
  'bulkList' | 'bulkDelist' | 'bulkDelistRelist' | 'bulkMarkAsNotListed'
>;

type Dialog =
  | { kind: 'edit'; edit: BulkEditKind }
  | { kind: 'marketplaces'; action: MarketplaceAction }
  | { kind: 'copy' }
  | { kind: 'delete' };

export interface BulkPermissions {
  write: boolean;
  delete: boolean;
  publish: boolean;
  delist: boolean;
}

interface BulkActionsProps {
  selectedIds: string[];
  loadedCount: number;
  /** Items the search and filters match, and whether there are more than the server counts. */
  /** How many items the filters match; null while a filtered view is still being counted. */
  total: number | null;
  totalCapped: boolean;
  /** The selection is every item the filters match, not only those picked. */
  allMatching: boolean;
  filters: ItemListFilters;
  permissions: BulkPermissions;
  onSelectAllLoaded: () => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** A run began on the server: the inventory follows it from here. */
  onStarted: (run: BulkActionRun) => void;
}

/** How far above the window's bottom edge the bar floats. */
const BAR_OFFSET = 20;

/**
 * The height of the floating bar while it is open (0 when closed): its layout height, which
 * its opening animation (a transform) does not change.
 */
function useBarHeight() {
  const [height, setHeight] = useState(0);
  const ref = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const observer = new ResizeObserver(() => setHeight(node.offsetHeight));
    observer.observe(node);
    return () => {
      observer.disconnect();
      setHeight(0);
    };
  }, []);
  return [ref, height] as const;
}

const MARKETPLACE_DIALOG: Record<
  MarketplaceAction,
  { title: keyof typeof inventoryMessages; hint: keyof typeof inventoryMessages }
> = {
  bulkList: { title: 'bulkListTitle', hint: 'bulkListHint' },
  bulkDelist: { title: 'bulkDelistTitle', hint: 'bulkDelistHint' },
  bulkDelistRelist: { title: 'bulkDelistRelistTitle', hint: 'bulkDelistRelistHint' },
  bulkMarkAsNotListed: { title: 'bulkMarkNotListedTitle', hint: 'bulkMarkNotListedHint' },
};

/**
 * The bar that rises when items are selected: the bulk actions of spec §5, each started as a
 * server job over the selection (the items picked, or every item the filters match). Its
 * progress shows above the list, and goes on when the page is left or reloaded.
 */
export function BulkActions({
  selectedIds,
  loadedCount,
  total,
  totalCapped,
  allMatching,
  filters,
  permissions,
  onSelectAllLoaded,
  onSelectAllMatching,
  onClear,
  onStarted,
}: BulkActionsProps) {
  const intl = useIntl();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const count = allMatching && total !== null ? total : selectedIds.length;
  // On a phone the bar keeps to icons, so it fits beside the count.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [barRef, barHeight] = useBarHeight();
  const start = useStartBulkAction((run) => {
    setDialog(null);
    onClear();
    onStarted(run);
  });
  const open = (next: Dialog) => {
    start.reset();
    setDialog(next);
  };
  const close = () => setDialog(null);
  const run = (request: Omit<BulkActionRequest, 'selection'>) =>
    start.mutate({
      ...request,
      selection: selectionOf({ allMatching, filters, itemIds: selectedIds }),
    });

  // Until a filtered view is counted, only the chosen items can be acted on.
  const overLimit = total !== null && (totalCapped || total > BULK_ACTION_ITEMS_MAX);
  const canSelectMatching =
    total !== null && !allMatching && total > selectedIds.length && !overLimit;
  const showLimit = !allMatching && overLimit && selectedIds.length === loadedCount;

  const editItems: { kind: BulkEditKind; label: string }[] = [
    { kind: 'price', label: intl.formatMessage(inventoryMessages.bulkSetPrice) },
    { kind: 'quantity', label: intl.formatMessage(inventoryMessages.bulkSetQuantity) },
    { kind: 'condition', label: intl.formatMessage(inventoryMessages.bulkSetCondition) },
    { kind: 'addLabels', label: intl.formatMessage(inventoryMessages.bulkAddLabels) },
    { kind: 'removeLabels', label: intl.formatMessage(inventoryMessages.bulkRemoveLabels) },
  ];
  const listingItems: { action: MarketplaceAction; allowed: boolean }[] = [
    { action: 'bulkList', allowed: permissions.publish },
    { action: 'bulkDelist', allowed: permissions.delist },
    { action: 'bulkDelistRelist', allowed: permissions.publish && permissions.delist },
    { action: 'bulkMarkAsNotListed', allowed: permissions.write },
  ];
  const anyListing = listingItems.some((entry) => entry.allowed);

  const menuButton = (label: string, icon: ReactNode) =>
    narrow ? (
      <ActionIcon size="lg" variant="light" aria-label={label}>
        {icon}
      </ActionIcon>
    ) : (
      <Button
        size="xs"
        variant="light"
        leftSection={icon}
        rightSection={<IconChevronUp size={12} />}
      >
        {label}
      </Button>
    );

  return (
    <>
      {/* Room at the foot of the page as tall as the bar, so the list ends above it and its
          last row can always be scrolled into view, on a phone as on a desktop. */}
      {count > 0 && barHeight > 0 && <Box aria-hidden h={barHeight} style={{ flexShrink: 0 }} />}
      <ActionBar
        ref={barRef}
        opened={count > 0}
        onClose={onClear}
        closeOnEscape={false}
        aria-label={intl.formatMessage(inventoryMessages.bulkBarLabel)}
        // Centred over the page: fixed to both sides, as wide as its content.
        position={{ bottom: BAR_OFFSET, left: 0, right: 0 }}
        style={{ width: 'fit-content', maxWidth: 'calc(100vw - 24px)', marginInline: 'auto' }}
        shadow="lg"
        radius="md"
      >
        <Text fz="sm" fw={600} px="xs" style={{ whiteSpace: 'nowrap' }} aria-live="polite">
          {allMatching
            ? intl.formatMessage(inventoryMessages.allMatchingSelected, { count })
            : intl.formatMessage(inventoryMessages.selectedCount, { count })}
        </Text>
        {canSelectMatching && (
          <Button size="xs" variant="subtle" onClick={onSelectAllMatching} visibleFrom="xs">
            {intl.formatMessage(inventoryMessages.selectAllMatching, { count: total })}
          </Button>
        )}
        {!canSelectMatching && !allMatching && count < loadedCount && (
          <Button size="xs" variant="subtle" onClick={onSelectAllLoaded} visibleFrom="xs">
            {intl.formatMessage(inventoryMessages.selectAllLoadedCount, { count: loadedCount })}
          </Button>
        )}
        {showLimit && (
          <Tooltip
            label={intl.formatMessage(inventoryMessages.bulkLimitHint, {
              max: intl.formatNumber(BULK_ACTION_ITEMS_MAX),
            })}
            multiline
            w={260}
            events={{ hover: true, focus: true, touch: true }}
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={intl.formatMessage(inventoryMessages.bulkLimitHint, {
                max: intl.formatNumber(BULK_ACTION_ITEMS_MAX),
              })}
            >
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <ActionBar.Divider />
        {permissions.write && (
          <Menu position="top" withinPortal>
            <Menu.Target>
              {menuButton(intl.formatMessage(inventoryMessages.bulkEdit), <IconEdit size={14} />)}
            </Menu.Target>
            <Menu.Dropdown>
              {editItems.map((entry) => (
                <Menu.Item
                  key={entry.kind}
                  onClick={() => open({ kind: 'edit', edit: entry.kind })}
                >
                  {entry.label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconCopy size={14} />}
                onClick={() => open({ kind: 'copy' })}
              >
                {intl.formatMessage(inventoryMessages.bulkCopy)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {anyListing && (
          <Menu position="top" withinPortal>
            <Menu.Target>
              {menuButton(
                intl.formatMessage(inventoryMessages.bulkListingsMenu),
                <IconBuildingStore size={14} />,
              )}
            </Menu.Target>
            <Menu.Dropdown>
              {listingItems
                .filter((entry) => entry.allowed)
                .map((entry) => (
                  <Menu.Item
                    key={entry.action}
                    onClick={() => open({ kind: 'marketplaces', action: entry.action })}
                  >
                    {`${intl.formatMessage(inventoryMessages[MARKETPLACE_DIALOG[entry.action].title])}…`}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {permissions.delete &&
          (narrow ? (
            <ActionIcon
              size="lg"
              variant="light"
              color="red"
              onClick={() => open({ kind: 'delete' })}
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
              onClick={() => open({ kind: 'delete' })}
            >
              {intl.formatMessage(inventoryMessages.bulkDelete)}
            </Button>
          ))}
        <ActionBar.CloseButton aria-label={intl.formatMessage(inventoryMessages.clearSelection)} />
      </ActionBar>

      <BulkEditModal
        kind={dialog?.kind === 'edit' ? dialog.edit : null}
        count={count}
        starting={start.isPending}
        error={start.error}
        onClose={close}
        onSubmit={run}
      />
      <MarketplaceActionModal
        action={dialog?.kind === 'marketplaces' ? dialog.action : null}
        count={count}
        starting={start.isPending}
        error={start.error}
        onClose={close}
        onSubmit={run}
      />
      <ConfirmModal
        opened={dialog?.kind === 'copy'}
        onClose={close}
        loading={start.isPending}
        title={intl.formatMessage(inventoryMessages.bulkCopyTitle, { count })}
        confirmLabel={intl.formatMessage(inventoryMessages.bulkCopyConfirm, { count })}
        onConfirm={() => run({ action: 'bulkCopyItems' })}
      >
        <Stack gap="sm">
          <Text fz="sm">{intl.formatMessage(inventoryMessages.bulkCopyBody)}</Text>
          <StartError error={start.error} />
        </Stack>
      </ConfirmModal>
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        danger
        loading={start.isPending}
        title={intl.formatMessage(inventoryMessages.bulkDeleteTitle, { count })}
        confirmLabel={intl.formatMessage(inventoryMessages.bulkDeleteConfirm, { count })}
        onConfirm={() => run({ action: 'bulkDelete' })}
      >
        <Stack gap="sm">
          <Text fz="sm">{intl.formatMessage(inventoryMessages.bulkDeleteBody, { count })}</Text>
          <StartError error={start.error} />
        </Stack>
      </ConfirmModal>
    </>
  );
}

function StartError({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error) return null;
  return (
    <Text c="red" fz="sm" role="alert">
      {labelErrorText(intl, error)}
    </Text>
  );
}

interface StartProps {
  count: number;
  starting: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (request: Omit<BulkActionRequest, 'selection'>) => void;
}

function BulkEditModal({ kind, ...props }: StartProps & { kind: BulkEditKind | null }) {
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
      onClose={props.onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={kind ? <Text fw={650}>{titles[kind]}</Text> : null}
    >
      {kind && <BulkEditForm key={kind} kind={kind} {...props} />}
    </Modal>
  );
}

function BulkEditForm({
  kind,
  count,
  starting,
  error,
  onClose,
  onSubmit,
}: StartProps & { kind: BulkEditKind }) {
  const intl = useIntl();
  const { userId } = useSignedInSession();
  const labels = useQuery(labelsQueryOptions(userId));
  const labelNames = labels.data?.map((label) => label.name) ?? [];
  const [quantity, setQuantity] = useState<number | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  const [condition, setCondition] = useState<ItemCondition | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [labelError, setLabelError] = useState<string | null>(null);

  const request = ((): Omit<BulkActionRequest, 'selection'> | null => {
    const edit = (changes: BulkItemChanges) => ({
      action: 'bulkEdit' as const,
      parameters: { changes },
    });
    switch (kind) {
      case 'price':
        return price === null ? null : edit({ price });
      case 'quantity':
        return quantity === null ? null : edit({ quantity });
      case 'condition':
        return condition ? edit({ condition }) : null;
      case 'addLabels':
        return names.length ? { action: 'bulkEditLabels', parameters: { addLabels: names } } : null;
      case 'removeLabels':
        return names.length
          ? { action: 'bulkEditLabels', parameters: { removeLabels: names } }
          : null;
    }
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request) onSubmit(request);
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
          {intl.formatMessage(inventoryMessages.bulkAppliesTo, { count })}
        </Text>
        {kind === 'price' && (
          <MoneyInput
            data-autofocus
            label={intl.formatMessage(itemFieldMessages.price)}
            value={price}
            onChange={setPrice}
          />
        )}
        {kind === 'quantity' && (
          <NumberField
            data-autofocus
            label={intl.formatMessage(itemFieldMessages.quantity)}
            max={QUANTITY_MAX}
            value={quantity}
            onChange={setQuantity}
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
        <StartError error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button type="submit" disabled={!request} loading={starting}>
            {intl.formatMessage(inventoryMessages.bulkApply, { count })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MarketplaceActionModal({
  action,
  ...props
}: StartProps & { action: MarketplaceAction | null }) {
  const intl = useIntl();
  return (
    <Modal
      opened={action !== null}
      onClose={props.onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={
        action ? (
          <Text fw={650}>
            {intl.formatMessage(inventoryMessages[MARKETPLACE_DIALOG[action].title])}
          </Text>
        ) : null
      }
    >
      {action && <MarketplaceActionForm key={action} action={action} {...props} />}
    </Modal>
  );
}

function MarketplaceActionForm({
  action,
  count,
  starting,
  error,
  onClose,
  onSubmit,
}: StartProps & { action: MarketplaceAction }) {
  const intl = useIntl();
  const config = useQuery(bulkActionConfigQueryOptions(action));
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const order = useMarketplaceOrder();
  const applicable = order(config.data?.marketplaces.applicable ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen.length === 0) return;
    onSubmit({ action, parameters: { marketplaces: chosen } });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(inventoryMessages[MARKETPLACE_DIALOG[action].hint])}
        </Text>
        {config.isPending ? (
          <Skeleton h={64} />
        ) : config.isError ? (
          <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />}>
            {errorText(intl, config.error)}
          </Alert>
        ) : applicable.length === 0 ? (
          <Text fz="sm">{intl.formatMessage(inventoryMessages.bulkMarketplacesNone)}</Text>
        ) : (
          <Stack gap={6} role="group" aria-labelledby="bulk-marketplaces-label">
            <Text fz="sm" fw={500} id="bulk-marketplaces-label">
              {intl.formatMessage(inventoryMessages.bulkMarketplacesLabel)}
            </Text>
            <Chip.Group multiple value={chosen} onChange={setChosen}>
              <Group gap={6}>
                {applicable.map((marketplace: MarketplaceId) => (
                  <Chip key={marketplace} value={marketplace} size="sm">
                    {MARKETPLACE_NAMES[marketplace]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {tried && chosen.length === 0 && (
              <Text fz="xs" c="red" role="alert">
                {intl.formatMessage(inventoryMessages.bulkMarketplacesRequired)}
              </Text>
            )}
          </Stack>
        )}
        <StartError error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button
            type="submit"
            color={config.data?.destructive ? 'red' : undefined}
            loading={starting}
            disabled={applicable.length === 0}
          >
            {intl.formatMessage(inventoryMessages.bulkStart, { count })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
