import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FeeScheduleSchema,
  type FeeRowInput,
  type SaleChannel,
  type SaleSource,
} from '@listloop/domain';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import type { TestClient } from '../../../test/client';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { AnalyticsService } from './analytics.service';

const PROFIT = '/api/analytics/profit';
const PROFIT_CSV = '/api/analytics/profit/export';
const AGING = '/api/analytics/inventory-aging';
const AGING_CSV = '/api/analytics/inventory-aging/export';
const DAY = 24 * 60 * 60 * 1000;
const MARCH = 'from=2025-03-01&to=2025-03-31&timeZone=America/New_York';

interface Seller {
  account: AccountFixture;
  client: TestClient;
}

describe('analytics', () => {
  let server: TestServer;
  let orders = 0;

  async function newSeller(options: Parameters<typeof createAccount>[1] = {}): Promise<Seller> {
    const account = await createAccount(server, options);
    return { account, client: await signIn(server, account) };
  }

  async function item(
    seller: Seller,
    details: { price?: number | null; costOfGoods?: number | null; quantity?: number },
    created?: { at: number },
  ): Promise<string> {
    const response = await seller.client.post('/api/account/item', {
      generalDetails: { title: 'Analytics item', ...details },
    });
    expect(response.status, response.text).toBe(201);
    const id = response.body.item.itemID as string;
    if (created) {
      await queryRows(server, sql`UPDATE items SET date_created = ${created.at} WHERE id = ${id}`);
    }
    return id;
  }

  async function listOn(itemId: string, marketplace: string, status = 'listed') {
    await queryRows(
      server,
      sql`UPDATE items SET listings = listings || jsonb_build_object(${marketplace}::text, jsonb_build_object('status', ${status}::text))
          WHERE id = ${itemId}`,
    );
  }

  /** A sale reported as a marketplace, the extension or the seller reports one. */
  async function sell(
    seller: Seller,
    itemId: string,
    sale: {
      on: SaleChannel;
      at: string;
      price: number | null;
      fees?: number;
      currency?: string;
      quantity?: number;
      source?: SaleSource;
    },
  ) {
    orders += 1;
    const recorded = await server.container.services.saleDetection.record({
      accountId: seller.account.accountId,
      marketplace: sale.on,
      externalOrderId: `order-${orders}`,
      item: { itemId },
      quantity: sale.quantity ?? 1,
      salePrice: sale.price,
      currency: sale.currency ?? 'USD',
      fees: sale.fees ?? null,
      soldAt: Date.parse(sale.at),
      source: sale.source ?? 'executor',
    });
    expect(recorded.status).toBe('recorded');
    return recorded;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' }, work: false });
  });
  afterAll(() => server.close());

  describe('a month of sales, worked by hand', () => {
    let seller: Seller;

    beforeAll(async () => {
      seller = await newSeller();
      // A: Mercari's default 10 % (approximate): fee 4.00 estimated; 10 days to sell.
      const a = await item(
        seller,
        { price: 40, costOfGoods: 10 },
        { at: Date.parse('2025-02-28T15:00:00Z') },
      );
      await sell(seller, a, { on: 'mercari', at: '2025-03-10T15:00:00Z', price: 40 });
      // The same unit sold again on Poshmark: a double sale, apart.
      orders += 1;
      const double = await server.container.services.saleDetection.record({
        accountId: seller.account.accountId,
        marketplace: 'poshmark',
        externalOrderId: `order-${orders}`,
        item: { itemId: a },
        quantity: 1,
        salePrice: 40,
        currency: 'USD',
        soldAt: Date.parse('2025-03-10T16:00:00Z'),
        source: 'executor',
      });
      expect(double.status === 'recorded' && double.event.kind).toBe('double_sale');
      // B: Shopify has no fee schedule: fee unknown; 5 days to sell.
      const b = await item(
        seller,
        { price: 100, costOfGoods: 30 },
        { at: Date.parse('2025-03-07T12:00:00Z') },
      );
      await sell(seller, b, { on: 'shopify', at: '2025-03-12T12:00:00Z', price: 100 });
      // C: two units on eBay, fee reported: 50 − 5 − 2 × 10 = 25.
      const c = await item(seller, { price: 25, costOfGoods: 10, quantity: 2 });
      await sell(seller, c, {
        on: 'ebay',
        at: '2025-03-05T10:00:00Z',
        price: 50,
        fees: 5,
        quantity: 2,
      });
      // D: in person, no cost of goods: no fee, cost unknown. 07:00 on 1 March in New York.
      const d = await item(seller, { price: 25, costOfGoods: null });
      await sell(seller, d, {
        on: 'in_person',
        at: '2025-03-01T12:00:00Z',
        price: 25,
        source: 'manual',
      });
      // E: Etsy, no price given: no fee can be worked out.
      const e = await item(seller, { price: 30, costOfGoods: 5 });
      await sell(seller, e, { on: 'etsy', at: '2025-03-22T12:00:00Z', price: null });
      // F: eBay in Canadian dollars: apart, never converted.
      const f = await item(seller, { price: 60, costOfGoods: 20 });
      await sell(seller, f, { on: 'ebay', at: '2025-03-18T12:00:00Z', price: 60, currency: 'CAD' });
      // G: Vinted charges sellers nothing (certain): 10 − 0 − 2. 31 March, 23:30 in New York.
      const g = await item(seller, { price: 10, costOfGoods: 2 });
      await sell(seller, g, { on: 'vinted', at: '2025-04-01T03:30:00Z', price: 10 });
      // H: 28 February, 23:00 in New York (already March in UTC): not in the period.
      const h = await item(seller, { price: 999, costOfGoods: 1 });
      await sell(seller, h, { on: 'mercari', at: '2025-03-01T04:00:00Z', price: 999 });
      // Three units still listed on eBay; one item with none left does not count.
      await listOn(await item(seller, { price: 20, costOfGoods: 5, quantity: 3 }), 'ebay');
      await listOn(await item(seller, { price: 20, quantity: 0 }), 'ebay');

      // Another account's sale in the same days is never counted.
      const other = await newSeller();
      const theirs = await item(other, { price: 500, costOfGoods: 1 });
      await sell(other, theirs, { on: 'mercari', at: '2025-03-15T12:00:00Z', price: 500 });
      await listOn(await item(other, { price: 500, quantity: 7 }), 'ebay');
    });

    it('adds up the period in the seller’s time zone, each figure as worked by hand', async () => {
      const response = await seller.client.get(`${PROFIT}?${MARCH}`);
      expect(response.status, response.text).toBe(200);
      const report = response.body;
      expect(report.period).toEqual({
        from: '2025-03-01',
        to: '2025-03-31',
        timeZone: 'America/New_York',
        bucket: 'day',
      });
      expect(report.currency).toBe('USD');
      expect(report.marketplace).toBeNull();
      expect(report.total.money).toEqual({
        sales: 6,
        units: 7,
        revenue: 225,
        salesWithoutPrice: 1,
        fees: 9,
        feeCounts: { reported: 1, schedule: 1, estimated: 1, none: 1, unknown: 2 },
        costOfGoods: 67,
        salesWithoutCost: 1,
        profit: 59,
        profitSales: 3,
        profitRevenue: 100,
        margin: 0.59,
        leftOut: { noPrice: 1, unknownFee: 1, unknownCost: 1 },
      });
      expect(report.total).toMatchObject({
        sales: 7,
        units: 8,
        doubleSales: 1,
        sellThrough: { soldUnits: 8, listedUnits: 3, rate: 8 / 11 },
        otherCurrencies: [{ currency: 'CAD', sales: 1, revenue: 60 }],
      });
      // 10 + 5 days, the others sold before their item was made here (0), over 7 sales.
      expect(report.total.averageDaysToSell).toBeCloseTo(15 / 7, 6);
    });

    it('gives each channel its figures, biggest revenue first', async () => {
      const report = (await seller.client.get(`${PROFIT}?${MARCH}`)).body;
      expect(
        report.channels.map((c: { channel: string; money: { revenue: number } }) => [
          c.channel,
          c.money.revenue,
        ]),
      ).toEqual([
        ['shopify', 100],
        ['ebay', 50],
        ['mercari', 40],
        ['in_person', 25],
        ['vinted', 10],
        ['etsy', 0],
        ['poshmark', 0],
      ]);
      const ebay = report.channels.find((c: { channel: string }) => c.channel === 'ebay');
      expect(ebay).toMatchObject({
        sales: 2,
        units: 3,
        sellThrough: { soldUnits: 3, listedUnits: 3, rate: 0.5 },
        money: { sales: 1, fees: 5, profit: 25, feeCounts: { reported: 1 } },
        otherCurrencies: [{ currency: 'CAD', sales: 1, revenue: 60 }],
      });
      const poshmark = report.channels.find((c: { channel: string }) => c.channel === 'poshmark');
      expect(poshmark).toMatchObject({ sales: 0, doubleSales: 1 });
    });

    it('has a point for every day, the sale at 23:30 on the 31st on the 31st', async () => {
      const report = (await seller.client.get(`${PROFIT}?${MARCH}`)).body;
      expect(report.series).toHaveLength(31);
      expect(report.series[0]).toMatchObject({ start: '2025-03-01', sales: 1, revenue: 25 });
      expect(report.series[30]).toEqual({
        start: '2025-03-31',
        sales: 1,
        revenue: 10,
        fees: 0,
        costOfGoods: 2,
        profit: 8,
        profitSales: 1,
        salesLeftOut: 0,
      });
      expect(report.series[1]).toMatchObject({ start: '2025-03-02', sales: 0, profit: null });
      // By week: Monday 24 February holds 1 and 2 March.
      const weekly = (await seller.client.get(`${PROFIT}?${MARCH}&bucket=week`)).body;
      expect(weekly.series.map((p: { start: string }) => p.start)).toEqual([
        '2025-02-24',
        '2025-03-03',
        '2025-03-10',
        '2025-03-17',
        '2025-03-24',
        '2025-03-31',
      ]);
      expect(weekly.series[0]).toMatchObject({ sales: 1, revenue: 25 });
    });

    it('in UTC the days move: the sale of 28 February evening counts, that of 31 March not', async () => {
      const report = (await seller.client.get(`${PROFIT}?from=2025-03-01&to=2025-03-31`)).body;
      expect(report.total.money.revenue).toBe(225 - 10 + 999);
    });

    it('narrows to one marketplace, with that marketplace’s listed units', async () => {
      const response = await seller.client.get(`${PROFIT}?${MARCH}&marketplace=ebay`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.marketplace).toBe('ebay');
      expect(response.body.total).toMatchObject({
        sales: 2,
        sellThrough: { soldUnits: 3, listedUnits: 3, rate: 0.5 },
        money: { revenue: 50, profit: 25 },
      });
      expect(response.body.channels.map((c: { channel: string }) => c.channel)).toEqual(['ebay']);
      const inPerson = await seller.client.get(`${PROFIT}?${MARCH}&marketplace=in_person`);
      expect(inPerson.body.total).toMatchObject({
        sales: 1,
        sellThrough: { listedUnits: 0, rate: 1 },
        money: { feeCounts: { none: 1 }, leftOut: { unknownCost: 1 } },
      });
    });

    it('says so when nothing sold', async () => {
      const response = await seller.client.get(`${PROFIT}?from=2024-01-01&to=2024-01-31`);
      expect(response.status).toBe(200);
      expect(response.body.total).toMatchObject({
        sales: 0,
        averageDaysToSell: null,
        money: { revenue: 0, profit: null, margin: null },
      });
      expect(response.body.channels).toEqual([
        expect.objectContaining({ channel: 'ebay', sales: 0 }),
      ]);
    });

    it('downloads the summary and the series as CSV, headed in the asked language', async () => {
      const summary = await seller.client.get(`${PROFIT_CSV}?${MARCH}&table=summary`);
      expect(summary.status, summary.text).toBe(200);
      expect(summary.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(summary.headers.get('content-disposition')).toBe(
        'attachment; filename="listloop-profit-2025-03-01-2025-03-31.csv"',
      );
      const rows: string[][] = parse(summary.text, { bom: true });
      expect(rows[0]!.slice(0, 5)).toEqual([
        'Marketplace',
        'Currency',
        'Sales',
        'Units sold',
        'Revenue',
      ]);
      const column = (name: string) => rows[0]!.indexOf(name);
      const total = rows[1]!;
      expect(total[0]).toBe('All marketplaces');
      expect(total[column('Revenue')]).toBe('225.00');
      expect(total[column('Fees')]).toBe('9.00');
      expect(total[column('Profit')]).toBe('59.00');
      expect(total[column('Margin (%)')]).toBe('59.0');
      expect(total[column('Sell-through (%)')]).toBe('72.7');
      expect(total[column('Fees unknown (sales)')]).toBe('2');
      // The Canadian sale is a row of its own, in its currency, right under the total.
      expect(rows[2]!.slice(0, 5)).toEqual(['All marketplaces', 'CAD', '1', '', '60.00']);
      expect(rows.map((r) => r[0])).toContain('In person');
      // Shopify's profit is unknown: an empty cell, not 0.
      expect(rows.find((r) => r[0] === 'Shopify')![column('Profit')]).toBe('');

      const series = await seller.client.get(
        `${PROFIT_CSV}?${MARCH}&table=series&bucket=week&locale=it`,
      );
      expect(series.status, series.text).toBe(200);
      expect(series.headers.get('content-disposition')).toContain(
        'listloop-profit-by-week-2025-03-01-2025-03-31.csv',
      );
      const weeks: string[][] = parse(series.text, { bom: true });
      expect(weeks[0]!.slice(0, 3)).toEqual(['Inizio del periodo', 'Valuta', 'Vendite']);
      expect(weeks).toHaveLength(7);
      expect(weeks[6]!.slice(0, 4)).toEqual(['2025-03-31', 'USD', '1', '10.00']);
    });
  });

  it('a fee change in the middle of the period: each sale takes the rows of its day', async () => {
    const seller = await newSeller();
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
    const schedule = FeeScheduleSchema.parse([
      row({ effectiveFrom: '2025-01-01', percentage: 12.9 }),
      row({ effectiveFrom: '2025-03-15', percentage: 10, fixedFeeCents: 50 }),
    ]);
    // 12.9 % of 40 = 5.16; then 10 % + 0.50 = 4.50 twice (one class of two in SQL).
    for (const at of ['2025-03-14T23:59:00Z', '2025-03-15T00:01:00Z', '2025-03-20T12:00:00Z']) {
      await sell(seller, await item(seller, { price: 40, costOfGoods: 10 }), {
        on: 'mercari',
        at,
        price: 40,
      });
    }
    // Shopify: no rows in this schedule, fee unknown.
    await sell(seller, await item(seller, { price: 70, costOfGoods: 10 }), {
      on: 'shopify',
      at: '2025-03-16T12:00:00Z',
      price: 70,
    });
    const { context } = await server.container.services.accountUsers.memberContext(
      { id: seller.account.userId, email: seller.account.email, name: 'Ada Seller' },
      'analytics-test',
    );
    const service = new AnalyticsService(server.container.repositories.analytics, schedule);
    const report = await service.profit(context!, {
      from: '2025-03-01',
      to: '2025-03-31',
      timeZone: 'UTC',
    });
    expect(report.total.money).toMatchObject({
      sales: 4,
      revenue: 190,
      fees: 14.16,
      feeCounts: { schedule: 3, unknown: 1, estimated: 0 },
      costOfGoods: 40,
      profit: 75.84, // 120 − 14.16 − 30
      profitSales: 3,
      leftOut: { noPrice: 0, unknownFee: 1, unknownCost: 0 },
    });
    expect(report.series.find((p) => p.start === '2025-03-14')).toMatchObject({ fees: 5.16 });
    expect(report.series.find((p) => p.start === '2025-03-15')).toMatchObject({ fees: 4.5 });
  });

  it('an account in euros adds up euros only: dollar sales are apart', async () => {
    const seller = await newSeller({ countryCode: 'IT' });
    await sell(seller, await item(seller, { price: 40, costOfGoods: 10 }), {
      on: 'vinted',
      at: '2025-03-10T12:00:00Z',
      price: 40,
      currency: 'EUR',
    });
    await sell(seller, await item(seller, { price: 40, costOfGoods: 10 }), {
      on: 'mercari',
      at: '2025-03-11T12:00:00Z',
      price: 30,
      currency: 'USD',
    });
    const report = (await seller.client.get(`${PROFIT}?${MARCH}`)).body;
    expect(report.currency).toBe('EUR');
    expect(report.total.money).toMatchObject({
      sales: 1,
      revenue: 40,
      // The schedule holds Vinted in dollars only: in euros its fee is unknown.
      feeCounts: { unknown: 1 },
      profit: null,
    });
    expect(report.total.otherCurrencies).toEqual([{ currency: 'USD', sales: 1, revenue: 30 }]);
  });

  describe('inventory aging', () => {
    it('bands the unsold items by age, valued at price and at cost', async () => {
      const seller = await newSeller();
      const now = Date.now();
      const aged = (days: number) => ({ at: now - days * DAY - 60_000 });
      await item(seller, { price: 10, costOfGoods: 4, quantity: 2 }, aged(0));
      await item(seller, { price: 12.5, costOfGoods: null }, aged(30));
      await item(seller, { price: null, costOfGoods: 3 }, aged(31));
      const ebay = await item(seller, { price: 100, costOfGoods: 40 }, aged(200));
      await listOn(ebay, 'ebay');
      const failed = await item(seller, { price: 50, costOfGoods: 20, quantity: 3 }, aged(400));
      await listOn(failed, 'ebay', 'delist_failure');
      await listOn(await item(seller, { price: 9, costOfGoods: 1 }, aged(400)), 'ebay', 'sold');
      // None left: not unsold inventory.
      await item(seller, { price: 80, costOfGoods: 30, quantity: 0 }, aged(5));

      const response = await seller.client.get(AGING);
      expect(response.status, response.text).toBe(200);
      expect(response.body.currency).toBe('USD');
      expect(response.body.marketplace).toBeNull();
      expect(response.body.bands).toEqual([
        {
          band: '0-30',
          items: 2,
          units: 3,
          valueAtPrice: 32.5,
          itemsWithoutPrice: 0,
          valueAtCost: 8,
          itemsWithoutCost: 1,
        },
        {
          band: '31-90',
          items: 1,
          units: 1,
          valueAtPrice: 0,
          itemsWithoutPrice: 1,
          valueAtCost: 3,
          itemsWithoutCost: 0,
        },
        {
          band: '91-180',
          items: 0,
          units: 0,
          valueAtPrice: 0,
          itemsWithoutPrice: 0,
          valueAtCost: 0,
          itemsWithoutCost: 0,
        },
        {
          band: '181-365',
          items: 1,
          units: 1,
          valueAtPrice: 100,
          itemsWithoutPrice: 0,
          valueAtCost: 40,
          itemsWithoutCost: 0,
        },
        {
          band: 'over-365',
          items: 2,
          units: 4,
          valueAtPrice: 159,
          itemsWithoutPrice: 0,
          valueAtCost: 61,
          itemsWithoutCost: 0,
        },
      ]);
      expect(response.body.total).toEqual({
        items: 6,
        units: 9,
        valueAtPrice: 291.5,
        itemsWithoutPrice: 1,
        valueAtCost: 112,
        itemsWithoutCost: 1,
      });

      // On eBay: the live listings (listed, and listed still after a failed delist) only.
      const onEbay = (await seller.client.get(`${AGING}?marketplace=ebay`)).body;
      expect(onEbay.marketplace).toBe('ebay');
      expect(onEbay.total).toMatchObject({ items: 2, units: 4, valueAtPrice: 250 });

      const file = await seller.client.get(`${AGING_CSV}?marketplace=ebay&locale=es`);
      expect(file.status, file.text).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(
        /^attachment; filename="listloop-inventory-aging-ebay-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const rows: string[][] = parse(file.text, { bom: true });
      expect(rows[0]![0]).toBe('Antigüedad');
      expect(rows.map((r) => r[0])).toEqual([
        'Antigüedad',
        '0–30 días',
        '31–90 días',
        '91–180 días',
        '181–365 días',
        'Más de 365 días',
        'Todas las antigüedades',
      ]);
      expect(rows[6]!.slice(1, 5)).toEqual(['USD', '2', '4', '250.00']);
    });

    it('an account with no items has empty bands', async () => {
      const { client } = await newSeller();
      const response = await client.get(AGING);
      expect(response.status).toBe(200);
      expect(response.body.total).toEqual({
        items: 0,
        units: 0,
        valueAtPrice: 0,
        itemsWithoutPrice: 0,
        valueAtCost: 0,
        itemsWithoutCost: 0,
      });
    });
  });

  describe('bad input is a 400 naming the field', () => {
    let client: TestClient;
    beforeAll(async () => {
      client = (await newSeller()).client;
    });

    it.each([
      ['from after to', `${PROFIT}?from=2025-04-01&to=2025-03-01`, 'from'],
      ['a day that does not exist', `${PROFIT}?from=2025-02-30&to=2025-03-01`, 'from'],
      ['not a date', `${PROFIT}?from=yesterday&to=2025-03-01`, 'from'],
      ['no period', PROFIT, 'from'],
      ['longer than three years', `${PROFIT}?from=2020-01-01&to=2025-01-01`, 'to'],
      ['too many points', `${PROFIT}?from=2024-01-01&to=2025-06-01&bucket=day`, 'bucket'],
      ['an unknown bucket', `${PROFIT}?${MARCH}&bucket=hour`, 'bucket'],
      ['an unknown marketplace', `${PROFIT}?${MARCH}&marketplace=atlantis`, 'marketplace'],
      [
        'an offset for a zone',
        `${PROFIT}?from=2025-03-01&to=2025-03-31&timeZone=%2B02:00`,
        'timeZone',
      ],
      [
        'an unknown zone',
        `${PROFIT}?from=2025-03-01&to=2025-03-31&timeZone=Mars/Olympus`,
        'timeZone',
      ],
      ['an unknown parameter', `${PROFIT}?${MARCH}&currency=EUR`, ''],
      ['an unknown table', `${PROFIT_CSV}?${MARCH}&table=pivot`, 'table'],
      ['an unknown language', `${PROFIT_CSV}?${MARCH}&locale=fr`, 'locale'],
      ['aging in person', `${AGING}?marketplace=in_person`, 'marketplace'],
      ['aging of an unknown marketplace', `${AGING_CSV}?marketplace=atlantis`, 'marketplace'],
    ])('%s', async (_case, path, field) => {
      const response = await client.get(path);
      expect(response.status, response.text).toBe(400);
      expect(response.body.code).toBe('request/invalid');
      expect(JSON.stringify(response.body)).toContain(field);
    });
  });

  it('needs reports.read: a role without it is refused, the built-in viewer may', async () => {
    const { account, client } = await newSeller();
    const role = await client.put('/api/rest/v1/enterprise/roles', {
      name: 'packers',
      permissions: { 'items.read': true, 'sales.read': true },
    });
    const packer = await signIn(
      server,
      await addMember(server, account, { roleId: role.body.data.id }),
    );
    const viewer = await signIn(
      server,
      await addMember(server, account, { roleId: account.viewerRoleId }),
    );
    for (const path of [`${PROFIT}?${MARCH}`, `${PROFIT_CSV}?${MARCH}`, AGING, AGING_CSV]) {
      expect((await packer.get(path)).status).toBe(403);
      expect((await viewer.get(path)).status).toBe(200);
    }
  });
});
