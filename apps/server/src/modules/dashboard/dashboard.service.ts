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
  type ListingStatus,
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
  items: Pick<ItemService, 'list' | 'listingStatusCounts' | 'listingsInStatus'>;
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

/** The listing statuses the dashboard counts: what is live, and what failed. */
const FAILURES: readonly ListingStatus[] = ['list_failure', 'delist_failure'];
const LISTING_STATUSES_READ: readonly ListingStatus[] = ['listed', ...FAILURES];

type ListingStatusCount = Awaited<ReturnType<ItemService['listingStatusCounts']>>[number];

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
    // What is listed and what failed come from one pass over the caller's listings.
    const counts =
      may('listings') || may('failedListings')
        ? this.deps.items.listingStatusCounts(ctx, LISTING_STATUSES_READ)
        : Promise.resolve([]);
    const picking = this.deps.ordersToPack;

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
      when('listings', async () => listedOf(await counts)),
      when('failedListings', async () => this.failedListings(ctx, await counts)),
      when('waitingForExtension', () => this.waitingForExtension(ctx)),
      when('doubleSales', () => this.deps.sales.openDoubleSales(ctx, DASHBOARD_LIMITS.doubleSales)),
      when('incompleteItems', () => this.incompleteItems(ctx)),
      picking
        ? when('ordersToPack', async () => ({
            count: await picking.countOrdersToPack(ctx.accountId),
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

  /**
   * The caller's items whose list or delist failed, counted as the Inventory's listing-status
   * filter counts them (items), with the latest failures, one entry per marketplace. Only the
   * marketplaces the counts found failures on are searched, so the listings index answers.
   */
  private async failedListings(
    ctx: RequestContext,
    counts: ListingStatusCount[],
  ): Promise<DashboardNeedsYou['failedListings']> {
    const wanted = counts.filter(
      (row) =>
        FAILURES.includes(row.status) && row.listings > 0 && isMarketplaceId(row.marketplace),
    );
    if (wanted.length === 0) return { lists: 0, delists: 0, entries: [] };
    const found = await this.deps.items.listingsInStatus(
      ctx,
      wanted.map(({ marketplace, status }) => ({ marketplace, status })),
      DASHBOARD_LIMITS.failedListings,
    );
    const entries = found.listings.flatMap((row): FailedListing[] => {
      const state = listingStateOf(row.listing);
      if (!isMarketplaceId(row.marketplace)) return [];
      if (state.status !== 'list_failure' && state.status !== 'delist_failure') return [];
      return [
        {
          itemId: row.id,
          userId: row.userId,
          title: row.title ?? '',
          marketplace: row.marketplace,
          operation: state.status === 'list_failure' ? 'list' : 'delist',
          reason: state.failureReason,
          failedAt: state.lastStatusDate,
        },
      ];
    });
    return {
      lists: found.items.get('list_failure') ?? 0,
      delists: found.items.get('delist_failure') ?? 0,
      entries,
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
      total: 'count',
    });
    const entries: IncompleteItem[] = page.items.flatMap((item) => {
      const issues = checkCompleteness(item);
      return issues.length > 0
        ? [{ itemId: item.itemID, title: item.generalDetails.title, issues }]
        : [];
    });
    // One status of the inventory: always totalled, from the kept counters.
    return { total: page.total ?? 0, totalCapped: page.totalCapped, entries };
  }
}

/** The caller's listings listed now, per marketplace, most first. */
function listedOf(counts: ListingStatusCount[]): DashboardListings {
  const listed = new Map(
    counts.filter((row) => row.status === 'listed').map((row) => [row.marketplace, row.listings]),
  );
  const marketplaces = MARKETPLACE_IDS.flatMap((marketplace) => {
    const n = listed.get(marketplace) ?? 0;
    return n > 0 ? [{ marketplace, listed: n }] : [];
  }).sort((a, b) => b.listed - a.listed);
  return { total: marketplaces.reduce((sum, row) => sum + row.listed, 0), marketplaces };
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
