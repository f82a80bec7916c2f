import { describe, expect, it } from 'vitest';
import { addDays, bucketStart } from '../reports/calendar';
import { ageBandOf, bucketStarts, daysInPeriod, defaultBucket, isIsoDay } from './analytics-period';
import { isTimeZone } from '../regions/time-zone';
import { ProfitQuerySchema } from './analytics.api';

describe('the calendar of a period', () => {
  it('reads only real days', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-13-01')).toBe(false);
    expect(isIsoDay('2025-1-01')).toBe(false);
    expect(isIsoDay('yesterday')).toBe(false);
  });

  it('counts both ends and moves across months and years', () => {
    expect(daysInPeriod('2025-03-01', '2025-03-01')).toBe(1);
    expect(daysInPeriod('2025-01-01', '2025-12-31')).toBe(365);
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('starts a week on Monday and a month on the 1st', () => {
    expect(bucketStart('2025-03-16', 'week')).toBe('2025-03-10'); // a Sunday
    expect(bucketStart('2025-03-17', 'week')).toBe('2025-03-17'); // a Monday
    expect(bucketStart('2025-03-16', 'month')).toBe('2025-03-01');
    expect(bucketStarts('2024-11-15', '2025-02-01', 'month')).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
    ]);
    expect(bucketStarts('2025-03-30', '2025-04-02', 'day')).toEqual([
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
      '2025-04-02',
    ]);
  });

  it('picks days for two months, weeks for a year, months beyond', () => {
    expect(defaultBucket('2025-01-01', '2025-03-03')).toBe('day');
    expect(defaultBucket('2025-01-01', '2025-03-04')).toBe('week');
    expect(defaultBucket('2024-01-01', '2024-12-31')).toBe('week');
    expect(defaultBucket('2023-01-01', '2024-12-31')).toBe('month');
  });

  it('bands ages at 30, 90, 180 and 365 days', () => {
    expect([0, 30, 31, 90, 91, 180, 181, 365, 366, -2].map(ageBandOf)).toEqual([
      '0-30',
      '0-30',
      '31-90',
      '31-90',
      '91-180',
      '91-180',
      '181-365',
      '181-365',
      'over-365',
      '0-30',
    ]);
  });
});

describe('the period a request asks for', () => {
  const parse = (query: Record<string, string>) => ProfitQuerySchema.safeParse(query);
  const messages = (query: Record<string, string>) =>
    parse(query).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('takes a period, a zone, a marketplace and a bucket', () => {
    expect(
      parse({
        from: '2025-03-01',
        to: '2025-03-31',
        timeZone: 'Europe/Rome',
        marketplace: 'in_person',
        bucket: 'week',
      }).success,
    ).toBe(true);
    expect(parse({ from: '2025-03-01', to: '2025-03-01' }).data?.timeZone).toBe('UTC');
  });

  it('refuses backwards, too long, too fine, unknown and malformed periods with the field named', () => {
    expect(messages({ from: '2025-04-01', to: '2025-03-01' })).toEqual([
      'from: must not be after "to"',
    ]);
    expect(messages({ from: '2020-01-01', to: '2025-01-01' })).toEqual([
      'to: a period covers at most 1096 days',
    ]);
    expect(messages({ from: '2024-01-01', to: '2025-06-01', bucket: 'day' })).toEqual([
      'bucket: at most 400 points: choose a longer bucket for this period',
    ]);
    expect(messages({ from: '2025-02-30', to: '2025-03-01' })).toEqual([
      'from: must be a calendar day written YYYY-MM-DD',
    ]);
    expect(parse({ from: '2025-03-01', to: '2025-03-02', marketplace: 'atlantis' }).success).toBe(
      false,
    );
    expect(parse({ from: '2025-03-01', to: '2025-03-02', timeZone: 'Mars/Olympus' }).success).toBe(
      false,
    );
    expect(parse({ from: '2025-03-01', to: '2025-03-02', extra: '1' }).success).toBe(false);
  });

  it('knows time zones by their IANA names only', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('+02:00')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
