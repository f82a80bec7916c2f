import { stringify } from 'csv-stringify/sync';
import {
  MARKETPLACE_NAMES,
  isInPerson,
  type AgingBandFigures,
  type AgingReport,
  type ProfitExportTable,
  type ProfitReport,
  type SaleChannel,
  type SaleFigures,
} from '@listloop/domain';
import { translator, type MessageId } from '../../i18n/messages';

/**
 * The analytics screen's figures as CSV (decision 0049), one file per table: headings and row
 * names in the reader's language, numbers written plainly (a dot before the cents, no
 * thousands separator, percentages with one decimal) so any spreadsheet reads them. A cell
 * with no figure (a profit with no sale to count) is empty, never 0. Every amount row names
 * its currency, and sales in another currency are rows of their own.
 */

type Cell = string | number | null;

const amount = (value: number | null): Cell => (value === null ? null : value.toFixed(2));
const percent = (ratio: number | null): Cell => (ratio === null ? null : (ratio * 100).toFixed(1));
const days = (value: number | null): Cell => (value === null ? null : value.toFixed(1));

function csv(headings: readonly string[], rows: readonly Cell[][]): string {
  // A BOM, so spreadsheets read the accented headings as UTF-8.
  return stringify([headings, ...rows], { bom: true });
}

const SUMMARY_COLUMNS = [
  'analytics.csv.marketplace',
  'analytics.csv.currency',
  'analytics.csv.sales',
  'analytics.csv.units',
  'analytics.csv.revenue',
  'analytics.csv.salesWithoutPrice',
  'analytics.csv.fees',
  'analytics.csv.feesReported',
  'analytics.csv.feesSchedule',
  'analytics.csv.feesEstimated',
  'analytics.csv.feesNone',
  'analytics.csv.feesUnknown',
  'analytics.csv.costOfGoods',
  'analytics.csv.salesWithoutCost',
  'analytics.csv.profit',
  'analytics.csv.profitSales',
  'analytics.csv.margin',
  'analytics.csv.averageDaysToSell',
  'analytics.csv.sellThrough',
  'analytics.csv.listedUnits',
  'analytics.csv.doubleSales',
] as const satisfies readonly MessageId[];

const SERIES_COLUMNS = [
  'analytics.csv.periodStart',
  'analytics.csv.currency',
  'analytics.csv.sales',
  'analytics.csv.revenue',
  'analytics.csv.fees',
  'analytics.csv.costOfGoods',
  'analytics.csv.profit',
  'analytics.csv.profitSales',
  'analytics.csv.salesLeftOut',
] as const satisfies readonly MessageId[];

const AGING_COLUMNS = [
  'analytics.csv.age',
  'analytics.csv.currency',
  'analytics.csv.items',
  'analytics.csv.unitsOnHand',
  'analytics.csv.valueAtPrice',
  'analytics.csv.itemsWithoutPrice',
  'analytics.csv.valueAtCost',
  'analytics.csv.itemsWithoutCost',
] as const satisfies readonly MessageId[];

const BAND_NAMES = {
  '0-30': 'analytics.band.0-30',
  '31-90': 'analytics.band.31-90',
  '91-180': 'analytics.band.91-180',
  '181-365': 'analytics.band.181-365',
  'over-365': 'analytics.band.over-365',
} as const satisfies Record<AgingReport['bands'][number]['band'], MessageId>;

/** The total's row and one per channel, each followed by its sales in other currencies. */
function summaryRows(
  report: ProfitReport,
  name: (channel: SaleChannel | null) => string,
): Cell[][] {
  const rowsOf = (label: string, figures: SaleFigures): Cell[][] => {
    const money = figures.money;
    return [
      [
        label,
        report.currency,
        money.sales,
        money.units,
        amount(money.revenue),
        money.salesWithoutPrice,
        amount(money.fees),
        money.feeCounts.reported,
        money.feeCounts.schedule,
        money.feeCounts.estimated,
        money.feeCounts.none,
        money.feeCounts.unknown,
        amount(money.costOfGoods),
        money.salesWithoutCost,
        amount(money.profit),
        money.profitSales,
        percent(money.margin),
        days(figures.averageDaysToSell),
        percent(figures.sellThrough.rate),
        figures.sellThrough.listedUnits,
        figures.doubleSales,
      ],
      // Another currency's sales: counted and priced in it, nothing else added up.
      ...figures.otherCurrencies.map((other): Cell[] => [
        label,
        other.currency,
        other.sales,
        null,
        amount(other.revenue),
        ...Array<Cell>(SUMMARY_COLUMNS.length - 5).fill(null),
      ]),
    ];
  };
  return [
    ...rowsOf(name(report.marketplace), report.total),
    ...(report.marketplace
      ? []
      : report.channels.flatMap((channel) => rowsOf(name(channel.channel), channel))),
  ];
}

export function profitCsv(report: ProfitReport, table: ProfitExportTable, locale: string): string {
  const t = translator(locale);
  if (table === 'series') {
    return csv(
      SERIES_COLUMNS.map((id) => t(id)),
      report.series.map((point) => [
        point.start,
        report.currency,
        point.sales,
        amount(point.revenue),
        amount(point.fees),
        amount(point.costOfGoods),
        amount(point.profit),
        point.profitSales,
        point.salesLeftOut,
      ]),
    );
  }
  const name = (channel: SaleChannel | null) =>
    channel === null
      ? t('analytics.csv.allMarketplaces')
      : isInPerson(channel)
        ? t('analytics.csv.inPerson')
        : MARKETPLACE_NAMES[channel];
  return csv(
    SUMMARY_COLUMNS.map((id) => t(id)),
    summaryRows(report, name),
  );
}

export function agingCsv(report: AgingReport, locale: string): string {
  const t = translator(locale);
  const row = (label: string, band: AgingBandFigures): Cell[] => [
    label,
    report.currency,
    band.items,
    band.units,
    amount(band.valueAtPrice),
    band.itemsWithoutPrice,
    amount(band.valueAtCost),
    band.itemsWithoutCost,
  ];
  return csv(
    AGING_COLUMNS.map((id) => t(id)),
    [
      ...report.bands.map((band) => row(t(BAND_NAMES[band.band]), band)),
      row(t('analytics.csv.allAges'), report.total),
    ],
  );
}

/** The file's name: what it holds, for which period or day, and the marketplace if one. */
export function exportFileName(parts: (string | null | undefined)[]): string {
  return `${['listloop', ...parts.filter((p): p is string => Boolean(p))].join('-')}.csv`;
}
