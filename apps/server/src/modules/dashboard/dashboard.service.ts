import {
  MARKETPLACE_IDS,
  checkCompleteness,
  isMarketplaceId,
  listingStateOf,
  type Dashboard,
  type DashboardListings,
  type DashboardNeedsYou,
  type DashboardSales,
  type ExecutorPresenceResponse,
  type ExtensionAbsenceKind,
  type ExtensionWait,
  type FailedListing,
  type IncompleteItem,
  type Item,
  type PermissionKey,
  type SalesFigure,
  type WeekStart,
} from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import type { ActivityService } from '../activity';
import type { ExecutorPresenceService } from '../executors';
import type { ItemService } from '../items';
import type { ListingService } from '../listings';
import type { SaleEventsService } from '../sale-detection';
import { dashboardPeriod, type DashboardPeriod } from './dashboard-period';

/**
 * The picking list's part: how many sold orders of the account wait to be packed. Optional:
 * the dashboard shows the orders to pack only where a picking list answers (wired by the
 * composition root), never a number it made up.
 */
export interface OrdersToPack {
  countOrdersToPack(accountId: string): Promise<number>;
}

/** What the dashboard reads, each through its module's service (decision 0050). */
export interface DashboardDeps {
  sales: Pick<SaleEventsService, 'totals' | 'openDoubleSales'>;
  items: Pick<ItemService, 'list' | 'listingCounts'>;
  listings: Pick<ListingService, 'extensionBacklog'>;
  presence: Pick<ExecutorPresenceService, 'ofCaller'>;
  activity: Pick<ActivityService, 'list'>;
  ordersToPack?: OrdersToPack | undefined;
  now?: () => number;
}

/** Which key each section needs: a role without it does not get the section (null). */
export const SECTION_PERMISSIONS = {
  sales: 'sales.read',
  listings: 'items.read',
  failedListings: 'items.read',
  waitingForExtension: 'items.read',
  doubleSales: 'sales.read',
  incompleteItems: 'items.read',
  ordersToPack: 'sales.read',
  activity: 'activity.read',
} as const satisfies Record<string, PermissionKey>;

/** How many of each kind of entry the dashboard lists; the counts are always whole. */
export const DASHBOARD_LIMITS = {
  latestSales: 5,
  failedListings: 8,
  doubleSales: 5,
  incompleteItems: 5,
  activity: 6,
} as const;

const NO_SALES: SalesFigure = { count: 0, revenue: 0, unpriced: 0 };

/**
 * GET /api/dashboard: the seller's day at a glance, gathered in one request from the modules
 * that own each part. It reads only; each part is the caller's to see or null. The account's
 * sales, double sales and activity are the whole account's (as the Sales and Activity screens);
 * listings, failures, extension work and items in progress are the caller's own inventory's,
 * as the Inventory screen every count links to shows it.
 */
export class DashboardService {
  private readonly now: () => number;

