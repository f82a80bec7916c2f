import { describe, expect, it } from 'vitest';
import {
  compareLocations,
  groupIntoOrders,
  matchScan,
  mayConfirmByEye,
  normalizeSku,
  PickingListChangeSchema,
  PickingListFormDefaultsInputSchema,
  PickingListPrintSchema,
  PickingListViewInputSchema,
  sortLines,
  sortOrders,
  type PickingLineInput,
  type PickingOrder,
} from './picking-list';

let next = 0;
function line(overrides: Partial<PickingLineInput> = {}): PickingLineInput {
  next += 1;
  return {
    lineId: `line-${String(next).padStart(3, '0')}`,
    itemId: `item-${next}`,
    userId: 'owner',
    title: `Item ${next}`,
    sku: `SKU-${next}`,
    location: null,
    photo: null,
    quantity: 1,
    verifiedUnits: 0,
    verifiedAt: null,
    verifiedBy: null,
    verifiedVia: null,
    marketplace: 'ebay',
    externalOrderId: `order-${next}`,
    soldAt: '2025-03-01T10:00:00.000Z',
    shipBy: null,
    ...overrides,
  };
}

function order(overrides: Partial<PickingOrder> & { externalOrderId: string }): PickingOrder {
  return {
    marketplace: 'ebay',
    soldAt: '2025-03-01T10:00:00.000Z',
    shipBy: null,
    lines: [],
    verified: false,
    ...overrides,
  };
}

describe('grouping sold items into orders', () => {
  it('puts the lines of one order of one marketplace together, and no other', () => {
    const orders = groupIntoOrders([
      line({ externalOrderId: 'A-1', title: 'Scarf' }),
      line({ externalOrderId: 'A-1', title: 'Belt' }),
      // The same order number on another marketplace is another order.
      line({ externalOrderId: 'A-1', marketplace: 'etsy', title: 'Mug' }),
      line({ externalOrderId: 'B-2', title: 'Hat' }),
    ]);
    const byKey = new Map(orders.map((o) => [`${o.marketplace}/${o.externalOrderId}`, o]));
    expect([...byKey.keys()].sort()).toEqual(['ebay/A-1', 'ebay/B-2', 'etsy/A-1']);
    expect(byKey.get('ebay/A-1')!.lines.map((l) => l.title)).toEqual(['Belt', 'Scarf']);
    expect(byKey.get('etsy/A-1')!.lines.map((l) => l.title)).toEqual(['Mug']);
    // What belongs to the order is not repeated on its lines.
    expect(byKey.get('ebay/B-2')!.lines[0]).not.toHaveProperty('externalOrderId');
  });

  it('dates the order by its first sale and its earliest deadline', () => {
    const [only] = groupIntoOrders([
      line({
        externalOrderId: 'A',
        soldAt: '2025-03-02T09:00:00.000Z',
        shipBy: '2025-03-06T00:00:00.000Z',
      }),
      line({ externalOrderId: 'A', soldAt: '2025-03-01T09:00:00.000Z', shipBy: null }),
      line({
        externalOrderId: 'A',
        soldAt: '2025-03-03T09:00:00.000Z',
        shipBy: '2025-03-04T00:00:00.000Z',
      }),
    ]);
    expect(only!.soldAt).toBe('2025-03-01T09:00:00.000Z');
    expect(only!.shipBy).toBe('2025-03-04T00:00:00.000Z');
  });

  it('is verified only when every unit of every line is checked', () => {
    const [partly] = groupIntoOrders([
      line({ externalOrderId: 'A', quantity: 2, verifiedUnits: 1 }),
      line({ externalOrderId: 'A', verifiedUnits: 1 }),
    ]);
    expect(partly!.verified).toBe(false);
    const [done] = groupIntoOrders([
      line({ externalOrderId: 'B', quantity: 2, verifiedUnits: 2 }),
      line({ externalOrderId: 'B', verifiedUnits: 1 }),
    ]);
    expect(done!.verified).toBe(true);
  });
});

