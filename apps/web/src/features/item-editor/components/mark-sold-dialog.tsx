import { IN_PERSON, MARKETPLACE_NAMES, type Item, type SaleChannel } from '@listloop/domain';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { MoneyInput } from '../../../components/ui/money-input';
import { NumberField } from '../../../components/ui/number-field';
import { commonMessages } from '../../../i18n/common.messages';
import { itemKeys } from '../../../lib/inventory/item.api';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import { listingKeys, markItemAsSold } from '../../../lib/listings/listing.api';
import {
  localDateInput,
  markSoldBody,
  markSoldErrors,
  markSoldMarketplaces,
  type MarkSoldForm,
} from '../item-sales';
import { itemSalesMessages as m } from '../item-sales.messages';

/**
 * Mark as sold: the seller records a sale ListLoop could not see, on one of the item's live
 * marketplaces or in person (or anywhere else), with its price, date and, when the item has
 * more than one, how many units. Recorded as a sale (PUT …/mark-item-as-sold), so the quantity
 * goes down and, once none is left, the item comes down from the other marketplaces.
 */
export function MarkSoldDialog({
  opened,
  onClose,
  onSold,
  userId,
  item,
  currency,
  initialWhere = null,
}: {
  opened: boolean;
  onClose: () => void;
  /** Told once the sale is recorded, before the dialog closes. The dialog is made anew each
   * time it opens (the caller renders it only while open). */
  onSold: () => void;
  userId: string;
  item: Item;
  /** The account's one currency, which the price is in. */
  currency: string;
  /** Where it sold, already chosen (a listing's own Mark sold). */
  initialWhere?: SaleChannel | null;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const unitsLeft = item.generalDetails.quantity;
  // When the dialog opened: "today" for the date field (it is made anew each time it opens).
  const [openedAt] = useState(() => Date.now());
  const [form, setForm] = useState<MarkSoldForm>(() => ({
    where: initialWhere,
    price: null,
    date: localDateInput(openedAt),
    quantity: 1,
  }));
  const [tried, setTried] = useState(false);
  const errors = markSoldErrors(form, unitsLeft, openedAt);
  const shown = tried ? errors : {};

  const sell = useMutation({
    mutationFn: (body: Parameters<typeof markItemAsSold>[2]) =>
      markItemAsSold(userId, item.itemID, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(itemKeys.detail(userId, item.itemID), updated);
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['sale-events'] });
      void queryClient.invalidateQueries({ queryKey: listingKeys.operations(userId, item.itemID) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.histories(userId, item.itemID) });
      onSold();
      notifications.show({ color: 'teal', message: intl.formatMessage(m.markSoldDone) });
      onClose();
    },
  });

  const submit = () => {
    setTried(true);
    if (form.where === null || Object.keys(errors).length > 0) return;
    sell.mutate(markSoldBody({ ...form, where: form.where }, currency, Date.now()));
  };

  const choices = [
    ...markSoldMarketplaces(item).map((id) => ({ value: id, label: MARKETPLACE_NAMES[id] })),
    { value: IN_PERSON, label: intl.formatMessage(m.markSoldInPerson) },
  ];

  return (
    <Modal
      opened={opened}
      onClose={sell.isPending ? () => undefined : onClose}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={<Text fw={650}>{intl.formatMessage(m.markSoldTitle)}</Text>}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(m.markSoldIntro)}
          </Text>
          <Select
            label={intl.formatMessage(m.markSoldWhere)}
            placeholder={intl.formatMessage(m.markSoldWherePlaceholder)}
            data={choices}
            value={form.where}
            onChange={(value) => setForm({ ...form, where: (value as SaleChannel | null) ?? null })}
            error={shown.where && intl.formatMessage(m.whereRequired)}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <MoneyInput
            label={intl.formatMessage(m.markSoldPrice)}
            description={intl.formatMessage(m.markSoldPriceHint)}
            value={form.price}
            onChange={(price) => setForm({ ...form, price })}
            currency={currency}
          />
          <TextInput
            type="date"
            label={intl.formatMessage(m.markSoldDate)}
            value={form.date}
            max={localDateInput(openedAt)}
            onChange={(event) => setForm({ ...form, date: event.currentTarget.value })}
            error={shown.date && intl.formatMessage(m.dateInvalid)}
            required
          />
          {unitsLeft > 1 && (
            <NumberField
              label={intl.formatMessage(m.markSoldQuantity)}
              description={intl.formatMessage(m.markSoldQuantityHint, { count: unitsLeft })}
              value={form.quantity}
              emptyValue={0}
              onChange={(quantity) => setForm({ ...form, quantity: quantity ?? 0 })}
              max={unitsLeft}
              error={shown.quantity && intl.formatMessage(m.quantityInvalid, { max: unitsLeft })}
              required
            />
          )}
          {sell.isError && (
            <Alert color="red" variant="light" role="alert" p="xs">
              <Text fz="sm">{listingErrorText(intl, sell.error)}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sell.isPending}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={sell.isPending}>
              {intl.formatMessage(m.markSold)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