  constructor(private readonly deps: DashboardDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  async read(
    ctx: RequestContext,
    query: { timeZone: string; weekStart: WeekStart },
  ): Promise<Dashboard> {
    const now = this.now();
    const period = dashboardPeriod(now, query.timeZone, query.weekStart);
    const may = (section: keyof typeof SECTION_PERMISSIONS) =>
      ctx.permissions[SECTION_PERMISSIONS[section]] === true;
    const when = <T>(section: keyof typeof SECTION_PERMISSIONS, read: () => Promise<T>) =>
      may(section) ? read() : Promise.resolve(null);

    const [
      sales,
      listings,
      failedListings,
      waitingForExtension,
      doubleSales,
      incompleteItems,
      ordersToPack,
      activity,
    ] = await Promise.all([
      when('sales', () => this.sales(ctx, period)),
      when('listings', () => this.listings(ctx)),
      when('failedListings', () => this.failedListings(ctx)),
      when('waitingForExtension', () => this.waitingForExtension(ctx)),
      when('doubleSales', () => this.deps.sales.openDoubleSales(ctx, DASHBOARD_LIMITS.doubleSales)),
      when('incompleteItems', () => this.incompleteItems(ctx)),
      this.deps.ordersToPack
        ? when('ordersToPack', async () => ({
            count: await this.deps.ordersToPack!.countOrdersToPack(ctx.accountId),
          }))
        : Promise.resolve(null),
      when('activity', async () => {
        const page = await this.deps.activity.list(ctx, { limit: DASHBOARD_LIMITS.activity });
        return { entries: page.entries };
      }),
    ]);
    const needsYou: DashboardNeedsYou = {
      failedListings,
      waitingForExtension,
      doubleSales,
      incompleteItems,
      ordersToPack,
    };
    return {
      generatedAt: new Date(now).toISOString(),
      period: {
        timeZone: period.timeZone,
        weekStart: period.weekStart,
        todayFrom: period.todayFrom.toISOString(),
        weekFrom: period.weekFrom.toISOString(),
        until: period.until.toISOString(),
      },
      sales,
      listings,
      needsYou,
      activity,
    };
  }

  /** Today's and this week's sales in the account's currency; others apart, never added. */
  private async sales(ctx: RequestContext, period: DashboardPeriod): Promise<DashboardSales> {
    const currency = ctx.account.currency.toUpperCase();
    const totals = await this.deps.sales.totals(
      ctx,
      { from: period.weekFrom, recentFrom: period.todayFrom, until: period.until },
      DASHBOARD_LIMITS.latestSales,
    );
    const own = totals.byCurrency.find((row) => row.currency === currency);
    return {
      currency,
      today: own?.recent ?? NO_SALES,
      week: own?.period ?? NO_SALES,
      otherCurrencies: totals.byCurrency
        .filter((row) => row.currency !== currency)
        .sort((a, b) => a.currency.localeCompare(b.currency))
        .map((row) => ({ currency: row.currency, today: row.recent, week: row.period })),
      latest: totals.latest,
    };
  }

  /** The caller's listings listed now, per marketplace, most first. */
  private async listings(ctx: RequestContext): Promise<DashboardListings> {
    const counts = await this.deps.items.listingCounts(ctx, 'listed');
    const marketplaces = MARKETPLACE_IDS.flatMap((marketplace) => {
      const listed = counts.get(marketplace) ?? 0;
      return listed > 0 ? [{ marketplace, listed }] : [];
    }).sort((a, b) => b.listed - a.listed);
    return {
      total: marketplaces.reduce((sum, row) => sum + row.listed, 0),
      marketplaces,
    };
  }

  /**
   * The caller's items whose list or delist failed, counted as the Inventory's listing-status
   * filter counts them (items), with the latest failures, one entry per marketplace.
   */
  private async failedListings(ctx: RequestContext): Promise<DashboardNeedsYou['failedListings']> {
    const page = (listingStatus: 'list_failure' | 'delist_failure') =>
      this.deps.items.list(ctx, {
        listingStatus,
        sort: 'dateLastModified:desc',
        limit: DASHBOARD_LIMITS.failedListings,
      });
    const [lists, delists] = await Promise.all([page('list_failure'), page('delist_failure')]);
    const seen = new Set<string>();
    const entries: FailedListing[] = [];
    for (const item of [...lists.items, ...delists.items]) {
      for (const entry of failuresOf(item)) {
        const key = `${entry.itemId}/${entry.marketplace}`;
        if (seen.has(key)) continue;
        seen.add(key);
        entries.push(entry);
      }
    }
    entries.sort((a, b) => (b.failedAt ?? 0) - (a.failedAt ?? 0));
    return {
      lists: lists.total,
      delists: delists.total,
      entries: entries.slice(0, DASHBOARD_LIMITS.failedListings),
    };
  }

  /**
   * The caller's extension work that nothing will take now (no extension at work there, or one
   * paused or signed out), and what an extension handed back to the seller.
   */
  private async waitingForExtension(
    ctx: RequestContext,
  ): Promise<DashboardNeedsYou['waitingForExtension']> {
    const [backlog, presence] = await Promise.all([
      this.deps.listings.extensionBacklog(ctx),
      this.deps.presence.ofCaller(ctx),
    ]);
    const marketplaces: ExtensionWait[] = [];
    for (const row of backlog) {
      if (!isMarketplaceId(row.marketplace)) continue;
      const absence = absenceOn(presence, row.marketplace);
      if ((row.waiting > 0 && absence !== null) || row.held > 0) {
        marketplaces.push({
          marketplace: row.marketplace,
          waiting: absence === null ? 0 : row.waiting,
          held: row.held,
          absence,
        });
      }
    }
    return { marketplaces };
  }

  /** The caller's items in progress, and what the completeness rule finds each lacks. */
  private async incompleteItems(
    ctx: RequestContext,
  ): Promise<DashboardNeedsYou['incompleteItems']> {
    const page = await this.deps.items.list(ctx, {
      status: 'inProgress',
      sort: 'dateLastModified:desc',
      limit: DASHBOARD_LIMITS.incompleteItems,
    });
    const entries: IncompleteItem[] = page.items.flatMap((item) => {
      const issues = checkCompleteness(item);
      return issues.length > 0
        ? [{ itemId: item.itemID, title: item.generalDetails.title, issues }]
        : [];
    });
    return { total: page.total, totalCapped: page.totalCapped, entries };
  }
}

/** Each marketplace of the item whose list or delist failed. */
function failuresOf(item: Item): FailedListing[] {
  return Object.entries(item.listings).flatMap(([marketplace, listing]) => {
    if (!isMarketplaceId(marketplace)) return [];
    const state = listingStateOf(listing as Record<string, unknown>);
    if (state.status !== 'list_failure' && state.status !== 'delist_failure') return [];
    return [
      {
        itemId: item.itemID,
        userId: item.userID,
        title: item.generalDetails.title,
        marketplace,
        operation: state.status === 'list_failure' ? ('list' as const) : ('delist' as const),
        reason: state.failureReason,
        failedAt: state.lastStatusDate,
      },
    ];
  });
}

/**
 * Why no extension takes the marketplace's work now, as the Marketplaces screen tells it: none
 * seen within the server's window (or ever), paused there, or signed out of the marketplace.
 */
function absenceOn(
  presence: ExecutorPresenceResponse,
  marketplace: string,
): ExtensionAbsenceKind | null {
  const row = presence.marketplaces.find((m) => m.marketplace === marketplace);
  if (!row || !row.active) return 'notSeen';
  if (row.paused) return 'paused';
  if (!row.signedIn) return 'signedOut';
  return null;
}
