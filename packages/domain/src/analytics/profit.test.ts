import { describe, expect, it } from 'vitest';
import { FeeScheduleSchema, type FeeRowInput } from '../marketplaces/fees';
import type { SaleChannel } from '../sale-detection/sale-detection.api';
import { bucketStart } from '../reports/calendar';
import { bucketStarts } from './analytics-period';
import { classFee, profitFigures, sellThroughRate, type SaleClass } from './profit';

const DAY = 24 * 60 * 60 * 1000;

const row = (r: Partial<FeeRowInput>): FeeRowInput => ({
  marketplace: 'mercari',
  effectiveFrom: '2025-01-01',
  component: 'selling',
  percentage: 0,
  fixedFeeCents: 0,
  base: 'sale_price',
  currency: 'USD',
  ...r,
});

/** Mercari's fee changes in the middle of March: 12.9 %, then from the 15th 10 % + $0.50. */
const SCHEDULE = FeeScheduleSchema.parse([
  row({ effectiveFrom: '2025-01-01', percentage: 12.9 }),
  row({ effectiveFrom: '2025-03-15', percentage: 10, fixedFeeCents: 50 }),
]);

/** One sale as a class of one: its day is its bucket's (weekly) and its fee date. */
function sale(input: {
  channel: SaleChannel;
  soldOn: string;
  price: number | null;
  cost: number | null;
  units?: number;
  fee?: number;
  currency?: string;
  daysToSell?: number;
  kind?: SaleClass['kind'];
}): SaleClass {
  const units = input.units ?? 1;
  const priceCents = input.price === null ? null : Math.round(input.price * 100);
  return {
    bucket: bucketStart(input.soldOn, 'week'),
    channel: input.channel,
    kind: input.kind ?? 'sale',
    currency: input.currency ?? 'USD',
    sales: 1,
    units,
    hasPrice: priceCents !== null,
    revenueCents: priceCents ?? 0,
    reportedFeeCents: input.fee === undefined ? null : Math.round(input.fee * 100),
    feeDate: input.soldOn,
    feePriceCents: input.fee === undefined ? priceCents : null,
    hasCost: input.cost !== null,
    costCents: input.cost === null ? 0 : Math.round(input.cost * 100) * units,
    msToSell: (input.daysToSell ?? 0) * DAY,
  };
}

/**
 * March 2025, an account in USD. Worked by hand:
 * A mercari 10 Mar  $40, cost $10: fee 12.9 % of 4000 = 516 → profit 4000 − 516 − 1000 = 2484
 * B mercari 20 Mar  $40, cost $10: fee 10 % of 4000 + 50 = 450 → profit 2550
 * C shopify 12 Mar $100, cost $30: no schedule → fee unknown, left out
 * D ebay     5 Mar  $50, 2 units at $10, fee reported $5 → profit 5000 − 500 − 2000 = 2500
 * E in person 1 Mar $25, no cost: no fee, cost unknown → left out
 * F mercari 22 Mar no price, cost $5 → left out (no price), its fee unknown
 * G ebay    18 Mar  CA$60 → another currency, apart
 * H mercari 25 Mar  $40, a double sale → apart
 */
const MARCH: SaleClass[] = [
  sale({ channel: 'mercari', soldOn: '2025-03-10', price: 40, cost: 10, daysToSell: 10 }),
  sale({ channel: 'mercari', soldOn: '2025-03-20', price: 40, cost: 10, daysToSell: 20 }),
  sale({ channel: 'shopify', soldOn: '2025-03-12', price: 100, cost: 30, daysToSell: 5 }),
  sale({ channel: 'ebay', soldOn: '2025-03-05', price: 50, cost: 10, units: 2, fee: 5 }),
  sale({ channel: 'in_person', soldOn: '2025-03-01', price: 25, cost: null, daysToSell: 1 }),
  sale({ channel: 'mercari', soldOn: '2025-03-22', price: null, cost: 5 }),
  sale({
    channel: 'ebay',
    soldOn: '2025-03-18',
    price: 60,
    cost: 20,
    currency: 'CAD',
    daysToSell: 6,
  }),
  sale({ channel: 'mercari', soldOn: '2025-03-25', price: 40, cost: 10, kind: 'double_sale' }),
];
const WEEKS = bucketStarts('2025-03-01', '2025-03-31', 'week');
const LISTED = { total: 12, byChannel: { mercari: 3 } };

