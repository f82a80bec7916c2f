import {
  AGE_BANDS,
  bucketStarts,
  defaultBucket,
  defaultFeeSchedule,
  fromCents,
  profitFigures,
  type AgingBandFigures,
  type AgingQuery,
  type AgingReport,
  type FeeRow,
  type ProfitQuery,
  type ProfitReport,
  type SaleChannel,
} from '@listloop/domain';
import { badRequest } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { feePeriodsOf, type AgingRow, type AnalyticsRepository } from './analytics.repository';

/**
 * The profit and analytics screen (decision 0049): a period's sales per marketplace and in
 * all, with fees from what the marketplace reported or the dated fee schedule, cost of goods,
 * profit over the sales whose parts are all known, days to sell and sell-through; and the
 * unsold inventory by age. Read-only; amounts in the account's currency.
 */
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly schedule: readonly FeeRow[] = defaultFeeSchedule,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async profit(ctx: RequestContext, query: ProfitQuery): Promise<ProfitReport> {
    const currency = ctx.account.currency;
    const bucket = query.bucket ?? defaultBucket(query.from, query.to);
    const marketplace = query.marketplace ?? null;
    const [classes, listed] = await Promise.all([
      this.repository
        .saleClasses({
          accountId: ctx.accountId,
          currency,
          from: query.from,
          to: query.to,
          timeZone: query.timeZone,
          bucket,
          marketplace,
          feePeriods: feePeriodsOf(this.schedule),
        })
        .catch((error: unknown) => {
          throw isUnknownTimeZone(error) ? unknownTimeZone(query.timeZone) : error;
        }),
      this.repository.listedUnits(ctx.accountId),
    ]);
    const stock = marketplace
      ? {
          total: listed.byChannel[marketplace] ?? 0,
          byChannel: { [marketplace]: listed.byChannel[marketplace] ?? 0 },
        }
      : listed;
    const figures = profitFigures(classes, bucketStarts(query.from, query.to, bucket), stock, {
      currency,
      schedule: this.schedule,
    });
    return {
      period: { from: query.from, to: query.to, timeZone: query.timeZone, bucket },
      marketplace,
      currency,
      total: figures.total,
      channels: figures.channels,
      series: figures.series,
    };
  }

  async aging(ctx: RequestContext, query: AgingQuery): Promise<AgingReport> {
    const now = this.now();
    const marketplace: SaleChannel | null = query.marketplace ?? null;
    const rows = await this.repository.aging(ctx.accountId, marketplace, now);
    const byBand = new Map(rows.map((row) => [row.band, row]));
    const bands = AGE_BANDS.map((band) => ({
      band: band.key,
      ...bandFigures(byBand.get(band.key)),
    }));
    return {
      marketplace,
      currency: ctx.account.currency,
      asOf: now.toISOString(),
      bands,
      total: bandFigures(sumOf(rows)),
    };
  }
}

type AgingCounts = Omit<AgingRow, 'band'>;

function sumOf(rows: readonly AgingRow[]): AgingCounts {
  const total: AgingCounts = {
    items: 0,
    units: 0,
    priceCents: 0,
    itemsWithoutPrice: 0,
    costCents: 0,
    itemsWithoutCost: 0,
  };
  for (const row of rows) {
    for (const key of Object.keys(total) as (keyof AgingCounts)[]) total[key] += row[key];
  }
  return total;
}

function bandFigures(row: AgingCounts | undefined): AgingBandFigures {
  return {
    items: row?.items ?? 0,
    units: row?.units ?? 0,
    valueAtPrice: fromCents(row?.priceCents ?? 0),
    itemsWithoutPrice: row?.itemsWithoutPrice ?? 0,
    valueAtCost: fromCents(row?.costCents ?? 0),
    itemsWithoutCost: row?.itemsWithoutCost ?? 0,
  };
}

/**
 * A zone this runtime's ICU knows but the database does not (their lists differ a little):
 * Postgres says 22023, invalid parameter value.
 */
function isUnknownTimeZone(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '22023') return true;
    current = candidate.cause;
  }
  return false;
}

function unknownTimeZone(zone: string) {
  const message = `"${zone}" is not a time zone the database knows; use an IANA name such as Europe/London.`;
  return badRequest(message, [{ path: 'querystring.timeZone', message }]);
}
