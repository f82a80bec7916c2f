import {
  isTimeZone,
  type CountryCode,
  type DashboardNeedsYou,
  type DashboardQuery,
  type WeekStart,
} from '@listloop/domain';

/** The US counts its weeks from Sunday; the UK, Spain and Italy from Monday. */
export function weekStartFor(country: CountryCode): WeekStart {
  return country === 'US' ? 'sunday' : 'monday';
}

/** The zone the browser runs in, which the seller's "today" is; UTC when it names none. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

export function dashboardQuery(country: CountryCode, timeZone: string): Required<DashboardQuery> {
  return { timeZone, weekStart: weekStartFor(country) };
}

/**
 * What the "Needs you" card lists: the sections the caller may see that have something in
 * them, in the order a seller deals with them (what is still for sale elsewhere first).
 */
export type NeedsYouSection =
  'failedListings' | 'doubleSales' | 'waitingForExtension' | 'ordersToPack' | 'incompleteItems';

export function needsYouSections(needsYou: DashboardNeedsYou): NeedsYouSection[] {
  const sections: NeedsYouSection[] = [];
  const failed = needsYou.failedListings;
  if (failed && (failed.lists > 0 || failed.delists > 0 || failed.entries.length > 0)) {
    sections.push('failedListings');
  }
  if (needsYou.doubleSales && needsYou.doubleSales.total > 0) sections.push('doubleSales');
  if (needsYou.waitingForExtension && needsYou.waitingForExtension.marketplaces.length > 0) {
    sections.push('waitingForExtension');
  }
  if (needsYou.ordersToPack && needsYou.ordersToPack.count > 0) sections.push('ordersToPack');
  if (needsYou.incompleteItems && needsYou.incompleteItems.total > 0) {
    sections.push('incompleteItems');
  }
  return sections;
}

/** Whether the caller may see any part of "Needs you" at all (a role with none sees no card). */
export function seesNeedsYou(needsYou: DashboardNeedsYou): boolean {
  return Object.values(needsYou).some((section) => section !== null);
}
