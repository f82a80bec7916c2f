import {
  checkCompleteness,
  itemStatusFor,
  MAX_IMAGES_PER_ITEM,
  type Image,
  type Item,
  type MarketplaceId,
  type SaleEvent,
} from '@listloop/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCash, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ItemStatusBadge } from '../../../components/inventory/status-badges';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { commonMessages } from '../../../i18n/common.messages';
import { useCountry } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { errorText } from '../../../lib/error-text';
import { createItem, deleteItem, itemKeys } from '../../../lib/inventory/item.api';
import { labelKeys } from '../../../lib/inventory/label.api';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { useAccountCurrency } from '../../../lib/money/use-money';
import { variantOptionsQueryOptions } from '../../../lib/inventory/variant-options.api';
import { saleWhere } from '../../../lib/sales/sale-channel';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import { itemSalesQueryOptions } from '../api/item-editor.api';
import { useItemDraft } from '../hooks/use-item-draft';
import { useMarketplaceTabs } from '../hooks/use-marketplace-tabs';
import {
  PHOTO_MAX_MEGABYTES,
  usePhotoUploads,
  type PhotoRejection,
} from '../hooks/use-photo-uploads';
import { createInputFromDraft, draftFromItem, emptyDraft } from '../item-draft';
import { placeImage } from '../photo-order';
import { itemEditorMessages } from '../item-editor.messages';
import { salesSince, stockState, type StockState } from '../item-sales';
import { itemSalesMessages } from '../item-sales.messages';
import { CompletenessPanel } from './completeness-panel';
import { CrossListDialog } from './cross-list-dialog';
import {
  useItemEditorSlots,
  type DetailsHelperProps,
} from '../../../lib/inventory/item-editor-slots';
import { DetailsForm } from './details-form';
import { ItemSalesCard } from './item-sales-card';
import { LabelsField } from './labels-field';
import { ListingsPanel } from './listings-panel';
import { MarkSoldDialog } from './mark-sold-dialog';
import { MarketplaceListings } from './marketplace-listings';
import { PhotosSection } from './photos-section';
import { SaveStatus } from './save-status';
import { VariantsTable } from './variants-table';

const REJECTION_MESSAGES = {
  tooMany: itemEditorMessages.photoRejectedTooMany,
  type: itemEditorMessages.photoRejectedType,
  size: itemEditorMessages.photoRejectedSize,
  duplicate: itemEditorMessages.photoRejectedDuplicate,
} satisfies Record<PhotoRejection, unknown>;

const MARKETPLACE_LISTINGS_ID = 'marketplace-listings';

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The item form (spec §3 generalDetails, labels, variants) with its photos, the live
 * completeness of spec §5 and, for an existing item, autosave and its listings: live status,
 * a tab per marketplace with the listing as it would be sent, and cross-listing.
 */
