import {
  addDays,
  bucketCount,
  CREATED_BY_DATE_MAX_BUCKETS,
  isDay,
  type DateBucket,
  type ItemsCreatedByDate,
} from '@listloop/domain';

/** What the totals show first: the last 30 days, a bar a day. */
export function defaultRange(today: string): { from: string; to: string; bucket: DateBucket } {
  return { from: addDays(today, -29), to: today, bucket: 'day' };
}

export type RangeProblem =
  { kind: 'missing' } | { kind: 'reversed' } | { kind: 'tooLong'; max: number };

/** Why a range cannot be asked for, as the server would refuse it; null when it can. */
export function rangeProblem(from: string, to: string, bucket: DateBucket): RangeProblem | null {
  if (!isDay(from) || !isDay(to)) return { kind: 'missing' };
  if (to < from) return { kind: 'reversed' };
  const max = CREATED_BY_DATE_MAX_BUCKETS[bucket];
  return bucketCount(from, to, bucket) > max ? { kind: 'tooLong', max } : null;
}

/** A calendar day as a Date at its noon in UTC: formatted with timeZone UTC, it is that day. */
export function dayDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

type DateFormatter = (date: Date, options: Intl.DateTimeFormatOptions) => string;

/** A bucket's short name, under its bar: 10 Mar, 4 Mar (its week's first day), Mar 2024. */
export function bucketAxisLabel(format: DateFormatter, bucket: DateBucket, start: string): string {
  if (bucket === 'month') {
    return format(dayDate(start), { month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  return format(dayDate(start), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A bucket's days in full, for the table and the file: one day, or first to last day. */
export function bucketPeriod(
  formatRange: (from: Date, to: Date, options: Intl.DateTimeFormatOptions) => string,
  format: DateFormatter,
  b: { start: string; end: string },
): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
  return b.start === b.end
    ? format(dayDate(b.start), options)
    : formatRange(dayDate(b.start), dayDate(b.end), options);
}

/**
 * The totals as a CSV file's text (with a BOM, so spreadsheets read it as UTF-8): the period and
 * its count, separated as the language's spreadsheets expect.
 */
export function totalsCsv(
  headers: [string, string],
  rows: readonly { period: string; total: number }[],
  delimiter: ',' | ';',
): string {
  const cell = (text: string) => (/["\r\n,;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [headers, ...rows.map((r) => [r.period, String(r.total)])].map((row) =>
    row.map(cell).join(delimiter),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function totalsFileName(data: Pick<ItemsCreatedByDate, 'from' | 'to' | 'bucket'>): string {
  return `listloop-items-created-${data.from}-${data.to}-${data.bucket}.csv`;
}
