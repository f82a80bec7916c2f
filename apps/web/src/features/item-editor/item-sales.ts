import {
  allowedEvents,
  isMarketplaceId,
  listingStateOf,
  type Item,
  type MarkItemAsSoldRequest,
  type MarketplaceId,
  type SaleChannel,
  type SaleEvent,
} from '@listloop/domain';

/**
 * Where the item stands as stock: units left; sold (none left, and a sale took the last one);
 * or none left with no sale on record (the seller set the quantity to 0).
 */
export type StockState = 'in_stock' | 'sold' | 'none_left';

export function stockState(
  item: Pick<Item, 'generalDetails' | 'listings'>,
  sales: readonly Pick<SaleEvent, 'kind'>[] | undefined,
): StockState {
  if (item.generalDetails.quantity > 0) return 'in_stock';
  const soldListing = Object.values(item.listings).some(
    (listing) => listingStateOf(listing).status === 'sold',
  );
  return soldListing || (sales ?? []).some((sale) => sale.kind === 'sale') ? 'sold' : 'none_left';
}

/**
 * The marketplaces a sale can be recorded on: those where the item's listing is live, so the
 * listing engine takes a sale there (its transition table allows `sold`).
 */
export function markSoldMarketplaces(item: Pick<Item, 'listings'>): MarketplaceId[] {
  return Object.entries(item.listings)
    .filter(
      ([id, listing]) =>
        isMarketplaceId(id) && allowedEvents(listingStateOf(listing)).includes('sold'),
    )
    .map(([id]) => id as MarketplaceId);
}

/** A day as the date field takes it (YYYY-MM-DD), in the person's own time zone. */
export function localDateInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * When a sale on the day picked happened, ISO: now for today; for an earlier day, noon of
 * that day in the person's time zone (the hour is not known, and noon stays on that day
 * wherever it is read). Null for a date that is not one, or in the future.
 */
export function soldAtFromDate(date: string, now: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const noon = new Date(year, month - 1, day, 12);
  if (noon.getFullYear() !== year || noon.getMonth() !== month - 1 || noon.getDate() !== day) {
    return null;
  }
  const today = localDateInput(now);
  if (date > today) return null;
  return date === today ? new Date(now).toISOString() : noon.toISOString();
}

/** What the Mark as sold dialog holds. */
export interface MarkSoldForm {
  where: SaleChannel | null;
  price: number | null;
  date: string;
  quantity: number;
}

export type MarkSoldError = 'whereRequired' | 'dateInvalid' | 'quantityInvalid';

/** What stops the dialog's sale being sent, by field; empty when nothing does. */
export function markSoldErrors(
  form: MarkSoldForm,
  unitsLeft: number,
  now: number,
): Partial<Record<'where' | 'date' | 'quantity', MarkSoldError>> {
  const errors: Partial<Record<'where' | 'date' | 'quantity', MarkSoldError>> = {};
  if (form.where === null) errors.where = 'whereRequired';
  if (soldAtFromDate(form.date, now) === null) errors.date = 'dateInvalid';
  if (!Number.isInteger(form.quantity) || form.quantity < 1 || form.quantity > unitsLeft) {
    errors.quantity = 'quantityInvalid';
  }
  return errors;
}

/** The body of PUT …/mark-item-as-sold for a valid form; the price in the edition's currency. */
export function markSoldBody(
  form: MarkSoldForm & { where: SaleChannel },
  currency: string,
  now: number,
): MarkItemAsSoldRequest {
  return {
    marketplace: form.where,
    quantity: form.quantity,
    ...(form.price === null ? {} : { salePrice: form.price, currency }),
    soldAt: soldAtFromDate(form.date, now) ?? new Date(now).toISOString(),
  };
}

/**
 * The sales that arrived since the page last took note of the item's sales (`known`: when it
 * first read them, and after each sale recorded from the page itself), newest first: what the
 * "sold while you had it open" notice tells of. Nothing before the first read.
 */
export function salesSince(
  known: ReadonlySet<string> | null,
  sales: readonly SaleEvent[] | undefined,
): SaleEvent[] {
  if (!known || !sales) return [];
  return sales.filter((sale) => !known.has(sale.eventId));
}