export function ItemEditor({ item }: { item: Item | null }) {
  const intl = useIntl();
  const slots = useItemEditorSlots();
  const session = useSignedInSession();
  const userId = session.userId;
  const canWrite = useMayUse('itemEditor.write');
  const canReadSales = useMayUse('itemEditor.sales');
  const canMarkSold = useMayUse('itemEditor.markSold');
  const canDelete = useMayUse('itemEditor.delete');
  const canPublish = useMayUse('itemEditor.publish');
  const country = useCountry();
  const region = useRegionFormat();
  const accountCurrency = useAccountCurrency();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = item === null;

  const [initial] = useState(() => (item ? draftFromItem(item) : emptyDraft()));
  const { draft, current, update, updateWith, saveState, retrySave, dirty, hasUnsaved } =
    useItemDraft(initial, item ? { userId, item } : null);
  const issues = useMemo(() => checkCompleteness(draft), [draft]);
  const marketplaceOrder = useMarketplaceOrder();
  const allowed = useMemo(
    () => marketplaceOrder(session.allowedMarketplaces),
    [marketplaceOrder, session.allowedMarketplaces],
  );
  const marketplaceTabs = useMarketplaceTabs(item, allowed, marketplaceOrder);
  const [crossListing, setCrossListing] = useState(false);
  // Mark as sold open, with where it sold already chosen (a listing's own Mark sold) or not.
  const [markingSold, setMarkingSold] = useState<{ where: MarketplaceId | null } | null>(null);
  const sales = useQuery({
    ...itemSalesQueryOptions(item?.itemID ?? '', item?.dateLastModified ?? 0),
    enabled: item !== null && canReadSales,
  });
  const stock: StockState = item ? stockState(item, sales.data) : 'in_stock';
  const soldWhileOpen = useSoldWhileOpen(sales);
  const showMarketplace = useCallback(
    (marketplace: MarketplaceId) => {
      marketplaceTabs.show(marketplace);
      document
        .getElementById(MARKETPLACE_LISTINGS_ID)
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [marketplaceTabs],
  );

  const uploads = usePhotoUploads({
    onImageReady: (image, where) =>
      updateWith('generalDetails.images', (latest) =>
        placeImage(latest.generalDetails.images, image, where),
      ),
    room: () => MAX_IMAGES_PER_ITEM - current().generalDetails.images.length,
    onRejected: (reason, fileName) =>
      notifications.show({
        color: 'yellow',
        title: fileName,
        message: intl.formatMessage(REJECTION_MESSAGES[reason], {
          max: MAX_IMAGES_PER_ITEM,
          size: PHOTO_MAX_MEGABYTES,
        }),
      }),
  });

  const variantOptions = useQuery(variantOptionsQueryOptions);
  const variantsEnabled =
    (variantOptions.data?.enabled ?? session.account.config.features.isMultiVariantsEnabled) ||
    draft.variants.length > 0;

  const leaving = useRef(false);
  const create = useMutation({
    mutationFn: () => createItem(createInputFromDraft(current())),
    onSuccess: async (created) => {
      queryClient.setQueryData(itemKeys.detail(userId, created.itemID), created);
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
      leaving.current = true;
      notifications.show({
        color: 'teal',
        message: intl.formatMessage(itemEditorMessages.created),
      });
      await navigate({
        to: '/app/inventory/$itemId',
        params: { itemId: created.itemID },
        replace: true,
      });
    },
  });

  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteItem(userId, item?.itemID ?? ''),
    onSuccess: async () => {
      leaving.current = true;
      queryClient.removeQueries({ queryKey: itemKeys.detail(userId, item?.itemID ?? '') });
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
      notifications.show({
        color: 'teal',
        message: intl.formatMessage(itemEditorMessages.deleted),
      });
      await navigate({ to: '/app/inventory' });
    },
  });

  // A new item exists only in this tab until it is created: ask before throwing it away.
  const blocker = useBlocker({
    shouldBlockFn: () => isNew && dirty && !leaving.current,
    enableBeforeUnload: () => (isNew ? dirty && !leaving.current : hasUnsaved()),
    withResolver: true,
  });

  const onRotate = useCallback(
    (image: Image, position: number) => {
      uploads.rotate(image, `photo-${position + 1}`).catch(() =>
        notifications.show({
          color: 'red',
          message: intl.formatMessage(itemEditorMessages.rotateFailed),
        }),
      );
    },
    [uploads, intl],
  );

  // The only conflict an item save meets is a SKU another item of the inventory has.
  const skuTaken =
    (saveState.status === 'error' && isConflict(saveState.error)) ||
    (create.isError && isConflict(create.error));

  // What the helpers other features add (under the photos, beside the details) read and set.
  const helperProps: DetailsHelperProps = {
    itemId: item?.itemID ?? null,
    details: draft.generalDetails,
    setDetail: (field, value) => update(`generalDetails.${field}`, value as never),
    disabled: !canWrite,
  };

  const title = draft.generalDetails.title.trim();
  const heading =
    title || intl.formatMessage(isNew ? itemEditorMessages.newItem : itemEditorMessages.untitled);

  return (
    <Stack gap="md" pb={isNew ? 80 : 'md'}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Tooltip label={intl.formatMessage(itemEditorMessages.backToInventory)}>
            <ActionIcon
              component={Link}
              to="/app/inventory"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={intl.formatMessage(itemEditorMessages.backToInventory)}
            >
              <IconArrowLeft size={20} />
            </ActionIcon>
          </Tooltip>
          <Title order={1} fz={{ base: 20, sm: 24 }} lineClamp={1} style={{ minWidth: 0 }}>
            {heading}
          </Title>
          {stock === 'in_stock' ? (
            <ItemStatusBadge status={itemStatusFor(issues)} visibleFrom="xs" />
          ) : (
            <Badge
              variant="light"
              color={stock === 'sold' ? 'violet' : 'orange'}
              radius="sm"
              tt="none"
              fw={600}
              leftSection={<IconCash size={12} />}
              aria-live="polite"
            >
              {intl.formatMessage(
                stock === 'sold' ? itemSalesMessages.statusSold : itemSalesMessages.statusNoneLeft,
              )}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {!isNew && <SaveStatus state={saveState} onRetry={retrySave} />}
          {!isNew && canDelete && (
            <Tooltip label={intl.formatMessage(itemEditorMessages.deleteItem)}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => setConfirmingDelete(true)}
                aria-label={intl.formatMessage(itemEditorMessages.deleteItem)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>

      {item && soldWhileOpen.sale && (
        <Alert
          color="violet"
          variant="light"
          icon={<IconCash size={18} />}
          role="status"
          title={intl.formatMessage(itemSalesMessages.soldWhileOpen, {
            ...saleWhere(soldWhileOpen.sale.marketplace),
          })}
          withCloseButton
          closeButtonLabel={intl.formatMessage(commonMessages.dismiss)}
          onClose={soldWhileOpen.dismiss}
        >
          {item.generalDetails.quantity > 0
            ? intl.formatMessage(itemSalesMessages.soldWhileOpenLeft, {
                count: item.generalDetails.quantity,
              })
            : intl.formatMessage(itemSalesMessages.soldWhileOpenBody)}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Box
            component="fieldset"
            disabled={!canWrite}
            m={0}
            p={0}
            style={{ border: 0, minWidth: 0 }}
          >
            <Stack gap="md">
              <PhotosSection
                images={draft.generalDetails.images}
                onChange={(images) => update('generalDetails.images', images)}
                uploads={uploads}
                onRotate={onRotate}
                disabled={!canWrite}
              />
              {slots.photoStep?.(helperProps)}
              {canWrite && slots.detailsAssistant?.(helperProps)}
              <DetailsForm
                details={draft.generalDetails}
                update={update}
                region={region}
                skuError={skuTaken ? intl.formatMessage(itemEditorMessages.skuTaken) : null}
              />
              <LabelsField
                userId={userId}
                labels={draft.labels}
                onChange={(labels) => update('labels', labels)}
              />
              {variantsEnabled && (
                <VariantsTable
                  variants={draft.variants}
                  onChange={(variants) => update('variants', variants)}
                  options={variantOptions.data?.options}
                  colourLabel={region.colourLabel}
                />
              )}
            </Stack>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" pos={{ base: 'static', md: 'sticky' }} top={72}>
            <CompletenessPanel issues={issues} weightUnits={region.weightUnits} />
            {sales.data && <ItemSalesCard sales={sales.data} />}
            {item && (
              <ListingsPanel
                userId={userId}
                item={item}
                stock={stock}
                previewed={marketplaceTabs.tabs}
                onShow={showMarketplace}
                onCrossList={() => setCrossListing(true)}
                onMarkSold={canMarkSold ? () => setMarkingSold({ where: null }) : undefined}
                canPublish={canPublish}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      {item && (
        <div id={MARKETPLACE_LISTINGS_ID} style={{ scrollMarginTop: 72 }}>
          <MarketplaceListings
            userId={userId}
            item={item}
            country={country}
            tabs={marketplaceTabs}
            canWrite={canWrite}
            saving={saveState.status === 'pending' || saveState.status === 'saving'}
            onMarkSold={(marketplace) => setMarkingSold({ where: marketplace })}
          />
        </div>
      )}
      {item && markingSold && (
        <MarkSoldDialog
          opened
          onClose={() => setMarkingSold(null)}
          initialWhere={markingSold?.where ?? null}
          onSold={soldWhileOpen.recordedHere}
          userId={userId}
          item={item}
          currency={accountCurrency}
        />
      )}
      {item && (
        <CrossListDialog
          opened={crossListing}
          onClose={() => setCrossListing(false)}
          userId={userId}
          item={item}
          allowed={allowed}
          country={country}
          onFix={showMarketplace}
        />
      )}

      {isNew && canWrite && (
        <Box
          pos="sticky"
          bottom={0}
          py="sm"
          style={{
            zIndex: 5,
            background: 'var(--mantine-color-gray-light)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Group justify="space-between" gap="sm">
            <Text
              fz="sm"
              c={create.isError ? 'red' : 'dimmed'}
              role={create.isError ? 'alert' : undefined}
            >
              {create.isError
                ? isConflict(create.error)
                  ? intl.formatMessage(itemEditorMessages.skuTaken)
                  : errorText(intl, create.error)
                : uploads.busy
                  ? intl.formatMessage(itemEditorMessages.waitForPhotos)
                  : intl.formatMessage(itemEditorMessages.createHint)}
            </Text>
            <Group gap="xs">
              <Button component={Link} to="/app/inventory" variant="default">
                {intl.formatMessage(itemEditorMessages.discard)}
              </Button>
              <Button
                onClick={() => create.mutate()}
                loading={create.isPending}
                disabled={uploads.busy}
              >
                {intl.formatMessage(itemEditorMessages.createItem)}
              </Button>
            </Group>
          </Group>
        </Box>
      )}

      <ConfirmModal
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        danger
        loading={remove.isPending}
        title={intl.formatMessage(itemEditorMessages.deleteTitle)}
        confirmLabel={intl.formatMessage(itemEditorMessages.deleteConfirm)}
        onConfirm={() => remove.mutate()}
      >
        <Stack gap="xs">
          <Text fz="sm">
            {intl.formatMessage(itemEditorMessages.deleteBody, { title: heading })}
          </Text>
          {remove.isError && (
            <Text fz="sm" c="red" role="alert">
              {errorText(intl, remove.error)}
            </Text>
          )}
        </Stack>
      </ConfirmModal>

      <ConfirmModal
        opened={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        danger
        title={intl.formatMessage(itemEditorMessages.leaveTitle)}
        confirmLabel={intl.formatMessage(itemEditorMessages.leaveConfirm)}
        onConfirm={() => blocker.proceed?.()}
      >
        <Text fz="sm">{intl.formatMessage(itemEditorMessages.leaveBody)}</Text>
      </ConfirmModal>
    </Stack>
  );
}

/**
 * The sale that arrived while the page was open (a webhook, a poll, the extension, a teammate),
 * for the notice: the newest the page had not seen when it first read the item's sales. One
 * recorded from this page is its own (`recordedHere`): the answer read after it is taken note
 * of. The person dismisses the notice.
 */
function useSoldWhileOpen(sales: {
  data: readonly SaleEvent[] | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
}) {
  const [known, setKnown] = useState<ReadonlySet<string> | null>(null);
  const [ownSale, setOwnSale] = useState(false);
  // Only an answer of its own: a placeholder (the last answer) or one still being read again
  // may not hold the sale just recorded here yet.
  const settled = sales.data !== undefined && !sales.isPlaceholderData && !sales.isFetching;
  const { data } = sales;
  if (settled && data && (known === null || ownSale)) {
    // Taken note of as the answer arrives (React's way to adjust state to new data).
    setKnown(new Set(data.map((sale) => sale.eventId)));
    setOwnSale(false);
  }
  const [sale] = salesSince(ownSale ? null : known, data);
  return {
    sale: sale ?? null,
    dismiss: () => setKnown(new Set((data ?? []).map((s) => s.eventId))),
    recordedHere: () => setOwnSale(true),
  };
}
