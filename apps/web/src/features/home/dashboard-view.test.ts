import type { DashboardNeedsYou } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { dashboardQuery, needsYouSections, seesNeedsYou, weekStartFor } from './dashboard-view';

const NOTHING: DashboardNeedsYou = {
  failedListings: null,
  waitingForExtension: null,
  doubleSales: null,
  incompleteItems: null,
  ordersToPack: null,
};

const EMPTY: DashboardNeedsYou = {
  failedListings: { lists: 0, delists: 0, entries: [] },
  waitingForExtension: { marketplaces: [] },
  doubleSales: { total: 0, entries: [] },
  incompleteItems: { total: 0, totalCapped: false, entries: [] },
  ordersToPack: { count: 0 },
};

describe('the home dashboard’s view', () => {
  it('counts weeks from Sunday in the US edition and from Monday in the others', () => {
    expect(weekStartFor('US')).toBe('sunday');
    expect(weekStartFor('UK')).toBe('monday');
    expect(weekStartFor('ES')).toBe('monday');
    expect(weekStartFor('IT')).toBe('monday');
    expect(dashboardQuery('IT', 'Europe/Rome')).toEqual({
      timeZone: 'Europe/Rome',
      weekStart: 'monday',
    });
  });

  it('is all caught up when every section the caller sees is empty, and shows no card when they see none', () => {
    expect(needsYouSections(EMPTY)).toEqual([]);
    expect(seesNeedsYou(EMPTY)).toBe(true);
    expect(seesNeedsYou(NOTHING)).toBe(false);
    expect(seesNeedsYou({ ...NOTHING, ordersToPack: { count: 0 } })).toBe(true);
  });

  it('lists what has something in it, what is still for sale elsewhere first', () => {
    const busy: DashboardNeedsYou = {
      failedListings: { lists: 0, delists: 1, entries: [] },
      waitingForExtension: {
        marketplaces: [{ marketplace: 'poshmark', waiting: 2, held: 0, absence: 'notSeen' }],
      },
      doubleSales: { total: 1, entries: [] },
      incompleteItems: { total: 12, totalCapped: false, entries: [] },
      ordersToPack: { count: 3 },
    };
    expect(needsYouSections(busy)).toEqual([
      'failedListings',
      'doubleSales',
      'waitingForExtension',
      'ordersToPack',
      'incompleteItems',
    ]);
    expect(needsYouSections({ ...EMPTY, incompleteItems: busy.incompleteItems })).toEqual([
      'incompleteItems',
    ]);
  });
});
