import { z } from 'zod';
import { PICKING_LIST_VERIFICATION_METHODS } from '../accounts/account.schema';
import { SKU_MAX_LENGTH } from '../items/item.schema';
import { LOCALES } from '../regions/regions';
import { isTimeZone } from '../regions/time-zone';
import { SaleChannelSchema, type SaleChannel } from '../sale-detection/sale-detection.api';

/**
 * The picking list (spec §3 config.features.pickingList, §7 /api/picking-list, decision 0047):
 * the sold items waiting to be packed, grouped by order, checked one by one while packing
 * (by scanning or typing the SKU, or by comparing the photo), then marked packed.
 */
export const PICKING_LIST_PATH = '/api/picking-list';
export const PICKING_LIST_SALES_PATH = `${PICKING_LIST_PATH}/inventory-sales`;
export const PICKING_LIST_PRINT_PATH = `${PICKING_LIST_SALES_PATH}/print`;
export const PICKING_LIST_HISTORY_PATH = `${PICKING_LIST_PATH}/history`;
export const PICKING_LIST_COLUMNS_PATH = `${PICKING_LIST_PATH}/columns`;
export const PICKING_LIST_FORM_DEFAULTS_PATH = `${PICKING_LIST_PATH}/form-defaults`;

export type PickingListVerificationMethod = (typeof PICKING_LIST_VERIFICATION_METHODS)[number];

/** The columns a line can show, on screen and on paper, in this order. */
export const PICKING_LIST_COLUMNS = [
  'photo',
  'title',
  'sku',
  'location',
  'quantity',
  'marketplace',
  'orderId',
  'shipBy',
  'soldAt',
] as const;
export type PickingListColumn = (typeof PICKING_LIST_COLUMNS)[number];
/** The order itself (marketplace, order number, deadline) heads each group whatever is chosen. */
export const DEFAULT_PICKING_LIST_COLUMNS: readonly PickingListColumn[] = [
  'photo',
  'title',
  'sku',
  'location',
  'quantity',
];

/**
 * How orders follow each other: by the buyer's shipping deadline (none given last), by when
 * they sold, by the storage location of their first line (a walk through the shelves), or by
 * marketplace. Lines within an order always follow their locations.
 */
