import {
  SALE_EVENT_DAYS_DEFAULT,
  type DashboardDoubleSale,
  type DashboardSale,
  type MarketplaceId,
  type SaleChannel,
  type SaleEvent,
  type SaleOutcomeView,
  type SalesFigure,
} from '@listloop/domain';
import { badRequest, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { ItemService } from '../items';
import type { CurrentOperation, ListingService } from '../listings';
import type {
  SaleDetectionRepository,
  SaleEventRow,
  SaleOutcomeRow,
  SaleTotalsRow,
} from './sale-detection.repository';

const NO_SUCH_EVENT = 'No such sale event.';

/** A sale that may wait to be packed: one item (and how many units) of one order. */
export interface OpenSale {
  eventId: string;
  itemId: string;
  /** Whose inventory the item is in. */
  userId: string;
  marketplace: SaleChannel;
  externalOrderId: string;
  quantity: number;
  soldAt: Date;
  detectedAt: Date;
  /** The buyer's shipping deadline, where the marketplace gave one. */
  shipBy: Date | null;
}

/** An outcome with where the operation it queued (or that operation's retry) stands now. */
interface SaleOutcomeState {
  marketplace: string;
  outcome: SaleOutcomeRow['outcome'];
  operationId: string | null;
  current: CurrentOperation | null;
}

/**
 * The Sales screen's reading of sale events: one event, the list of the last days (or one
 * item's sales), and dismissing them. Each event shows what the sale did on every other
 * marketplace, following a delist or relist it queued to how it ended.
 */
export class SaleEventsService {
  constructor(
    private readonly sales: SaleDetectionRepository,
    private readonly items: ItemService,
    private readonly listings: ListingService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async get(ctx: RequestContext, eventId: string): Promise<SaleEvent> {
    const row = await this.sales.find(ctx.accountId, eventId);
    if (!row) throw notFound(NO_SUCH_EVENT);
    const [view] = await this.views([row]);
    return view!;
  }

  async list(
    ctx: RequestContext,
    query: {
      marketplace?: SaleChannel | undefined;
      itemId?: string | undefined;
      state: 'open' | 'dismissed' | 'all';
      days?: number | undefined;
      limit: number;
      cursor?: string | undefined;
    },
  ): Promise<{ events: SaleEvent[]; nextCursor: string | null }> {
    // One item's sales are all of them unless a window is asked for; the tracker's, 30 days.
    const days = query.days ?? (query.itemId ? null : SALE_EVENT_DAYS_DEFAULT);
    const rows = await this.sales.list(ctx.accountId, {
      since: days === null ? undefined : new Date(this.now() - days * 24 * 60 * 60 * 1000),
      marketplace: query.marketplace,
      itemId: query.itemId,
      state: query.state,
      limit: query.limit + 1,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      events: await this.views(page),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * For the picking list: the account's sales heard of since `since`, not dismissed, oldest
   * first (at most `limit`), as plain facts of each sold line.
   */
  async openSales(accountId: string, since: Date, limit: number): Promise<OpenSale[]> {
    const rows = await this.sales.openSalesSince(accountId, since, limit);
    return rows.map((row) => ({
      eventId: row.id,
      itemId: row.itemId,
      userId: row.userId,
      marketplace: row.marketplace as SaleChannel,
      externalOrderId: row.externalOrderId,
      quantity: row.quantity,
      soldAt: row.soldAt,
      detectedAt: row.detectedAt,
      shipBy: row.shipBy,
    }));
  }

  async dismiss(
    ctx: RequestContext,
    eventId: string,
    originPlatform: SaleChannel,
  ): Promise<{ dismissed: number }> {
    const row = await this.sales.find(ctx.accountId, eventId);
    if (!row || row.marketplace !== originPlatform) throw notFound(NO_SUCH_EVENT);
    const dismissed = await this.sales.dismiss(
      ctx.accountId,
      originPlatform,
      new Date(this.now()),
      eventId,
    );
    return { dismissed };
  }

  async dismissAll(
    ctx: RequestContext,
    originPlatform: SaleChannel,
  ): Promise<{ dismissed: number }> {
    const dismissed = await this.sales.dismiss(ctx.accountId, originPlatform, new Date(this.now()));
    return { dismissed };
  }

  /**
   * The account's sales (double sales apart) dated in [from, until), and in [recentFrom, until),
   * per currency: a sale whose source named none is in the account's (decision 0017), and no
   * other currency is ever added to it. With the latest `latest` of them, newest first.
   */
  async totals(
    ctx: RequestContext,
    range: { from: Date; recentFrom: Date; until: Date },
    latest: number,
  ): Promise<{
    byCurrency: { currency: string; period: SalesFigure; recent: SalesFigure }[];
    latest: DashboardSale[];
  }> {
    const own = ctx.account.currency.toUpperCase();
    const [rows, newest] = await Promise.all([
      this.sales.totals(ctx.accountId, range),
      this.sales.latestSales(ctx.accountId, range, latest),
    ]);
    const byCurrency = new Map<string, SaleTotalsRow>();
    for (const row of rows) {
      const currency = row.currency ?? own;
      const seen = byCurrency.get(currency);
      byCurrency.set(currency, seen ? addTotals(seen, row) : { ...row, currency });
    }
    const titles = await this.items.titlesOf(
      ctx.accountId,
      newest.map((r) => r.itemId),
    );
    return {
      byCurrency: [...byCurrency.values()].map((row) => ({
        currency: row.currency ?? own,
        period: { count: row.count, revenue: row.cents / 100, unpriced: row.unpriced },
        recent: {
          count: row.recentCount,
          revenue: row.recentCents / 100,
          unpriced: row.recentUnpriced,
        },
      })),
      latest: newest.map((row) => ({
        eventId: row.id,
        itemId: row.itemId,
        itemTitle: titles.get(row.itemId) ?? '',
        marketplace: row.marketplace as SaleChannel,
        quantity: row.quantity,
        salePrice: row.salePriceCents === null ? null : row.salePriceCents / 100,
        currency: row.currency,
        soldAt: row.soldAt.toISOString(),
      })),
    };
  }

  /** The account's double sales nobody dismissed: how many, and the latest `limit`. */
  async openDoubleSales(
    ctx: RequestContext,
    limit: number,
  ): Promise<{ total: number; entries: DashboardDoubleSale[] }> {
    const { total, rows } = await this.sales.openDoubleSales(ctx.accountId, limit);
    const titles = await this.items.titlesOf(
      ctx.accountId,
      rows.map((r) => r.itemId),
    );
    return {
      total,
      entries: rows.map((row) => ({
        eventId: row.id,
        itemId: row.itemId,
        itemTitle: titles.get(row.itemId) ?? '',
        marketplace: row.marketplace as SaleChannel,
        firstSoldOn: (row.firstSoldOn as SaleChannel | null) ?? null,
        soldAt: row.soldAt.toISOString(),
      })),
    };
  }

  /**
   * Seconds from a sale reaching ListLoop to its last delist, when the delist `operationId` of
   * the item, just succeeded, is the one that ended the item's latest sale's delists: every
   * delist that sale queued (or its retry) succeeded, and this one last (latest end, then id,
   * so two processes finishing two delists at once never both count it). Null otherwise: not a
   * sale's delist, some still under way or failed, or another one ended last.
   */
  async secondsToLastDelist(
    accountId: string,
    itemId: string,
    operationId: string,
  ): Promise<number | null> {
    const event = await this.sales.latestSale(accountId, itemId);
    if (!event) return null;
    const queued = (await this.sales.outcomesOf(accountId, [event.id])).flatMap((o) =>
      o.outcome === 'delist_queued' && o.operationId ? [o.operationId] : [],
    );
    if (queued.length === 0) return null;
    const current = await this.listings.currentOperationsOf(accountId, queued);
    const ends: CurrentOperation[] = [];
    for (const id of queued) {
      const operation = current.get(id);
      if (operation?.status !== 'succeeded') return null;
      ends.push(operation);
    }
    const last = ends.reduce((a, b) => {
      const order = b.updatedAt.getTime() - a.updatedAt.getTime();
      return order > 0 || (order === 0 && b.id > a.id) ? b : a;
    });
    if (last.id !== operationId) return null;
    return Math.max(0, last.updatedAt.getTime() - event.detectedAt.getTime()) / 1000;
  }

  private async views(rows: readonly SaleEventRow[]): Promise<SaleEvent[]> {
    if (rows.length === 0) return [];
    const accountId = rows[0]!.accountId;
    const [outcomes, titles] = await Promise.all([
      this.sales.outcomesOf(
        accountId,
        rows.map((r) => r.id),
      ),
      this.items.titlesOf(
        accountId,
        rows.map((r) => r.itemId),
      ),
    ]);
    const current = await this.listings.currentOperationsOf(
      accountId,
      outcomes.flatMap((o) => (o.operationId ? [o.operationId] : [])),
    );
    const byEvent = new Map<string, SaleOutcomeState[]>();
    for (const outcome of outcomes) {
      const operationId = outcome.operationId ?? null;
      const state: SaleOutcomeState = {
        marketplace: outcome.marketplace,
        outcome: outcome.outcome,
        operationId,
        current: operationId ? (current.get(operationId) ?? null) : null,
      };
      byEvent.set(outcome.eventId, [...(byEvent.get(outcome.eventId) ?? []), state]);
    }
    return rows.map((row) => ({
      eventId: row.id,
      kind: row.kind,
      source: row.source,
      marketplace: row.marketplace as SaleChannel,
      externalOrderId: row.externalOrderId,
      itemId: row.itemId,
      userId: row.userId,
      itemTitle: titles.get(row.itemId) ?? '',
      quantity: row.quantity,
      quantityLeft: row.quantityLeft,
      salePrice: row.salePriceCents === null ? null : row.salePriceCents / 100,
      currency: row.currency,
      fees: row.feesCents === null ? null : row.feesCents / 100,
      buyerCountry: row.buyerCountry,
      soldAt: row.soldAt.toISOString(),
      detectedAt: row.detectedAt.toISOString(),
      dismissedAt: row.dismissedAt?.toISOString() ?? null,
      firstSoldOn: (row.firstSoldOn as SaleChannel | null) ?? null,
      outcomes: (byEvent.get(row.id) ?? []).map((o) => outcomeView(row, o)),
      steps: row.steps,
    }));
  }
}

function outcomeView(event: SaleEventRow, state: SaleOutcomeState): SaleOutcomeView {
  const operation = state.current;
  const base = {
    marketplace: state.marketplace as MarketplaceId,
    // The retry's id once the operation was queued again.
    operationId: operation?.id ?? state.operationId,
    reason: null,
    finishedAt: null,
    msToDelist: null,
  };
  if (state.outcome === 'list_queued') {
    // The list went on with the units left: once it ends, say where the listing stands.
    return {
      ...base,
      outcome:
        operation?.status === 'succeeded'
          ? 'quantity_left'
          : operation?.status === 'failed' || operation?.status === 'canceled'
            ? 'not_listed'
            : 'list_queued',
    };
  }
  if (state.outcome !== 'delist_queued' && state.outcome !== 'relist_queued') {
    return { ...base, outcome: state.outcome };
  }
  const finished = operation?.status === 'succeeded' || operation?.status === 'failed';
  const finishedAt = finished ? (operation?.updatedAt ?? null) : null;
  const relist = state.outcome === 'relist_queued';
  return {
    ...base,
    outcome:
      operation?.status === 'succeeded'
        ? relist
          ? 'relisted'
          : 'delisted'
        : operation?.status === 'failed' || operation?.status === 'canceled'
          ? relist
            ? 'relist_failed'
            : 'delist_failed'
          : state.outcome,
    reason: operation?.status === 'failed' ? (operation?.lastError ?? null) : null,
    finishedAt: finishedAt?.toISOString() ?? null,
    msToDelist: finishedAt ? Math.max(0, finishedAt.getTime() - event.detectedAt.getTime()) : null,
  };
}

function addTotals(a: SaleTotalsRow, b: SaleTotalsRow): SaleTotalsRow {
  return {
    currency: a.currency,
    count: a.count + b.count,
    cents: a.cents + b.cents,
    unpriced: a.unpriced + b.unpriced,
    recentCount: a.recentCount + b.recentCount,
    recentCents: a.recentCents + b.recentCents,
    recentUnpriced: a.recentUnpriced + b.recentUnpriced,
  };
}

function encodeCursor(row: SaleEventRow): string {
  return Buffer.from(`${row.detectedAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { detectedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const detectedAt = new Date(at ?? '');
  if (!id || Number.isNaN(detectedAt.getTime())) {
    throw badRequest('This page cursor is not one ListLoop gave; start from the first page.');
  }
  return { detectedAt, id };
}