describe('profit over a period with a fee change in its middle and an unknown fee', () => {
  const figures = profitFigures(MARCH, WEEKS, LISTED, { currency: 'USD', schedule: SCHEDULE });

  it('adds up the amounts of the sales in the account’s currency', () => {
    expect(figures.total.money).toEqual({
      sales: 6,
      units: 7,
      revenue: 255, // 40 + 40 + 100 + 50 + 25
      salesWithoutPrice: 1,
      fees: 14.66, // 5.16 + 4.50 + 5.00 + 0
      feeCounts: { reported: 1, schedule: 2, estimated: 0, none: 1, unknown: 2 },
      costOfGoods: 75, // 10 + 10 + 30 + 20 + 5
      salesWithoutCost: 1,
      profit: 75.34, // 24.84 + 25.50 + 25.00
      profitSales: 3,
      profitRevenue: 130,
      margin: 7534 / 13000,
      leftOut: { noPrice: 1, unknownFee: 1, unknownCost: 1 },
    });
  });

  it('counts every sale, keeps other currencies and double sales apart', () => {
    expect(figures.total.sales).toBe(7);
    expect(figures.total.units).toBe(8);
    expect(figures.total.doubleSales).toBe(1);
    expect(figures.total.otherCurrencies).toEqual([{ currency: 'CAD', sales: 1, revenue: 60 }]);
    // (10 + 20 + 5 + 0 + 1 + 0 + 6) days over 7 sales.
    expect(figures.total.averageDaysToSell).toBeCloseTo(6, 10);
    // 8 sold, 12 still listed.
    expect(figures.total.sellThrough).toEqual({ soldUnits: 8, listedUnits: 12, rate: 0.4 });
  });

  it('gives each channel its own figures, biggest revenue first', () => {
    expect(figures.channels.map((c) => c.channel)).toEqual([
      'shopify',
      'mercari',
      'ebay',
      'in_person',
    ]);
    const mercari = figures.channels.find((c) => c.channel === 'mercari')!;
    expect(mercari.money).toMatchObject({
      sales: 3,
      revenue: 80,
      fees: 9.66,
      profit: 50.34,
      profitSales: 2,
      leftOut: { noPrice: 1, unknownFee: 0, unknownCost: 0 },
    });
    expect(mercari.doubleSales).toBe(1);
    expect(mercari.sellThrough).toEqual({ soldUnits: 3, listedUnits: 3, rate: 0.5 });
    const shopify = figures.channels.find((c) => c.channel === 'shopify')!;
    expect(shopify.money.profit).toBeNull();
    expect(shopify.money.margin).toBeNull();
    expect(shopify.money.feeCounts.unknown).toBe(1);
    // The CAD sale is eBay's, but none of eBay's amounts.
    const ebay = figures.channels.find((c) => c.channel === 'ebay')!;
    expect(ebay.sales).toBe(2);
    expect(ebay.money.revenue).toBe(50);
    expect(ebay.otherCurrencies).toEqual([{ currency: 'CAD', sales: 1, revenue: 60 }]);
  });

  it('has a point for every week, the empty ones too', () => {
    expect(figures.series.map((p) => p.start)).toEqual([
      '2025-02-24',
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
    ]);
    expect(figures.series[2]).toEqual({
      start: '2025-03-10',
      sales: 2,
      revenue: 140,
      fees: 5.16,
      costOfGoods: 40,
      profit: 24.84,
      profitSales: 1,
      salesLeftOut: 1,
    });
    // B, F and the CAD sale: B's fee is already the new one.
    expect(figures.series[3]).toMatchObject({ sales: 3, fees: 4.5, profit: 25.5 });
    expect(figures.series[5]).toMatchObject({ sales: 0, revenue: 0, profit: null });
  });
});