export const PICKING_LIST_SORT_KEYS = ['ship_by', 'sold_at', 'location', 'marketplace'] as const;
export type PickingListSortKey = (typeof PICKING_LIST_SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const PickingListSortSchema = z
  .object({
    by: z.enum(PICKING_LIST_SORT_KEYS, {
      message: `Sort by one of ${PICKING_LIST_SORT_KEYS.join(', ')}`,
    }),
    direction: z.enum(SORT_DIRECTIONS, { message: 'Direction must be asc or desc' }).default('asc'),
  })
  .strict();
export type PickingListSort = z.infer<typeof PickingListSortSchema>;
export const DEFAULT_PICKING_LIST_SORT: PickingListSort = { by: 'ship_by', direction: 'asc' };

/** Spec §7 PUT /api/picking-list/columns: one person's columns (in the order shown) and sort. */
export const PickingListViewInputSchema = z
  .object({
    columns: z
      .array(
        z.enum(PICKING_LIST_COLUMNS, {
          message: `Columns must be among ${PICKING_LIST_COLUMNS.join(', ')}`,
        }),
      )
      .min(1, { message: 'Choose at least one column' })
      .max(PICKING_LIST_COLUMNS.length)
      .refine((columns) => new Set(columns).size === columns.length, {
        message: 'Each column may be chosen once',
      }),
    sort: PickingListSortSchema,
  })
  .strict();
export type PickingListViewInput = z.infer<typeof PickingListViewInputSchema>;

/** GET /api/picking-list/columns: the caller's view; `saved` is false for the defaults. */
export const PickingListViewSchema = z.object({
  columns: z.array(z.enum(PICKING_LIST_COLUMNS)),
  sort: PickingListSortSchema,
  saved: z.boolean(),
});
export type PickingListView = z.infer<typeof PickingListViewSchema>;

export const DEFAULT_PICKING_LIST_VIEW: PickingListView = {
  columns: [...DEFAULT_PICKING_LIST_COLUMNS],
  sort: DEFAULT_PICKING_LIST_SORT,
  saved: false,
};

/** A printed list: every order on a page of its own, or all of them on one compact sheet. */
export const PICKING_LIST_LAYOUTS = ['order_per_page', 'compact'] as const;
export type PickingListLayout = (typeof PICKING_LIST_LAYOUTS)[number];

/** How many days back the list reaches for sales, at most (a year). */
export const PICKING_LIST_DAYS_MAX = 365;

const FormDefaultsFields = {
  layout: z.enum(PICKING_LIST_LAYOUTS, { message: 'Layout must be order_per_page or compact' }),
  daysBack: z
    .number({ message: 'Days back must be a whole number of days' })
    .int({ message: 'Days back must be a whole number of days' })
    .min(1, { message: 'Days back must be at least 1' })
    .max(PICKING_LIST_DAYS_MAX, {
      message: `Days back must be at most ${PICKING_LIST_DAYS_MAX}`,
    }),
  includeInPerson: z.boolean({ message: 'Include in-person sales must be true or false' }),
};

/**
 * The account's form defaults (spec §7 /api/picking-list/form-defaults): the print form's
 * layout, how many days of sales the list takes, and whether sales recorded as made in person
 * are packed too (handed over at a stall, they usually are not).
 */
export const PickingListFormDefaultsSchema = z.object({
  ...FormDefaultsFields,
  /** When they were last saved; null: never, these are the product's defaults. */
  updatedAt: z.string().nullable(),
});
export type PickingListFormDefaults = z.infer<typeof PickingListFormDefaultsSchema>;

/** PUT: a partial save; a field left out keeps its value. */
export const PickingListFormDefaultsInputSchema = z
  .object({
    layout: FormDefaultsFields.layout.optional(),
    daysBack: FormDefaultsFields.daysBack.optional(),
    includeInPerson: FormDefaultsFields.includeInPerson.optional(),
  })
  .strict();
export type PickingListFormDefaultsInput = z.infer<typeof PickingListFormDefaultsInputSchema>;

export const DEFAULT_PICKING_LIST_FORM_DEFAULTS: PickingListFormDefaults = {
  layout: 'order_per_page',
  daysBack: 30,
  includeInPerson: false,
  updatedAt: null,
};

/** How a line was checked: a camera scan, the SKU typed, or the photo compared. */
export const PICKING_VERIFICATION_VIAS = ['scan', 'typed', 'photo'] as const;
export type PickingVerificationVia = (typeof PICKING_VERIFICATION_VIAS)[number];

const Id = z.string().trim().min(1).max(64);
const ExternalOrderId = z.string().trim().min(1, { message: 'Name the order' }).max(200);

export const PickingPersonSchema = z.object({
  /** Null once the member's sign-in was deleted; the name stays. */
  userId: z.string().nullable(),
  name: z.string(),
});

/** One sold item of an order (one sale event). */
export const PickingLineSchema = z.object({
  lineId: z.string(),
  itemId: z.string(),
  /** Whose inventory the item is in (its page is /app/inventory/{itemId}). */
  userId: z.string(),
  title: z.string(),
  /** Null for an item without a SKU: it prints without a barcode and is checked by eye. */
  sku: z.string().nullable(),
  /** The storage location (bin); null when the item has none. */
  location: z.string().nullable(),
  /** The cover photo's small (150 px) and large addresses; null without a photo. */
  photo: z.object({ small: z.string(), large: z.string() }).nullable(),
  quantity: z.number().int().min(1),
  /** Units checked so far; the line is checked when it reaches `quantity`. */
  verifiedUnits: z.number().int().min(0),
  verifiedAt: z.string().nullable(),
  verifiedBy: PickingPersonSchema.nullable(),
  verifiedVia: z.enum(PICKING_VERIFICATION_VIAS).nullable(),
});
export type PickingLine = z.infer<typeof PickingLineSchema>;

/** The sold items of one order on one marketplace. */
export const PickingOrderSchema = z.object({
  marketplace: SaleChannelSchema,
  externalOrderId: z.string(),
  /** When the first of its items sold. */
  soldAt: z.string(),
  /** The buyer's shipping deadline where the marketplace gives it (the earliest of its lines). */
  shipBy: z.string().nullable(),
  lines: z.array(PickingLineSchema),
  /** Every line checked: the order may be marked packed. */
  verified: z.boolean(),
});
export type PickingOrder = z.infer<typeof PickingOrderSchema>;

/** GET /api/picking-list/inventory-sales: what waits to be packed, in the caller's order. */
export const PickingListSchema = z.object({
  orders: z.array(PickingOrderSchema),
  verificationMethod: z.enum(PICKING_LIST_VERIFICATION_METHODS),
  view: PickingListViewSchema,
  /** The list reaches back to sales heard of since this time (the form defaults' daysBack). */
  since: z.string(),
  totals: z.object({
    orders: z.number().int(),
    lines: z.number().int(),
    units: z.number().int(),
  }),
});
export type PickingList = z.infer<typeof PickingListSchema>;

/** An order named by the marketplace and its order number there. */
export const PickingOrderRefSchema = z
  .object({ marketplace: SaleChannelSchema, externalOrderId: ExternalOrderId })
  .strict();
export type PickingOrderRef = z.infer<typeof PickingOrderRefSchema>;

/**
 * PUT /api/picking-list/inventory-sales: one step of packing.
 * - `scan`: a SKU read by the camera (`via: scan`) or typed, against one order: it checks one
 *   unit of the matching line; the answer says what the SKU is when it is not on that order.
 * - `confirm`: the packer compared the item with its photo (via_photo, or a line without SKU).
 * - `undo`: the line is not checked after all.
 * - `pack`: every line is checked; the order leaves the list into the history.
 */
export const PickingListChangeSchema = z.discriminatedUnion(
  'action',
  [
    z
      .object({
        action: z.literal('scan'),
        marketplace: SaleChannelSchema,
        externalOrderId: ExternalOrderId,
        sku: z
          .string({ message: 'Scan or type a SKU' })
          .trim()
          .min(1, { message: 'Scan or type a SKU' })
          .max(SKU_MAX_LENGTH, { message: `A SKU has at most ${SKU_MAX_LENGTH} characters` }),
        via: z.enum(['scan', 'typed']).default('typed'),
      })
      .strict(),
    z.object({ action: z.literal('confirm'), lineId: Id }).strict(),
    z.object({ action: z.literal('undo'), lineId: Id }).strict(),
    z
      .object({
        action: z.literal('pack'),
        marketplace: SaleChannelSchema,
        externalOrderId: ExternalOrderId,
      })
      .strict(),
  ],
  { message: 'action must be scan, confirm, undo or pack' },
);
export type PickingListChange = z.infer<typeof PickingListChangeSchema>;

/**
 * What a scanned SKU turned out to be:
 * - `verified`: a unit of a line of this order, now checked;
 * - `already_verified`: it is on this order, and every unit of it is checked already;
 * - `on_another_order`: an item waiting on another order of the list (`order` names it);
 * - `not_on_list`: an item of the inventory that is on no order waiting to be packed;
 * - `unknown`: no item of the account has this SKU.
 */
export const SCAN_OUTCOMES = [
  'verified',
  'already_verified',
  'on_another_order',
  'not_on_list',
  'unknown',
] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

export const ScanResultSchema = z.object({
  sku: z.string(),
  outcome: z.enum(SCAN_OUTCOMES),
  /** The line checked (verified), or the line that SKU is (already_verified). */
  lineId: z.string().nullable(),
  /** Which item the SKU is, when one has it. */
  item: z.object({ itemId: z.string(), title: z.string() }).nullable(),
  /** The other order the item waits on (on_another_order). */
  order: z.object({ marketplace: SaleChannelSchema, externalOrderId: z.string() }).nullable(),
});
export type ScanResult = z.infer<typeof ScanResultSchema>;

export const PICKING_HISTORY_ACTIONS = ['packed', 'removed'] as const;
export type PickingHistoryAction = (typeof PICKING_HISTORY_ACTIONS)[number];

/** An order that left the list: packed, or removed without packing; who did it and when. */
export const PickingHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(PICKING_HISTORY_ACTIONS),
  marketplace: SaleChannelSchema,
  externalOrderId: z.string(),
  by: PickingPersonSchema,
  at: z.string(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      itemId: z.string(),
      title: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
    }),
  ),
});
export type PickingHistoryEntry = z.infer<typeof PickingHistoryEntrySchema>;

