import {
  MARKETPLACE_NAMES,
  isInPerson,
  type AgingReport,
  type AnalyticsBucket,
  type ProfitReport,
  type SaleChannel,
} from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { formatMoney } from '../../lib/money/money-format';
import { analyticsMessages as m, bestBucket } from './analytics.messages';

/** A day of the API (YYYY-MM-DD) as a Date at its UTC midnight, to format as that day. */
function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** "10 Mar", "Week of 10 Mar", "Mar 2025": a point of the figures over time. */
export function bucketLabel(intl: IntlShape, start: string, bucket: AnalyticsBucket): string {
  const date = dayDate(start);
  if (bucket === 'month') {
    return intl.formatDate(date, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  const day = intl.formatDate(date, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return bucket === 'week' ? intl.formatMessage(m.weekOf, { date: day }) : day;
}

/** "1 Mar – 31 Mar 2025", as the locale writes a range of days. */
export function periodLabel(intl: IntlShape, from: string, to: string): string {
  return intl.formatDateTimeRange(dayDate(from), dayDate(to), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

/** A ratio as a percentage with at most one decimal (0.4 → 40%). */
export function percentText(intl: IntlShape, ratio: number): string {
  return intl.formatNumber(ratio, { style: 'percent', maximumFractionDigits: 1 });
}

/** Days rounded to a tenth, for "12.3 days". */
export function roundedDays(days: number): number {
  return Math.round(days * 10) / 10;
}

/** Where sales happened, as a name on its own. */
export function channelName(intl: IntlShape, channel: SaleChannel): string {
  return isInPerson(channel) ? intl.formatMessage(m.inPerson) : MARKETPLACE_NAMES[channel];
}

/**
 * The sentences under the figures that say what they leave out, in the order a seller can act
 * on them: what profit counts, the sales it leaves out and why, the estimated fees, the sales
 * in other currencies (each with its own amount) and the double sales. Empty when every sale
 * is in and known.
 */
export function coverageLines(
  intl: IntlShape,
  report: Pick<ProfitReport, 'currency' | 'total'>,
): string[] {
  const { money, otherCurrencies, doubleSales } = report.total;
  const lines: string[] = [];
  const leftOut = money.leftOut.noPrice + money.leftOut.unknownFee + money.leftOut.unknownCost;
  if (leftOut > 0) {
    lines.push(
      intl.formatMessage(m.coverageProfit, {
        counted: money.profitSales,
        total: money.sales,
        currency: report.currency,
      }),
    );
    if (money.leftOut.noPrice > 0) {
      lines.push(intl.formatMessage(m.coverageNoPrice, { count: money.leftOut.noPrice }));
    }
    if (money.leftOut.unknownFee > 0) {
      lines.push(intl.formatMessage(m.coverageUnknownFee, { count: money.leftOut.unknownFee }));
    }
    if (money.leftOut.unknownCost > 0) {
      lines.push(intl.formatMessage(m.coverageUnknownCost, { count: money.leftOut.unknownCost }));
    }
  }
  if (money.feeCounts.estimated > 0) {
    lines.push(intl.formatMessage(m.coverageEstimated, { count: money.feeCounts.estimated }));
  }
  if (otherCurrencies.length > 0) {
    const amounts = otherCurrencies.map((other) =>
      intl.formatMessage(m.coverageOtherCurrency, {
        amount: formatMoney(other.revenue, other.currency, {
          locale: intl.locale,
          accountCurrency: report.currency,
        }),
        count: other.sales,
      }),
    );
    lines.push(
      `${intl.formatMessage(m.coverageOtherCurrencies)} ${intl.formatList(amounts, { type: 'conjunction' })}.`,
    );
  }
  if (doubleSales > 0) {
    lines.push(intl.formatMessage(m.coverageDoubleSales, { count: doubleSales }));
  }
  return lines;
}

/** The one sentence a chart of the figures over time says to someone who cannot see it. */
export function overTimeSummary(
  intl: IntlShape,
  report: Pick<ProfitReport, 'series' | 'period' | 'total'>,
  money: (amount: number) => string,
): string {
  const best = report.series.reduce<(typeof report.series)[number] | null>(
    (top, point) => (point.revenue > (top?.revenue ?? 0) ? point : top),
    null,
  );
  const summary = intl.formatMessage(m.overTimeSummary, {
    revenue: money(report.total.money.revenue),
    profit:
      report.total.money.profit === null
        ? intl.formatMessage(m.notKnown)
        : money(report.total.money.profit),
  });
  if (!best) return summary;
  return `${summary} ${intl.formatMessage(bestBucket[report.period.bucket], {
    label: bucketLabel(intl, best.start, report.period.bucket),
    revenue: money(best.revenue),
  })}`;
}

/** The sentence the aging chart says: how much is unsold, and how much of it is old. */
export function agingSummary(
  intl: IntlShape,
  report: AgingReport,
  money: (amount: number) => string,
): string {
  const old = report.bands
    .filter((band) => band.band === '181-365' || band.band === 'over-365')
    .reduce((sum, band) => sum + band.items, 0);
  return intl.formatMessage(m.agingSummary, {
    items: report.total.items,
    price: money(report.total.valueAtPrice),
    cost: money(report.total.valueAtCost),
    old,
  });
}