describe('sorting', () => {
  it('walks the shelves: locations in natural order, none last, then by title', () => {
    const sorted = sortLines([
      line({ location: 'A10', title: 'b' }),
      line({ location: null, title: 'a' }),
      line({ location: 'a2', title: 'z' }),
      line({ location: '  ', title: 'c' }),
      line({ location: 'A2', title: 'y' }),
      line({ location: 'B1', title: 'x' }),
    ]);
    expect(sorted.map((l) => `${l.location ?? '-'}:${l.title}`)).toEqual([
      'A2:y',
      'a2:z',
      'A10:b',
      'B1:x',
      '-:a',
      '  :c',
    ]);
    expect(compareLocations('Shelf 9', 'Shelf 10')).toBeLessThan(0);
  });

  const orders = [
    order({ externalOrderId: 'late', shipBy: '2025-03-09T00:00:00.000Z', soldAt: '2025-03-01' }),
    order({ externalOrderId: 'none', shipBy: null, soldAt: '2025-02-01' }),
    order({ externalOrderId: 'soon', shipBy: '2025-03-03T00:00:00.000Z', soldAt: '2025-03-02' }),
    order({
      externalOrderId: 'also-none',
      marketplace: 'depop',
      shipBy: null,
      soldAt: '2025-03-05',
    }),
  ];

  it('by deadline: the nearest first, orders without one last either way', () => {
    expect(
      sortOrders(orders, { by: 'ship_by', direction: 'asc' }).map((o) => o.externalOrderId),
    ).toEqual(['soon', 'late', 'none', 'also-none']);
    expect(
      sortOrders(orders, { by: 'ship_by', direction: 'desc' }).map((o) => o.externalOrderId),
    ).toEqual(['late', 'soon', 'none', 'also-none']);
  });

  it('by sale time, oldest first or newest first', () => {
    expect(
      sortOrders(orders, { by: 'sold_at', direction: 'asc' }).map((o) => o.externalOrderId),
    ).toEqual(['none', 'late', 'soon', 'also-none']);
    expect(
      sortOrders(orders, { by: 'sold_at', direction: 'desc' }).map((o) => o.externalOrderId),
    ).toEqual(['also-none', 'soon', 'late', 'none']);
  });

  it('by marketplace, with the deadline breaking ties', () => {
    expect(
      sortOrders(orders, { by: 'marketplace', direction: 'asc' }).map((o) => o.externalOrderId),
    ).toEqual(['also-none', 'soon', 'late', 'none']);
  });

  it('by the location of the first line that has one, orders without any last', () => {
    const withBins = [
      order({ externalOrderId: 'x', lines: [line({ location: null }), line({ location: 'C3' })] }),
      order({ externalOrderId: 'y', lines: [line({ location: 'A12' })] }),
      order({ externalOrderId: 'z', lines: [line({ location: null })] }),
      order({ externalOrderId: 'w', lines: [line({ location: 'A9' })] }),
    ];
    expect(
      sortOrders(withBins, { by: 'location', direction: 'asc' }).map((o) => o.externalOrderId),
    ).toEqual(['w', 'y', 'x', 'z']);
    expect(
      sortOrders(withBins, { by: 'location', direction: 'desc' }).map((o) => o.externalOrderId),
    ).toEqual(['x', 'y', 'w', 'z']);
  });
});