/** The answer of a PUT: the order as it is now (null once packed), and what the step did. */
export const PickingListChangeResultSchema = z.object({
  order: PickingOrderSchema.nullable(),
  scan: ScanResultSchema.nullable(),
  packed: PickingHistoryEntrySchema.nullable(),
});
export type PickingListChangeResult = z.infer<typeof PickingListChangeResultSchema>;

export const PICKING_LIST_REMOVE_MAX = 500;

/** DELETE /api/picking-list/inventory-sales: lines that will not be packed (order cancelled…). */
export const PickingListRemoveSchema = z
  .object({
    lineIds: z
      .array(Id)
      .min(1, { message: 'Name at least one line' })
      .max(PICKING_LIST_REMOVE_MAX, {
        message: `At most ${PICKING_LIST_REMOVE_MAX} lines at a time`,
      }),
  })
  .strict();
export type PickingListRemove = z.infer<typeof PickingListRemoveSchema>;

export const PickingListRemoveResultSchema = z.object({
  removed: z.number().int(),
  entries: z.array(PickingHistoryEntrySchema),
});

export const PICKING_HISTORY_PAGE_MAX = 100;

export const PickingHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PICKING_HISTORY_PAGE_MAX).default(25),
  cursor: z.string().trim().min(1).max(200).optional(),
});