describe('a sale’s fee', () => {
  const base = {
    currency: 'USD',
    sales: 1,
    hasPrice: true,
    reportedFeeCents: null,
    feeDate: '2025-06-01',
    feePriceCents: 10_000,
  };

  it('is the schedule’s on the day it sold, times the sales of a class', () => {
    expect(classFee({ ...base, channel: 'mercari', feeDate: '2025-03-14' }, SCHEDULE)).toEqual({
      source: 'schedule',
      cents: 1290,
    });
    expect(classFee({ ...base, channel: 'mercari', sales: 3 }, SCHEDULE)).toEqual({
      source: 'schedule',
      cents: 3 * 1050,
    });
  });

  it('is an estimate from rows marked uncertain or charged on the shipping the sale lacks', () => {
    // eBay's default rows: 13.6 % ◐ of price + shipping, and $0.40 over $10.
    expect(classFee({ ...base, channel: 'ebay' })).toEqual({
      source: 'estimated',
      cents: 1360 + 40,
    });
  });

  it('is unknown, never zero, with no schedule, before it, in another currency or no price', () => {
    for (const sale of [
      { ...base, channel: 'shopify' as const },
      { ...base, channel: 'mercari' as const, feeDate: '2024-12-31' },
      { ...base, channel: 'mercari' as const, currency: 'EUR' },
      { ...base, channel: 'mercari' as const, hasPrice: false, feePriceCents: null },
      { ...base, channel: 'mercari' as const, feeDate: null },
    ]) {
      expect(classFee(sale, SCHEDULE)).toEqual({ source: 'unknown', cents: null });
    }
  });

  it('is the reported one whatever the schedule, and none in person', () => {
    expect(classFee({ ...base, channel: 'mercari', reportedFeeCents: 777 }, SCHEDULE)).toEqual({
      source: 'reported',
      cents: 777,
    });
    expect(classFee({ ...base, channel: 'in_person' }, SCHEDULE)).toEqual({
      source: 'none',
      cents: 0,
    });
  });
});

describe('classes', () => {
  it('give the same figures as their sales one by one', () => {
    const one = sale({ channel: 'mercari', soldOn: '2025-03-20', price: 19.99, cost: 4 });
    const three: SaleClass = {
      ...one,
      sales: 3,
      units: 3,
      revenueCents: 3 * 1999,
      costCents: 3 * 400,
    };
    const alone = profitFigures(
      [one, one, one],
      WEEKS,
      { total: 0, byChannel: {} },
      {
        currency: 'USD',
        schedule: SCHEDULE,
      },
    );
    const grouped = profitFigures(
      [three],
      WEEKS,
      { total: 0, byChannel: {} },
      {
        currency: 'USD',
        schedule: SCHEDULE,
      },
    );
    expect(grouped).toEqual(alone);
    // 10 % of 1999 = 199.9 → 200, + 50: 250 a sale.
    expect(grouped.total.money.fees).toBe(7.5);
  });

  it('in an account in euros, leave dollar sales apart and add nothing up', () => {
    const figures = profitFigures(
      [sale({ channel: 'mercari', soldOn: '2025-03-20', price: 40, cost: 10 })],
      WEEKS,
      { total: 0, byChannel: {} },
      { currency: 'EUR', schedule: SCHEDULE },
    );
    expect(figures.total.sales).toBe(1);
    expect(figures.total.money).toMatchObject({ sales: 0, revenue: 0, profit: null, margin: null });
    expect(figures.total.otherCurrencies).toEqual([{ currency: 'USD', sales: 1, revenue: 40 }]);
  });

  it('list a channel with units listed and no sale, and nothing sold as no rate', () => {
    const figures = profitFigures(
      [],
      WEEKS,
      { total: 4, byChannel: { depop: 4 } },
      {
        currency: 'USD',
      },
    );
    expect(figures.channels.map((c) => [c.channel, c.sellThrough.rate])).toEqual([['depop', 0]]);
    expect(figures.total.averageDaysToSell).toBeNull();
    expect(sellThroughRate(0, 0)).toBeNull();
  });
});