describe('verification rules', () => {
  it('compares SKUs without case or surrounding spaces', () => {
    expect(normalizeSku('  lt-01001 ')).toBe('LT-01001');
    expect(normalizeSku(null)).toBe('');
  });

  it('checks the first line of the SKU with a unit left, then says it is complete', () => {
    const first = line({ sku: 'TEE-1', quantity: 2, verifiedUnits: 1 });
    const second = line({ sku: 'tee-1' });
    const other = line({ sku: 'CAP-9' });
    expect(matchScan({ lines: [first, second, other] }, ' tee-1')).toEqual({
      kind: 'line',
      line: first,
    });
    const full = { ...first, verifiedUnits: 2 };
    expect(matchScan({ lines: [full, second, other] }, 'TEE-1')).toEqual({
      kind: 'line',
      line: second,
    });
    const both = { ...second, verifiedUnits: 1 };
    expect(matchScan({ lines: [full, both, other] }, 'TEE-1')).toEqual({
      kind: 'complete',
      line: full,
    });
    expect(matchScan({ lines: [first, other] }, 'HAT-3')).toEqual({ kind: 'none' });
    expect(matchScan({ lines: [line({ sku: null })] }, '   ')).toEqual({ kind: 'none' });
  });

  it('lets the photo confirm under via_photo, and under via_barcode only an item without SKU', () => {
    expect(mayConfirmByEye('via_photo', { sku: 'A-1' })).toBe(true);
    expect(mayConfirmByEye('via_photo', { sku: null })).toBe(true);
    expect(mayConfirmByEye('via_barcode', { sku: 'A-1' })).toBe(false);
    expect(mayConfirmByEye('via_barcode', { sku: null })).toBe(true);
    expect(mayConfirmByEye('via_barcode', { sku: '  ' })).toBe(true);
  });
});

describe('request shapes', () => {
  it('takes one packing step at a time and refuses anything else', () => {
    expect(
      PickingListChangeSchema.parse({
        action: 'scan',
        marketplace: 'ebay',
        externalOrderId: ' 12-345 ',
        sku: ' LT-1 ',
      }),
    ).toEqual({
      action: 'scan',
      marketplace: 'ebay',
      externalOrderId: '12-345',
      sku: 'LT-1',
      via: 'typed',
    });
    expect(PickingListChangeSchema.safeParse({ action: 'ship' }).success).toBe(false);
    expect(
      PickingListChangeSchema.safeParse({ action: 'confirm', lineId: 'x', extra: 1 }).success,
    ).toBe(false);
    expect(
      PickingListChangeSchema.safeParse({
        action: 'scan',
        marketplace: 'ebay',
        externalOrderId: 'A',
        sku: '',
      }).success,
    ).toBe(false);
  });

  it('takes each column once, at least one, with a known sort', () => {
    expect(
      PickingListViewInputSchema.safeParse({
        columns: ['sku', 'title'],
        sort: { by: 'location', direction: 'desc' },
      }).success,
    ).toBe(true);
    expect(
      PickingListViewInputSchema.safeParse({ columns: ['sku', 'sku'], sort: { by: 'ship_by' } })
        .success,
    ).toBe(false);
    expect(
      PickingListViewInputSchema.safeParse({ columns: [], sort: { by: 'ship_by' } }).success,
    ).toBe(false);
    expect(
      PickingListViewInputSchema.safeParse({ columns: ['title'], sort: { by: 'price' } }).success,
    ).toBe(false);
  });

  it('keeps the form defaults within their limits', () => {
    expect(PickingListFormDefaultsInputSchema.safeParse({ daysBack: 0 }).success).toBe(false);
    expect(PickingListFormDefaultsInputSchema.safeParse({ daysBack: 366 }).success).toBe(false);
    expect(PickingListFormDefaultsInputSchema.safeParse({ daysBack: 2.5 }).success).toBe(false);
    expect(PickingListFormDefaultsInputSchema.parse({ layout: 'compact' })).toEqual({
      layout: 'compact',
    });
  });

  it('prints with an empty body, and refuses an unknown time zone', () => {
    expect(PickingListPrintSchema.parse({})).toEqual({});
    expect(PickingListPrintSchema.safeParse({ timeZone: 'Europe/Rome' }).success).toBe(true);
    expect(PickingListPrintSchema.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(PickingListPrintSchema.safeParse({ locale: 'fr' }).success).toBe(false);
  });
});