export const PickingHistorySchema = z.object({
  entries: z.array(PickingHistoryEntrySchema),
  nextCursor: z.string().nullable(),
});
export type PickingHistory = z.infer<typeof PickingHistorySchema>;

/**
 * POST …/inventory-sales/print: an empty body prints every order on the list with the
 * caller's columns and the account's layout. `locale` and `timeZone` word the dates as the
 * screen does (the server's defaults otherwise: en-US, UTC).
 */
export const PickingListPrintSchema = z
  .object({
    layout: z
      .enum(PICKING_LIST_LAYOUTS, { message: 'Layout must be order_per_page or compact' })
      .optional(),
    columns: PickingListViewInputSchema.shape.columns.optional(),
    orders: z.array(PickingOrderRefSchema).min(1).max(PICKING_LIST_REMOVE_MAX).optional(),
    locale: z.enum(LOCALES, { message: `Locale must be one of ${LOCALES.join(', ')}` }).optional(),
    timeZone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(isTimeZone, { message: 'timeZone must be an IANA time zone such as Europe/Rome' })
      .optional(),
  })
  .strict();
export type PickingListPrint = z.infer<typeof PickingListPrintSchema>;

// The rules, shared by the server (which answers with them) and the web (which tests them).

/** The key one order is known by: its marketplace and its order number there. */
export function orderKey(order: { marketplace: SaleChannel; externalOrderId: string }): string {
  return `${order.marketplace}\u0000${order.externalOrderId}`;
}

/** SKUs compare without surrounding spaces and case: a scanner and a keyboard agree. */
export function normalizeSku(sku: string | null | undefined): string {
  return (sku ?? '').trim().toUpperCase();
}

const binCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Storage locations in shelf order ("A2" before "A10"); a line without one comes last. */
export function compareLocations(a: string | null, b: string | null): number {
  const left = (a ?? '').trim();
  const right = (b ?? '').trim();
  if (!left || !right) return left ? -1 : right ? 1 : 0;
  return binCollator.compare(left, right);
}

/** A line's units all checked. */
export function isLineVerified(line: Pick<PickingLine, 'quantity' | 'verifiedUnits'>): boolean {
  return line.verifiedUnits >= line.quantity;
}

/** Lines in the order a packer walks to them: by location, then title. */
export function sortLines<T extends Pick<PickingLine, 'location' | 'title' | 'lineId'>>(
  lines: readonly T[],
): T[] {
  return [...lines].sort(
    (a, b) =>
      compareLocations(a.location, b.location) ||
      binCollator.compare(a.title, b.title) ||
      a.lineId.localeCompare(b.lineId),
  );
}

