import { describe, expect, it } from 'vitest';
import { calendarDayAt, dashboardPeriod, startOfDay } from './dashboard-period';

const at = (iso: string) => Date.parse(iso);
const iso = (period: ReturnType<typeof dashboardPeriod>) => ({
  todayFrom: period.todayFrom.toISOString(),
  weekFrom: period.weekFrom.toISOString(),
  until: period.until.toISOString(),
});

describe('today and this week in the seller’s time zone', () => {
  it('counts from local midnight, not UTC’s: late evening in New York is already tomorrow in UTC', () => {
    // Wednesday 2025-01-15, 23:30 in New York (UTC-5) is Thursday 04:30 UTC.
    const now = at('2025-01-16T04:30:00Z');
    expect(iso(dashboardPeriod(now, 'America/New_York', 'monday'))).toEqual({
      todayFrom: '2025-01-15T05:00:00.000Z',
      weekFrom: '2025-01-13T05:00:00.000Z',
      until: '2025-01-16T05:00:00.000Z',
    });
    expect(iso(dashboardPeriod(now, 'UTC', 'monday'))).toEqual({
      todayFrom: '2025-01-16T00:00:00.000Z',
      weekFrom: '2025-01-13T00:00:00.000Z',
      until: '2025-01-17T00:00:00.000Z',
    });
  });

  it('starts the week on Sunday when asked (the US edition), on Monday otherwise', () => {
    const sunday = at('2025-01-19T12:00:00Z');
    expect(iso(dashboardPeriod(sunday, 'UTC', 'sunday')).weekFrom).toBe('2025-01-19T00:00:00.000Z');
    expect(iso(dashboardPeriod(sunday, 'UTC', 'monday')).weekFrom).toBe('2025-01-13T00:00:00.000Z');
    const monday = at('2025-01-20T00:00:00Z');
    expect(iso(dashboardPeriod(monday, 'UTC', 'monday'))).toEqual({
      todayFrom: '2025-01-20T00:00:00.000Z',
      weekFrom: '2025-01-20T00:00:00.000Z',
      until: '2025-01-21T00:00:00.000Z',
    });
    expect(iso(dashboardPeriod(monday, 'UTC', 'sunday')).weekFrom).toBe('2025-01-19T00:00:00.000Z');
  });

  it('keeps a day 23 or 25 hours long across Rome’s clock changes', () => {
    // Summer time began on Sunday 2025-03-30 at 02:00: that day is 23 hours long.
    const spring = dashboardPeriod(at('2025-03-30T15:00:00Z'), 'Europe/Rome', 'monday');
    expect(iso(spring)).toEqual({
      todayFrom: '2025-03-29T23:00:00.000Z',
      weekFrom: '2025-03-23T23:00:00.000Z',
      until: '2025-03-30T22:00:00.000Z',
    });
    // It ended on Sunday 2025-10-26 at 03:00: 25 hours.
    const autumn = dashboardPeriod(at('2025-10-26T12:00:00Z'), 'Europe/Rome', 'monday');
    expect(autumn.until.getTime() - autumn.todayFrom.getTime()).toBe(25 * 3600_000);
  });

  it('starts a day whose midnight a clock change skipped at its first instant', () => {
    // Santiago moved from 00:00 (UTC-4) straight to 01:00 (UTC-3) on 2024-09-08.
    expect(startOfDay({ year: 2024, month: 9, day: 8 }, 'America/Santiago').toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
    expect(startOfDay({ year: 2024, month: 9, day: 9 }, 'America/Santiago').toISOString()).toBe(
      '2024-09-09T03:00:00.000Z',
    );
  });

  it('works in zones a day apart', () => {
    const now = at('2025-06-01T10:30:00Z');
    expect(calendarDayAt(now, 'Pacific/Kiritimati')).toEqual({ year: 2025, month: 6, day: 2 });
    expect(calendarDayAt(now, 'Pacific/Pago_Pago')).toEqual({ year: 2025, month: 5, day: 31 });
    expect(iso(dashboardPeriod(now, 'Pacific/Kiritimati', 'monday')).todayFrom).toBe(
      '2025-06-01T10:00:00.000Z',
    );
    expect(iso(dashboardPeriod(now, 'Pacific/Pago_Pago', 'monday')).todayFrom).toBe(
      '2025-05-31T11:00:00.000Z',
    );
  });
});
