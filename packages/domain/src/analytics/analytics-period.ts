/**
 * The calendar of the profit screen (decision 0049): a period is two calendar days, inclusive,
 * counted in the seller's time zone; its figures over time are grouped by day, ISO week
 * (Monday first) or month, each bucket named by its first day. Dates are ISO days
 * (YYYY-MM-DD); the arithmetic is on UTC midnights, so no time zone or summer time shifts it.
 */
import { addDays, bucketStart } from '../reports/calendar';

export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** The longest period one request may cover: three years (and a leap day). */
export const ANALYTICS_MAX_DAYS = 1096;
/** The most points a series may have: a day-by-day chart of a little over a year. */
export const ANALYTICS_MAX_BUCKETS = 400;

const DAY_MS = 24 * 60 * 60 * 1000;

function utcOf(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = utcOf(value);
  return !Number.isNaN(ms) && dayOf(ms) === value;
}

/** The number of calendar days from `from` to `to`, both counted (a day alone is 1). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1;
}

function nextBucket(start: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  return month === 12
    ? `${year + 1}-01-01`
    : `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * Every bucket of the period, oldest first, named by its first day (the first may start
 * before `from`: the week or month it falls in).
 */
export function bucketStarts(from: string, to: string, bucket: AnalyticsBucket): string[] {
  const starts: string[] = [];
  for (let start = bucketStart(from, bucket); start <= to; start = nextBucket(start, bucket)) {
    starts.push(start);
  }
  return starts;
}

/** The bucket a chart of the period reads best in when none is asked for. */
export function defaultBucket(from: string, to: string): AnalyticsBucket {
  const days = daysInPeriod(from, to);
  if (days <= 62) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

/**
 * The unsold inventory's age bands, by whole days since the item was created: 0–30, 31–90,
 * 91–180, 181–365 and over 365.
 */
export const AGE_BANDS = [
  { key: '0-30', fromDays: 0, toDays: 30 },
  { key: '31-90', fromDays: 31, toDays: 90 },
  { key: '91-180', fromDays: 91, toDays: 180 },
  { key: '181-365', fromDays: 181, toDays: 365 },
  { key: 'over-365', fromDays: 366, toDays: null },
] as const satisfies readonly { key: string; fromDays: number; toDays: number | null }[];
export type AgeBand = (typeof AGE_BANDS)[number]['key'];
export const AGE_BAND_KEYS = AGE_BANDS.map((band) => band.key) as [AgeBand, ...AgeBand[]];

/** The band of an item `days` whole days old (a negative age, a clock ahead, counts as 0). */
export function ageBandOf(days: number): AgeBand {
  const age = Math.max(0, Math.floor(days));
  return AGE_BANDS.find((band) => band.toDays === null || age <= band.toDays)!.key;
}
