import { describe, expect, it } from 'vitest';
import { allPermissions, type PermissionKey } from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import { DashboardService, type DashboardDeps, type OrdersToPack } from './dashboard.service';

const NOW = Date.parse('2025-01-16T04:30:00Z');

/** A member of a EUR account holding these keys (or every one). */
function caller(keys: PermissionKey[] | 'all'): RequestContext {
  const permissions = allPermissions(false);
  for (const key of keys === 'all' ? (Object.keys(permissions) as PermissionKey[]) : keys) {
    permissions[key] = true;
  }
  return {
    accountId: 'acc-1',
    user: { id: 'user-1', email: 'ada@example.test', name: 'Ada' },
    account: { accountId: 'acc-1', currency: 'EUR' },
    permissions,
  } as unknown as RequestContext;
}

const figure = (count: number, revenue: number) => ({ count, revenue, unpriced: 0 });

/** The other modules' services as they answer, recording who was asked. */
function deps(ordersToPack?: OrdersToPack) {
  const asked: string[] = [];
  const stub: DashboardDeps = {
    now: () => NOW,
    sales: {
      totals: async () => {
        asked.push('sales');
        return {
          byCurrency: [
            { currency: 'USD', period: figure(2, 30), recent: figure(1, 10) },
            { currency: 'EUR', period: figure(4, 200), recent: figure(3, 120) },
          ],
          latest: [],
        };
      },
      openDoubleSales: async () => {
        asked.push('doubleSales');
        return { total: 0, entries: [] };
      },
    },
    items: {
      list: async () => {
        asked.push('items');
        return { items: [], total: 0, totalCapped: false, nextCursor: null };
      },
      listingStatusCounts: async () => {
        asked.push('listings');
        return [
          { marketplace: 'ebay', status: 'listed', listings: 3 },
          { marketplace: 'mercari', status: 'listed', listings: 7 },
          { marketplace: 'myspace', status: 'listed', listings: 2 },
          { marketplace: 'etsy', status: 'list_failure', listings: 1 },
        ];
      },
      listingsInStatus: async (_ctx, wanted) => {
        asked.push(`failures on ${wanted.map((w) => `${w.marketplace}/${w.status}`).join(' ')}`);
        return {
          items: new Map([['list_failure', 1]]),
          listings: [
            {
              id: 'item-1',
              userId: 'user-1',
              title: 'Silk scarf',
              marketplace: 'etsy',
              listing: { status: 'list_failure', failureReason: 'No profile.', lastStatusDate: 5 },
            },
          ],
        };
      },
    },
    listings: {
      extensionBacklog: async () => {
        asked.push('backlog');
        return [
          { marketplace: 'poshmark', waiting: 2, held: 0 },
          { marketplace: 'mercari', waiting: 4, held: 1 },
          { marketplace: 'vinted', waiting: 1, held: 0 },
        ];
      },
    },
    presence: {
      ofCaller: async () => ({
        staleAfterMs: 600_000,
        marketplaces: [
          {
            marketplace: 'mercari',
            lastSeenAt: new Date(NOW).toISOString(),
            signedIn: true,
            paused: false,
            tokenId: null,
            tokenName: null,
            active: true,
          },
          {
            marketplace: 'vinted',
            lastSeenAt: new Date(NOW).toISOString(),
            signedIn: true,
            paused: true,
            tokenId: null,
            tokenName: null,
            active: true,
          },
        ],
      }),
    },
    activity: {
      list: async () => {
        asked.push('activity');
        return { entries: [], nextCursor: null };
      },
    },
    ...(ordersToPack ? { ordersToPack } : {}),
  };
  return { stub, asked };
}

const QUERY = { timeZone: 'Europe/Rome', weekStart: 'monday' as const };

describe('the dashboard’s sections', () => {
  it('adds up money in the account’s currency only, and keeps every other currency apart', async () => {
    const { stub } = deps();
    const view = await new DashboardService(stub).read(caller('all'), QUERY);
    expect(view.sales).toEqual({
      currency: 'EUR',
      today: figure(3, 120),
      week: figure(4, 200),
      otherCurrencies: [{ currency: 'USD', today: figure(1, 10), week: figure(2, 30) }],
      latest: [],
    });
  });

  it('lists the marketplaces with listings live, most first, and only marketplaces it knows', async () => {
    const { stub } = deps();
    const view = await new DashboardService(stub).read(caller('all'), QUERY);
    expect(view.listings).toEqual({
      total: 10,
      marketplaces: [
        { marketplace: 'mercari', listed: 7 },
        { marketplace: 'ebay', listed: 3 },
      ],
    });
  });

  it('tells extension work nothing will take from work an extension at hand is about to', async () => {
    const { stub } = deps();
    const view = await new DashboardService(stub).read(caller('all'), QUERY);
    expect(view.needsYou.waitingForExtension).toEqual({
      marketplaces: [
        { marketplace: 'poshmark', waiting: 2, held: 0, absence: 'notSeen' },
        // An extension is at work on Mercari: only what it handed back needs the seller.
        { marketplace: 'mercari', waiting: 0, held: 1, absence: null },
        { marketplace: 'vinted', waiting: 1, held: 0, absence: 'paused' },
      ],
    });
  });

  it('searches failures only on the marketplaces the counts found them on', async () => {
    const { stub, asked } = deps();
    const view = await new DashboardService(stub).read(caller(['items.read']), QUERY);
    expect(asked).toContain('failures on etsy/list_failure');
    expect(view.needsYou.failedListings).toEqual({
      lists: 1,
      delists: 0,
      entries: [
        {
          itemId: 'item-1',
          userId: 'user-1',
          title: 'Silk scarf',
          marketplace: 'etsy',
          operation: 'list',
          reason: 'No profile.',
          failedAt: 5,
        },
      ],
    });
  });

  it('shows the orders to pack only where the picking list answers, and only with sales.read', async () => {
    const counted: string[] = [];
    const picking: OrdersToPack = {
      countOrdersToPack: async (accountId) => {
        counted.push(accountId);
        return 4;
      },
    };
    expect(
      (await new DashboardService(deps().stub).read(caller('all'), QUERY)).needsYou,
    ).toMatchObject({ ordersToPack: null });
    const withPicking = new DashboardService(deps(picking).stub);
    expect((await withPicking.read(caller('all'), QUERY)).needsYou.ordersToPack).toEqual({
      count: 4,
    });
    expect(counted).toEqual(['acc-1']);
    expect(
      (await withPicking.read(caller(['items.read']), QUERY)).needsYou.ordersToPack,
    ).toBeNull();
    expect(counted).toEqual(['acc-1']);
  });

  it('asks no module for a section the caller’s role does not hold the key to', async () => {
    const { stub, asked } = deps();
    const view = await new DashboardService(stub).read(caller(['activity.read']), QUERY);
    expect(asked).toEqual(['activity']);
    expect(view.sales).toBeNull();
    expect(view.listings).toBeNull();
    expect(Object.values(view.needsYou)).toEqual([null, null, null, null, null]);
    expect(view.activity).toEqual({ entries: [] });
  });

  it('answers the periods it counted', async () => {
    const view = await new DashboardService(deps().stub).read(caller([]), QUERY);
    expect(view.period).toEqual({
      timeZone: 'Europe/Rome',
      weekStart: 'monday',
      todayFrom: '2025-01-15T23:00:00.000Z',
      weekFrom: '2025-01-12T23:00:00.000Z',
      until: '2025-01-16T23:00:00.000Z',
    });
    expect(view.generatedAt).toBe('2025-01-16T04:30:00.000Z');
  });
});
