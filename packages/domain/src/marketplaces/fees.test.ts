import { describe, expect, it } from 'vitest';
import {
  defaultFeeSchedule,
  feeFor,
  feeRowsInForce,
  FeeScheduleSchema,
  profitFor,
  toCents,
  type FeeRowInput,
} from './fees';

const row = (r: Partial<FeeRowInput>): FeeRowInput => ({
  marketplace: 'mercari',
  effectiveFrom: '2024-01-01',
  component: 'selling',
  percentage: 0,
  fixedFeeCents: 0,
  base: 'sale_price',
  currency: 'USD',
  ...r,
});

/** Two dated rows: 12.9 % until 2025-01-01, then 10 % + $0.50. */
const TWO_ROWS = FeeScheduleSchema.parse([
  row({ effectiveFrom: '2024-01-01', percentage: 12.9 }),
  row({ effectiveFrom: '2025-01-01', percentage: 10, fixedFeeCents: 50 }),
]);

describe('toCents', () => {
  it.each([
    [0, 0],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [12.345, 1235],
    [-1.005, -101],
  ])('%s → %s', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });
});

describe('feeFor: the row in force on the date', () => {
  it.each([
    ['2023-12-31', null],
    ['2024-01-01', 1290], // 12.9 % of $100
    ['2024-12-31', 1290],
    ['2025-01-01', 1050], // 10 % of $100 + $0.50
    ['2026-06-01', 1050],
  ])('on %s the fee on $100 is %s cents', (date, cents) => {
    expect(feeFor('mercari', date, 100, 0, { schedule: TWO_ROWS })?.feeCents ?? null).toBe(cents);
  });

  it('takes a Date as its UTC day', () => {
    const fee = feeFor('mercari', new Date('2025-01-01T00:30:00Z'), 100, 0, { schedule: TWO_ROWS });
    expect(fee?.effectiveFrom).toBe('2025-01-01');
  });

  it('rounds half up to the cent, once per component', () => {
    // 12.9 % of $10.05 = 129.645 cents → 130
    expect(feeFor('mercari', '2024-06-01', 10.05, 0, { schedule: TWO_ROWS })?.feeCents).toBe(130);
    // 12.9 % of $10.01 = 129.129 cents → 129
    expect(feeFor('mercari', '2024-06-01', 10.01, 0, { schedule: TWO_ROWS })?.feeCents).toBe(129);
  });

  it('unknown currency or marketplace → null, never zero', () => {
    expect(
      feeFor('mercari', '2025-06-01', 100, 0, { schedule: TWO_ROWS, currency: 'GBP' }),
    ).toBeNull();
    expect(feeFor('shopify', '2025-06-01', 100)).toBeNull();
  });
});

describe('default schedule', () => {
  it.each([
    // eBay: 13.6 % of price + shipping, + $0.30 at or under $10, + $0.40 over
    ['ebay', '2025-01-01', 8, 2, 136 + 30],
    ['ebay', '2025-01-01', 8, 2.01, 136 + 40], // 13.6 % of 1001 = 136.136
    ['ebay', '2025-01-01', 100, 10, 1496 + 40],
    // Poshmark: $2.95 under $15, 20 % at $15
    ['poshmark', '2025-01-01', 14.99, 0, 295],
    ['poshmark', '2025-01-01', 15, 0, 300],
    // Mercari: 10 % from 2025-01
    ['mercari', '2025-01-01', 50, 5, 500],
    // Etsy: 6.5 % + 3 % of price + shipping, + $0.25 + $0.20
    ['etsy', '2025-01-01', 20, 5, 163 + 75 + 25 + 20],
    // Depop: 10 % + 3.3 % + $0.45 before mid-2024, processing only after
    ['depop', '2024-07-14', 20, 0, 200 + 66 + 45],
    ['depop', '2024-07-15', 20, 0, 66 + 45],
    ['vinted', '2025-01-01', 20, 0, 0],
    ['whatnot', '2025-01-01', 20, 0, 160 + 58 + 30],
  ] as const)('%s on %s: price %s + shipping %s → %s cents', (m, date, price, shipping, cents) => {
    expect(feeFor(m, date, price, shipping)?.feeCents).toBe(cents);
  });

  it('flags estimates from ◐ rows', () => {
    expect(feeFor('ebay', '2025-01-01', 20)?.uncertain).toBe(true);
    expect(feeFor('etsy', '2025-01-01', 20)?.uncertain).toBe(false);
  });

  it('Depop rows switch as a set', () => {
    expect(feeRowsInForce('depop', '2024-07-14').map((r) => r.component)).toEqual([
      'selling',
      'payment',
    ]);
    expect(feeRowsInForce('depop', '2024-07-15').map((r) => r.component)).toEqual(['payment']);
  });

  it('is valid', () => {
    expect(FeeScheduleSchema.parse(defaultFeeSchedule)).toHaveLength(defaultFeeSchedule.length);
  });
});

describe('profitFor', () => {
  it('price − fees − cost of goods, in cents', () => {
    expect(
      profitFor(
        {
          marketplace: 'mercari',
          date: '2025-02-01',
          salePrice: 19.99,
          shipping: 5,
          costOfGoods: 4.1,
        },
        { schedule: TWO_ROWS },
      ),
    ).toEqual({
      priceCents: 1999,
      feeCents: 250, // 10 % of 19.99 = 199.9 → 200, + 50
      costCents: 410,
      profitCents: 1339,
      profit: 13.39,
      uncertain: false,
    });
  });

  it('no cost of goods counts as zero', () => {
    expect(
      profitFor({ marketplace: 'vinted', date: '2025-01-01', salePrice: 10 }).profitCents,
    ).toBe(1000);
  });

  it('unknown fees give no profit figure', () => {
    const p = profitFor({
      marketplace: 'shopify',
      date: '2025-01-01',
      salePrice: 10,
      costOfGoods: 2,
    });
    expect(p.profitCents).toBeNull();
    expect(p.profit).toBeNull();
  });
});

describe('FeeScheduleSchema', () => {
  it.each([
    [row({ effectiveFrom: '2024-13-01' }), 'effectiveFrom must be an ISO date'],
    [row({ percentage: 10.005 }), 'percentage has at most two decimals'],
    [row({ fixedFeeCents: 0.5 }), 'fixedFeeCents'],
    [
      row({ baseFromCents: 1500, baseBelowCents: 1500 }),
      'baseFromCents must be below baseBelowCents',
    ],
  ])('refuses %j', (bad, message) => {
    const result = FeeScheduleSchema.safeParse([bad]);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(message);
  });
});
