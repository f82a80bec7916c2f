import type { ActivityFilters } from './api/activity.api';

/** The filter form's values: dates as the date inputs give them (YYYY-MM-DD), local days. */
export interface ActivityFilterForm {
  actor: string | null;
  subjectType: ActivityFilters['subjectType'] | null;
  action: ActivityFilters['action'] | null;
  fromDay: string;
  toDay: string;
}

export const EMPTY_FILTERS: ActivityFilterForm = {
  actor: null,
  subjectType: null,
  action: null,
  fromDay: '',
  toDay: '',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start (or end) of a local day as an ISO date-time; undefined for no day. */
export function dayBoundary(day: string, end: boolean): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [, y, mo, d] = match.map(Number) as [number, number, number, number];
  const at = end ? new Date(y, mo - 1, d, 23, 59, 59, 999) : new Date(y, mo - 1, d, 0, 0, 0, 0);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** The query's filters from the form: whole local days, the "to" day included. */
export function filtersOf(form: ActivityFilterForm): ActivityFilters {
  const from = dayBoundary(form.fromDay, false);
  let to = dayBoundary(form.toDay, true);
  // A period given backwards is read the right way round rather than refused.
  if (from && to && from > to) to = dayBoundary(form.fromDay, true);
  return {
    actor: form.actor ?? undefined,
    subjectType: form.subjectType ?? undefined,
    action: form.action ?? undefined,
    from,
    to,
  };
}

export function hasFilters(form: ActivityFilterForm): boolean {
  return Boolean(form.actor || form.subjectType || form.action || form.fromDay || form.toDay);
}
