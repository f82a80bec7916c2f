import type { WeekStart } from '@listloop/domain';

/** Today and this week in a time zone, as instants: each from its first instant to tomorrow's. */
export interface DashboardPeriod {
  timeZone: string;
  weekStart: WeekStart;
  todayFrom: Date;
  weekFrom: Date;
  /** Where tomorrow starts: sales dated a little ahead by a marketplace's clock still count. */
  until: Date;
}

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day the instant falls on in the zone. */
export function calendarDayAt(instant: number, timeZone: string): CalendarDay {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A day as one comparable number (20250330). */
function dayNumber(day: CalendarDay): number {
  return day.year * 10_000 + day.month * 100 + day.day;
}

/** The calendar day `days` after (or before) this one; the zone plays no part in counting days. */
function addDays(day: CalendarDay, days: number): CalendarDay {
  const moved = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Offsets on Earth stay within a day of UTC: the first instant of a day is within this of its UTC midnight. */
const SEARCH_SPAN_MS = 26 * 3600_000;

/**
 * The first instant of the calendar day in the zone. Usually its midnight, but not where a
 * clock change skips midnight (America/Santiago starts summer time at 00:00, so that day starts
 * at 01:00): the day's first instant is found by bisection, since the day an instant falls on
 * never goes back as time goes on.
 */
export function startOfDay(day: CalendarDay, timeZone: string): Date {
  const target = dayNumber(day);
  const utcMidnight = Date.UTC(day.year, day.month - 1, day.day);
  let before = utcMidnight - SEARCH_SPAN_MS; // on an earlier day everywhere
  let after = utcMidnight + SEARCH_SPAN_MS; // on this day or a later one everywhere
  while (after - before > 1000) {
    const middle = before + Math.floor((after - before) / 2000) * 1000;
    if (dayNumber(calendarDayAt(middle, timeZone)) >= target) after = middle;
    else before = middle;
  }
  return new Date(after);
}

const WEEKDAY_NUMBER: Record<WeekStart, number> = { sunday: 0, monday: 1 };

/** Today and this week around `now` in the zone, the week starting on `weekStart`. */
export function dashboardPeriod(
  now: number,
  timeZone: string,
  weekStart: WeekStart,
): DashboardPeriod {
  const today = calendarDayAt(now, timeZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const daysIntoWeek = (weekday - WEEKDAY_NUMBER[weekStart] + 7) % 7;
  return {
    timeZone,
    weekStart,
    todayFrom: startOfDay(today, timeZone),
    weekFrom: startOfDay(addDays(today, -daysIntoWeek), timeZone),
    until: startOfDay(addDays(today, 1), timeZone),
  };
}
