import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketCount,
  bucketsOf,
  bucketStart,
  dayIn,
  daysBetween,
  isDay,
  nextBucketStart,
  offsetAt,
  startOfDayIn,
} from './calendar';

describe('days', () => {
  it('knows a real calendar day from text that looks like one', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-13-01')).toBe(false);
    expect(isDay('2024-1-01')).toBe(false);
    expect(isDay('1969-12-31')).toBe(false);
    expect(isDay(20240101)).toBe(false);
  });

  it('adds days on the calendar, across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2024-03-10', '2024-03-09')).toBe(-1);
  });
});

describe('buckets', () => {
  it('starts weeks on Monday and months on the first', () => {
    expect(bucketStart('2024-03-10', 'week')).toBe('2024-03-04'); // a Sunday
    expect(bucketStart('2024-03-11', 'week')).toBe('2024-03-11'); // a Monday
    expect(bucketStart('2025-01-01', 'week')).toBe('2024-12-30');
    expect(bucketStart('2024-02-29', 'month')).toBe('2024-02-01');
    expect(bucketStart('2024-02-29', 'day')).toBe('2024-02-29');
    expect(nextBucketStart('2024-12-01', 'month')).toBe('2025-01-01');
    expect(nextBucketStart('2024-03-06', 'week')).toBe('2024-03-11');
  });

  it('covers a range with buckets whose first and last hold only the range’s days', () => {
    expect(bucketsOf('2024-03-06', '2024-03-20', 'week')).toEqual([
      { start: '2024-03-06', end: '2024-03-10' },
      { start: '2024-03-11', end: '2024-03-17' },
      { start: '2024-03-18', end: '2024-03-20' },
    ]);
    expect(bucketsOf('2024-01-31', '2024-03-01', 'month')).toEqual([
      { start: '2024-01-31', end: '2024-01-31' },
      { start: '2024-02-01', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-01' },
    ]);
    expect(bucketsOf('2024-03-09', '2024-03-10', 'day')).toEqual([
      { start: '2024-03-09', end: '2024-03-09' },
      { start: '2024-03-10', end: '2024-03-10' },
    ]);
    expect(bucketsOf('2024-03-10', '2024-03-09', 'day')).toEqual([]);
  });

  it('counts buckets without listing them, the same as listing them', () => {
    const ranges: [string, string][] = [
      ['2024-01-01', '2024-12-31'],
      ['2024-03-10', '2024-03-10'],
      ['2023-12-31', '2025-01-06'],
      ['2015-01-01', '2024-12-31'],
      ['2024-02-29', '2024-03-04'],
    ];
    for (const [from, to] of ranges) {
      for (const bucket of ['day', 'week', 'month'] as const) {
        expect(bucketCount(from, to, bucket), `${from}…${to} ${bucket}`).toBe(
          bucketsOf(from, to, bucket).length,
        );
      }
    }
    expect(bucketCount('2024-03-10', '2024-03-09', 'day')).toBe(0);
  });
});

describe('instants in a time zone', () => {
  it('finds midnight in winter and in summer', () => {
    expect(new Date(startOfDayIn('2024-01-15', 'Europe/Rome')).toISOString()).toBe(
      '2024-01-14T23:00:00.000Z',
    );
    expect(new Date(startOfDayIn('2024-07-15', 'Europe/Rome')).toISOString()).toBe(
      '2024-07-14T22:00:00.000Z',
    );
    expect(new Date(startOfDayIn('2024-07-15', 'UTC')).toISOString()).toBe(
      '2024-07-15T00:00:00.000Z',
    );
  });

  it('finds the midnight of a clock-change day, and of the day after', () => {
    // New York springs forward at 02:00 on 10 March 2024: that day is 23 hours long.
    const tenth = startOfDayIn('2024-03-10', 'America/New_York');
    const eleventh = startOfDayIn('2024-03-11', 'America/New_York');
    expect(new Date(tenth).toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(new Date(eleventh).toISOString()).toBe('2024-03-11T04:00:00.000Z');
    expect(eleventh - tenth).toBe(23 * 3_600_000);
    // London falls back on 27 October 2024: a 25-hour day.
    const fall = startOfDayIn('2024-10-27', 'Europe/London');
    expect(startOfDayIn('2024-10-28', 'Europe/London') - fall).toBe(25 * 3_600_000);
  });

  it('finds the first moment of a day whose midnight the clock skips', () => {
    // Santiago springs forward at midnight on 8 September 2024: the day starts at 01:00.
    const start = startOfDayIn('2024-09-08', 'America/Santiago');
    expect(new Date(start).toISOString()).toBe('2024-09-08T04:00:00.000Z');
    expect(dayIn(start, 'America/Santiago')).toBe('2024-09-08');
    expect(dayIn(start - 1, 'America/Santiago')).toBe('2024-09-07');
  });

  it('reads the day and the offset of an instant in a zone', () => {
    const instant = Date.parse('2024-03-09T22:30:00Z');
    expect(dayIn(instant, 'Europe/Rome')).toBe('2024-03-09');
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2024-03-10');
    expect(offsetAt(instant, 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
    expect(offsetAt(instant, 'America/New_York')).toBe(-5 * 3_600_000);
  });
});
