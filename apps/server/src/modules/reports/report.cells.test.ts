import { GeneralDetailsSchema, REPORT_COLUMNS } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import type { ItemRecord } from '../items';
import { guardFormula, ReportLanguage } from './report.cells';

const ITEM: ItemRecord = {
  id: 'item00000000000000000001',
  accountId: 'acct00000000000000000001',
  userId: 'user00000000000000000001',
  status: 'complete',
  // 13:05 UTC: 09:05 in New York, 14:05 in London (winter), 15:05 in Rome (winter).
  dateCreated: Date.parse('2024-01-15T13:05:42Z'),
  dateLastModified: Date.parse('2024-07-01T08:00:00Z'),
  labels: ['winter', 'bin 3'],
  generalDetails: GeneralDetailsSchema.parse({
    title: 'Wool coat',
    sku: 'C-1',
    brand: 'Barbour',
    condition: 'like_new',
    price: 1234.5,
    costOfGoods: 40,
    quantity: 3,
    categoryV2: { id: '1', path: ['Clothing', 'Coats'] },
    primaryColor: 'Green',
    size: 'M',
    location: 'Rail 2',
    weight: { pounds: 2, ounces: 8 },
  }),
  listings: {
    poshmark: { status: 'sold' } as ItemRecord['listings'][string],
    ebay: { status: 'delist_failure' } as ItemRecord['listings'][string],
    depop: { status: 'not_listed' } as ItemRecord['listings'][string],
  },
  variants: [],
  title: 'Wool coat',
  price: 1234.5,
};

const language = (locale: 'en-US' | 'en-GB' | 'es' | 'it', timeZone: string, currency: string) =>
  new ReportLanguage({ locale, timeZone, currency });

describe('report cells', () => {
  it('writes a US report with US words, $ amounts and month-first dates', () => {
    const us = language('en-US', 'America/New_York', 'USD');
    const columns = ['price', 'dateCreated', 'weight', 'marketplaces', 'condition'] as const;
    expect(columns.map((c) => us.header(c))).toEqual([
      'Price (USD)',
      'Created',
      'Weight',
      'Marketplaces',
      'Condition',
    ]);
    expect(us.cells(ITEM, columns).map((cell) => us.csvText(cell))).toEqual([
      '1234.50',
      '01/15/2024 08:05',
      '2 lb 8 oz',
      'eBay (Delisting failed), Poshmark (Sold)',
      'Like new',
    ]);
    expect(us.csvDelimiter).toBe(',');
    expect(us.moneyFormat).toBe('"$"#,##0.00');
    expect(us.dateFormat).toBe('mm/dd/yyyy hh:mm');
  });

  it('writes a British one with “Colour”, kilograms and day-first dates', () => {
    const uk = language('en-GB', 'Europe/London', 'GBP');
    expect(uk.header('color')).toBe('Colour');
    const cells = uk.cells(ITEM, ['dateCreated', 'weight', 'category', 'costOfGoods']);
    expect(cells.map((cell) => uk.csvText(cell))).toEqual([
      '15/01/2024 13:05',
      '1.134 kg',
      'Clothing › Coats',
      '40.00',
    ]);
    expect(uk.moneyFormat).toBe('"£"#,##0.00');
  });

  it('writes Spanish and Italian ones with decimal commas, semicolons and the symbol after', () => {
    const es = language('es', 'Europe/Madrid', 'EUR');
    const it_ = language('it', 'Europe/Rome', 'EUR');
    for (const lang of [es, it_]) {
      expect(lang.csvDelimiter).toBe(';');
      expect(lang.csvAmount(1234.5)).toBe('1234,50');
      expect(lang.moneyFormat).toBe('#,##0.00 "€"');
      expect(lang.dateFormat).toBe('dd/mm/yyyy hh:mm');
      expect(lang.csvDate(ITEM.dateCreated)).toBe('15/01/2024 14:05');
    }
    expect(es.cells(ITEM, ['status', 'condition']).map((c) => es.csvText(c))).toEqual([
      'Completo',
      'Como nuevo',
    ]);
    expect(it_.header('costOfGoods')).toBe('Costo della merce (EUR)');
    // A US shop read in Italian keeps its dollars.
    expect(language('it', 'America/New_York', 'USD').moneyFormat).toBe('#,##0.00 "$"');
  });

  it('gives every column a header in every language', () => {
    for (const locale of ['en-US', 'en-GB', 'es', 'it'] as const) {
      const lang = language(locale, 'UTC', 'USD');
      for (const column of REPORT_COLUMNS) {
        const header = lang.header(column);
        expect(header, `${locale} ${column}`).not.toMatch(/^report\./);
        expect(header.length).toBeGreaterThan(1);
      }
    }
  });

  it('types spreadsheet cells: numbers, amounts, and the shop’s wall-clock time', () => {
    const rome = language('it', 'Europe/Rome', 'EUR');
    const [price, quantity, created, title, missing] = rome.cells(ITEM, [
      'price',
      'quantity',
      'dateCreated',
      'title',
      'notes',
    ]);
    expect(rome.xlsxValue(price!)).toBe(1234.5);
    expect(rome.xlsxValue(quantity!)).toBe(3);
    expect((rome.xlsxValue(created!) as Date).toISOString()).toBe('2024-01-15T14:05:00.000Z');
    expect(rome.xlsxValue(title!)).toBe('Wool coat');
    expect(rome.xlsxValue(missing!)).toBeNull();
    expect(rome.xlsxFormat('price')).toBe('#,##0.00 "€"');
    expect(rome.xlsxFormat('title')).toBeUndefined();
  });

  it('makes text a spreadsheet would run as a formula inert, and leaves other text alone', () => {
    expect(guardFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(guardFormula('-fragile-')).toBe("'-fragile-");
    expect(guardFormula('@home')).toBe("'@home");
    expect(guardFormula('Plain 1+1')).toBe('Plain 1+1');
  });
});
