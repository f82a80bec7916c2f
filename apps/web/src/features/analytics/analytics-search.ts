import {
  ANALYTICS_BUCKETS,
  ANALYTICS_MAX_BUCKETS,
  ANALYTICS_MAX_DAYS,
  SaleChannelSchema,
  addDays,
  bucketStarts,
  daysInPeriod,
  isIsoDay,
  type AnalyticsBucket,
  type SaleChannel,
} from '@listloop/domain';
import { z } from 'zod';

/** The periods a seller picks from; `custom` takes two typed days. */
export const PERIOD_PRESETS = [
  'thisMonth',
  'lastMonth',
  'last30',
  'last90',
  'thisYear',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type FixedPreset = Exclude<PeriodPreset, 'custom'>;
export const DEFAULT_PRESET: FixedPreset = 'last30';

const IsoDay = z.string().refine(isIsoDay);

/**
 * The analytics screen's URL: the period (a preset, or custom days), the marketplace and how
 * the figures over time are grouped, so a view can be reloaded and shared. An unreadable value
 * is dropped rather than failing the screen.
 */
export const AnalyticsSearchSchema = z.object({
  period: z.enum(PERIOD_PRESETS).optional().catch(undefined),
  from: IsoDay.optional().catch(undefined),
  to: IsoDay.optional().catch(undefined),
  marketplace: SaleChannelSchema.optional().catch(undefined),
  bucket: z.enum(ANALYTICS_BUCKETS).optional().catch(undefined),
});
export type AnalyticsSearch = z.infer<typeof AnalyticsSearchSchema>;

/** Today in a time zone, as the seller's calendar shows it (YYYY-MM-DD). */
export function todayIn(timeZone: string, now: number): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The browser's time zone, in which the seller's days begin and end. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export interface Period {
  from: string;
  to: string;
}

/** The days a preset covers, ending today (a whole month for last month). */
export function presetPeriod(preset: FixedPreset, today: string): Period {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Why two typed days are not a period the screen can show; null when they are. */
export type PeriodProblem = 'missing' | 'backwards' | 'tooLong';

export function periodProblem(from: string, to: string): PeriodProblem | null {
  if (!isIsoDay(from) || !isIsoDay(to)) return 'missing';
  if (from > to) return 'backwards';
  if (daysInPeriod(from, to) > ANALYTICS_MAX_DAYS) return 'tooLong';
  return null;
}

/** The period the URL asks for: its custom days when they make one, else its preset's. */
export function searchPeriod(
  search: AnalyticsSearch,
  today: string,
): { preset: PeriodPreset; period: Period } {
  if (search.period === 'custom' && search.from && search.to) {
    if (periodProblem(search.from, search.to) === null) {
      return { preset: 'custom', period: { from: search.from, to: search.to } };
    }
  }
  const preset = search.period && search.period !== 'custom' ? search.period : DEFAULT_PRESET;
  return { preset, period: presetPeriod(preset, today) };
}

/** The groupings a period can be charted by: a day-by-day chart only up to its limit. */
export function bucketsFor(period: Period): AnalyticsBucket[] {
  return ANALYTICS_BUCKETS.filter(
    (bucket) => bucketStarts(period.from, period.to, bucket).length <= ANALYTICS_MAX_BUCKETS,
  );
}

/** Aging has no in-person stock: selling in person narrows the period only. */
export function agingMarketplace(channel: SaleChannel | undefined) {
  return channel === undefined || channel === 'in_person' ? undefined : channel;
}
