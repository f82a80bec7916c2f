import { z } from 'zod';

/**
 * Calendar days as the account lives them: `YYYY-MM-DD` strings in the account's time zone,
 * turned into instants only where the database is asked. Day arithmetic is done on the
 * calendar (UTC dates, which have no daylight saving), never by adding 24 hours to an instant.
 */

export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: Day): [number, number, number] {
  const match = DAY.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether the text is a real calendar day (2024-02-30 is not). */
export function isDay(value: unknown): value is Day {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const [year, month, date] = parts(value);
  const utc = new Date(Date.UTC(year, month - 1, date));
  return (
    year >= 1970 &&
    year <= 9999 &&
    utc.getUTCFullYear() === year &&
    utc.getUTCMonth() === month - 1 &&
    utc.getUTCDate() === date
  );
}

export const DAY_MESSAGE = 'must be a date written YYYY-MM-DD';

export const DaySchema = z.string().refine(isDay, { message: DAY_MESSAGE });

function fromUtc(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

function utcOf(day: Day): number {
  const [year, month, date] = parts(day);
  return Date.UTC(year, month - 1, date);
}

export function addDays(day: Day, days: number): Day {
  return fromUtc(utcOf(day) + days * 86_400_000);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((utcOf(to) - utcOf(from)) / 86_400_000);
}

export const DATE_BUCKETS = ['day', 'week', 'month'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/**
 * The first day of the bucket a day falls in: itself, the Monday of its week (ISO 8601, as
 * Postgres's date_trunc counts weeks) or the first of its month.
 */
export function bucketStart(day: Day, bucket: DateBucket): Day {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(utcOf(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the next bucket. */
export function nextBucketStart(start: Day, bucket: DateBucket): Day {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(bucketStart(start, 'week'), 7);
  const [year, month] = parts(start);
  return fromUtc(Date.UTC(year, month, 1));
}

/** One bucket of a range: its days inside the range (the first and last may be partial). */
export interface DayRangeBucket {
  /** The bucket's first day inside the range. */
  start: Day;
  /** The bucket's last day inside the range. */
  end: Day;
}

/** The buckets covering `from`…`to` (both inclusive), in order. */
export function bucketsOf(from: Day, to: Day, bucket: DateBucket): DayRangeBucket[] {
  const buckets: DayRangeBucket[] = [];
  let start = from;
  while (start <= to) {
    const next = nextBucketStart(bucketStart(start, bucket), bucket);
    const last = addDays(next, -1);
    buckets.push({ start, end: last < to ? last : to });
    start = next;
  }
  return buckets;
}

/** How many buckets the range has, without listing them. */
export function bucketCount(from: Day, to: Day, bucket: DateBucket): number {
  if (to < from) return 0;
  if (bucket === 'day') return daysBetween(from, to) + 1;
  if (bucket === 'week') {
    return daysBetween(bucketStart(from, 'week'), bucketStart(to, 'week')) / 7 + 1;
  }
  const [fromYear, fromMonth] = parts(from);
  const [toYear, toMonth] = parts(to);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

// Instants in a time zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in the zone at an instant, as if it were UTC (epoch milliseconds). */
export function wallClockAsUtc(instant: number, timeZone: string): number {
  const values: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const whole = Math.floor(instant / 1000) * 1000;
  return (
    Date.UTC(
      values.year!,
      values.month! - 1,
      values.day!,
      values.hour!,
      values.minute!,
      values.second!,
    ) +
    (instant - whole)
  );
}

/** The zone's offset from UTC at an instant, in milliseconds (+1 h in Rome in winter). */
export function offsetAt(instant: number, timeZone: string): number {
  return wallClockAsUtc(instant, timeZone) - instant;
}

/** The calendar day an instant falls on in the zone. */
export function dayIn(instant: number, timeZone: string): Day {
  return fromUtc(wallClockAsUtc(instant, timeZone));
}

/**
 * The first instant of a day in the zone: its midnight, or, where a clock change skips
 * midnight (Santiago, Havana), the first moment that day has.
 */
export function startOfDayIn(day: Day, timeZone: string): number {
  const midnight = utcOf(day);
  let guess = midnight - offsetAt(midnight, timeZone);
  // Twice is enough for any offset change: the second try uses the offset in force at the guess.
  for (let i = 0; i < 2; i += 1) {
    const next = midnight - offsetAt(guess, timeZone);
    if (next === guess) break;
    guess = next;
  }
  // Local midnight does not exist that day: step back to the day's first hour on the clock.
  if (dayIn(guess, timeZone) !== day) {
    while (dayIn(guess, timeZone) !== day) guess += 15 * 60_000;
  } else {
    while (dayIn(guess - 15 * 60_000, timeZone) === day) guess -= 15 * 60_000;
  }
  return guess;
}
