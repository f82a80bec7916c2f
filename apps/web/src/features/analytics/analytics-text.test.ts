import type { AgingReport, ProfitReport, SaleFigures } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import it_ from '../../i18n/catalogues/it.json';
import {
  agingSummary,
  bucketLabel,
  coverageLines,
  overTimeSummary,
  percentText,
  periodLabel,
} from './analytics-text';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const italian = createIntl({ locale: 'it', messages: it_ });
const dollars = (amount: number) => `$${amount.toFixed(2)}`;

function figures(change: Partial<SaleFigures['money']> = {}, rest: Partial<SaleFigures> = {}) {
  const total: SaleFigures = {
    sales: 10,
    units: 12,
    doubleSales: 0,
    averageDaysToSell: 12.34,
    sellThrough: { soldUnits: 12, listedUnits: 18, rate: 0.4 },
    money: {
      sales: 10,
      units: 12,
      revenue: 500,
      salesWithoutPrice: 0,
      fees: 50,
      feeCounts: { reported: 4, schedule: 6, estimated: 0, none: 0, unknown: 0 },
      costOfGoods: 100,
      salesWithoutCost: 0,
      profit: 350,
      profitSales: 10,
      profitRevenue: 500,
      margin: 0.7,
      leftOut: { noPrice: 0, unknownFee: 0, unknownCost: 0 },
      ...change,
    },
    otherCurrencies: [],
    ...rest,
  };
  return { currency: 'USD', total };
}

describe('what the figures leave out', () => {
  it('says nothing when every sale is in and known', () => {
    expect(coverageLines(intl, figures())).toEqual([]);
  });

  it('names each reason, the estimates, other currencies and double sales', () => {
    const report = figures(
      {
        profitSales: 6,
        leftOut: { noPrice: 1, unknownFee: 2, unknownCost: 1 },
        feeCounts: { reported: 2, schedule: 3, estimated: 3, none: 0, unknown: 2 },
      },
      {
        doubleSales: 1,
        otherCurrencies: [
          { currency: 'CAD', sales: 2, revenue: 80 },
          { currency: 'EUR', sales: 1, revenue: 12.5 },
        ],
      },
    );
    expect(coverageLines(intl, report)).toEqual([
      'Profit counts 6 of your 10 sales in USD: those whose price, fee and cost of goods are all known.',
      '1 sale has no price.',
      '2 sales have fees ListLoop does not know: not reported by the marketplace, and no published rates for that marketplace, currency and date.',
      '1 sale is of an item without a cost of goods; add the cost on the item to count it.',
      '3 fees are estimated from the marketplace’s published rates.',
      'Sales in other currencies are not in these amounts, as ListLoop never converts between currencies: CAD\u00a080.00 (2 sales) and EUR\u00a012.50 (1 sale).',
      '1 double sale is left out: a second order for an item that had already sold, to be canceled.',
    ]);
  });
});

describe('labels and summaries', () => {
  it('names a point by its day, its week or its month', () => {
    expect(bucketLabel(intl, '2025-03-10', 'day')).toBe('Mar 10');
    expect(bucketLabel(intl, '2025-03-10', 'week')).toBe('Week of Mar 10');
    expect(bucketLabel(intl, '2025-03-01', 'month')).toBe('Mar 2025');
    expect(bucketLabel(italian, '2025-03-10', 'week')).toBe('Settimana del 10 mar');
  });

  it('writes a period and a percentage as the locale does', () => {
    // Intl puts thin spaces around the dash of a range.
    expect(periodLabel(intl, '2025-03-01', '2025-03-31')).toBe('Mar 1\u2009–\u200931, 2025');
    expect(percentText(intl, 0.4)).toBe('40%');
    expect(percentText(italian, 0.5795)).toBe('58%');
    expect(percentText(intl, 0.5795)).toBe('58%');
    expect(percentText(intl, 0.123)).toBe('12.3%');
  });

  it('says the chart over time in a sentence, with its best point', () => {
    const report: Pick<ProfitReport, 'series' | 'period' | 'total'> = {
      ...figures(),
      period: { from: '2025-03-01', to: '2025-03-31', timeZone: 'UTC', bucket: 'week' },
      series: [
        {
          start: '2025-03-03',
          sales: 2,
          revenue: 100,
          fees: 10,
          costOfGoods: 20,
          profit: 70,
          profitSales: 2,
          salesLeftOut: 0,
        },
        {
          start: '2025-03-10',
          sales: 8,
          revenue: 400,
          fees: 40,
          costOfGoods: 80,
          profit: 280,
          profitSales: 8,
          salesLeftOut: 0,
        },
      ],
    };
    expect(overTimeSummary(intl, report, dollars)).toBe(
      'Revenue $500.00, profit $350.00. Best week: Week of Mar 10, with $400.00 of revenue.',
    );
    const unknown = { ...report, total: figures({ profit: null }).total, series: [] };
    expect(overTimeSummary(intl, unknown, dollars)).toBe('Revenue $500.00, profit Not known.');
  });

  it('says how much stock is unsold and how much of it is old', () => {
    const band = (items: number) => ({
      items,
      units: items,
      valueAtPrice: 0,
      itemsWithoutPrice: 0,
      valueAtCost: 0,
      itemsWithoutCost: 0,
    });
    const report: AgingReport = {
      marketplace: null,
      currency: 'USD',
      asOf: '2025-03-16T00:00:00.000Z',
      bands: [
        { band: '0-30', ...band(5) },
        { band: '31-90', ...band(4) },
        { band: '91-180', ...band(3) },
        { band: '181-365', ...band(2) },
        { band: 'over-365', ...band(1) },
      ],
      total: { ...band(15), valueAtPrice: 900, valueAtCost: 300 },
    };
    expect(agingSummary(intl, report, dollars)).toBe(
      '15 items unsold, worth $900.00 at price and $300.00 at cost; 3 are over 180 days old.',
    );
  });
});