/** The sold items of the list, a line each, as grouping takes them. */
export interface PickingLineInput extends PickingLine {
  marketplace: SaleChannel;
  externalOrderId: string;
  soldAt: string;
  shipBy: string | null;
}

/** Lines grouped into their orders, each order's lines sorted; orders in no particular order. */
export function groupIntoOrders(lines: readonly PickingLineInput[]): PickingOrder[] {
  const orders = new Map<string, { order: PickingOrder; lines: PickingLine[] }>();
  for (const input of lines) {
    const { marketplace, externalOrderId, soldAt, shipBy, ...line } = input;
    const key = orderKey(input);
    let entry = orders.get(key);
    if (!entry) {
      entry = {
        order: { marketplace, externalOrderId, soldAt, shipBy, lines: [], verified: false },
        lines: [],
      };
      orders.set(key, entry);
    }
    entry.lines.push(line);
    if (soldAt < entry.order.soldAt) entry.order.soldAt = soldAt;
    if (shipBy && (!entry.order.shipBy || shipBy < entry.order.shipBy)) entry.order.shipBy = shipBy;
  }
  return [...orders.values()].map(({ order, lines: its }) => {
    const sorted = sortLines(its);
    return { ...order, lines: sorted, verified: sorted.every(isLineVerified) };
  });
}

/**
 * Orders in the chosen order. Ties, and orders without the value sorted on (no deadline, no
 * location), fall back to the deadline, then the sale time, then the order number; the
 * orders without the value come last whichever the direction.
 */
export function sortOrders(orders: readonly PickingOrder[], sort: PickingListSort): PickingOrder[] {
  const sign = sort.direction === 'desc' ? -1 : 1;
  /** `compare` in the chosen direction; a missing value last whichever the direction. */
  const missingLast = (
    a: string | null,
    b: string | null,
    compare: (left: string, right: string) => number,
    direction: number,
  ): number => {
    if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
    return direction * compare(a, b);
  };
  const text = (left: string, right: string) => left.localeCompare(right);
  const firstLocation = (order: PickingOrder) =>
    order.lines.find((line) => (line.location ?? '').trim() !== '')?.location ?? null;
  const primary: Record<PickingListSortKey, (a: PickingOrder, b: PickingOrder) => number> = {
    ship_by: (a, b) => missingLast(a.shipBy, b.shipBy, text, sign),
    sold_at: (a, b) => sign * text(a.soldAt, b.soldAt),
    location: (a, b) => missingLast(firstLocation(a), firstLocation(b), compareLocations, sign),
    marketplace: (a, b) => sign * text(a.marketplace, b.marketplace),
  };
  // Ties: the nearest deadline, then the oldest sale, then the order number.
  const fallback = (a: PickingOrder, b: PickingOrder) =>
    missingLast(a.shipBy, b.shipBy, text, 1) ||
    text(a.soldAt, b.soldAt) ||
    text(a.externalOrderId, b.externalOrderId);
  return [...orders].sort((a, b) => primary[sort.by](a, b) || fallback(a, b));
}

/** Where a scanned SKU lands on an order: the line to check, or why none. */
export type ScanMatch =
  { kind: 'line'; line: PickingLine } | { kind: 'complete'; line: PickingLine } | { kind: 'none' };

/**
 * The line of `order` a scan of `sku` checks one unit of: the first, in packing order, with
 * that SKU and a unit left to check; `complete` when every unit with that SKU is checked.
 */
export function matchScan(order: Pick<PickingOrder, 'lines'>, sku: string): ScanMatch {
  const wanted = normalizeSku(sku);
  if (!wanted) return { kind: 'none' };
  const matching = order.lines.filter((line) => normalizeSku(line.sku) === wanted);
  if (matching.length === 0) return { kind: 'none' };
  const open = matching.find((line) => !isLineVerified(line));
  return open ? { kind: 'line', line: open } : { kind: 'complete', line: matching[0]! };
}

/**
 * Whether a line may be checked by comparing its photo: always under via_photo; under
 * via_barcode only a line without a SKU (there is nothing to scan).
 */
export function mayConfirmByEye(
  method: PickingListVerificationMethod,
  line: Pick<PickingLine, 'sku'>,
): boolean {
  return method === 'via_photo' || normalizeSku(line.sku) === '';
}
