import type { Logger } from 'pino';
import {
  MARKETPLACE_NAMES,
  SALE_EVENT_DAYS_DEFAULT,
  isInPerson,
  listingActor,
  isLiveListing,
  listingStateOf,
  phaseOf,
  tryTransition,
  type MarketplaceId,
  type SaleChannel,
  type SaleEvent,
  type SaleOutcomeView,
  type SaleSource,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import type { ItemRecord, ItemRepository } from '../items/item.repository';
import { groupExecutor, type ListingExecutor } from '../listings/listing-executor';
import type { ListingOperationRow } from '../listings/listing.repository';
import type { ListingService } from '../listings/listing.service';
import type {
  SaleDetectionRepository,
  SaleEventRow,
  SaleEventWithItem,
  SaleItemRef,
  SaleOutcomeRow,
  SaleOutcomeState,
} from './sale-detection.repository';

const NO_SUCH_EVENT = 'No such sale event.';

/** A sale as a marketplace, a poll, the extension or the seller reports it. */
export interface SaleReport {
  accountId: string;
  /** Where it sold; in_person only for a sale the seller records. */
  marketplace: SaleChannel;
  externalOrderId: string;
  item: SaleItemRef;
  quantity: number;
  salePrice?: number | null;
  currency?: string | null;
  fees?: number | null;
  buyerCountry?: string | null;
  soldAt?: number | null;
  source: SaleSource;
}

export interface QuantityPush {
  accountId: string;
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  eventId: string;
}

export type SaleRecorded =
  | { status: 'recorded'; event: SaleEventRow }
  | { status: 'duplicate'; event: SaleEventRow }
  | { status: 'unknown_item' };

/**
 * The item owner's settings a sale follows, per marketplace: whether its sales take the item
 * down elsewhere (saleDetection), and whether a listing there that keeps units is changed by
 * delisting and relisting it rather than by setting its quantity (forceDelistRelist).
 */
export type SaleDetectionSettingsOf = (
  accountId: string,
  userId: string,
) => Promise<{
  saleDetection: Partial<Record<MarketplaceId, { enabled: boolean }>>;
  forceDelistRelist: Partial<Record<MarketplaceId, { enabled: boolean }>>;
}>;

const cents = (amount: number | null | undefined) =>
  amount === null || amount === undefined || !Number.isFinite(amount)
    ? null
    : Math.round(amount * 100);

/**
 * Sale detection (issue 6, decision 0015). Every sale heard of (a verified webhook, a poll of
 * orders, the browser extension, the seller) is recorded once per (account, marketplace,
 * order, item). In one transaction with the item row locked, the item's quantity goes down;
 * at zero its listing on the selling marketplace becomes sold and every other live listing is
 * queued for delist through the listing engine's jobs (retried, recorded, re-sent by the
 * sweeper if this process dies before sending). A sale of a unit that is already gone is a
 * double sale: recorded, flagged, and nothing else changes.
 */
export class SaleDetectionService {
  constructor(
    private readonly db: Db,
    private readonly sales: SaleDetectionRepository,
    private readonly items: ItemRepository,
    private readonly listings: ListingService,
    private readonly settingsOf: SaleDetectionSettingsOf,
    /** The account's one currency: what a sale is in when the marketplace does not say. */
    private readonly currencyOf: (accountId: string) => Promise<string | null>,
    /** Whose inventory a member means (their own, or a team member's they name). */
    private readonly itemOwner: (ctx: RequestContext, userId: string) => Promise<string>,
    private readonly logger: Logger,
    /**
     * Told of each new event after it is committed (notifications), with the item's title and,
     * for a double sale, the marketplace where the unit sold first (null when unknown).
     */
    private readonly onRecorded: (
      event: SaleEventRow,
      item: { title: string; soldOn: SaleChannel | null },
    ) => Promise<void> = async () => undefined,
    /** Sends the job that sets the new quantity on one marketplace's live listing. */
    private readonly pushQuantity: (payload: QuantityPush) => Promise<void> = async () => undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async record(report: SaleReport): Promise<SaleRecorded> {
    const found = await this.sales.findSoldItem(report.accountId, report.marketplace, report.item);
    if (!found) {
      this.logger.info(
        { marketplace: report.marketplace, order: report.externalOrderId, item: report.item },
        'a sale of an item this account does not have',
      );
      return { status: 'unknown_item' };
    }
    const seen = await this.sales.findByOrder(
      report.accountId,
      report.marketplace,
      report.externalOrderId,
      found.id,
    );
    if (seen) return { status: 'duplicate', event: seen };

    // Read outside the transaction: neither changes with the item.
    const settings = await this.settingsOf(report.accountId, found.userId);
    const currency =
      report.currency?.trim().toUpperCase() || (await this.currencyOf(report.accountId));
    // A sale the seller made in person has no marketplace whose setting could turn this off.
    const autoDelist = isInPerson(report.marketplace)
      ? true
      : (settings.saleDetection[report.marketplace]?.enabled ?? true);
    const soldWhere = isInPerson(report.marketplace)
      ? 'Sold in person'
      : `Sold on ${MARKETPLACE_NAMES[report.marketplace]}`;
    // Who would carry out a delist on each of the item's marketplaces, read before the
    // transaction: it may read the connections, which must not wait on the item's lock.
    const executors = new Map<string, ListingExecutor>();
    // Where it sold there is nothing to carry out.
    const elsewhere = (found.marketplaces as MarketplaceId[]).filter(
      (marketplace) => marketplace !== report.marketplace,
    );
    if (elsewhere.length > 0) {
      const executorOf = await this.listings.executorsFor(report.accountId);
      for (const marketplace of elsewhere) executors.set(marketplace, executorOf(marketplace));
    }

    const outcome = await this.db.transaction(async (tx) => {
      let row = await this.items.find(report.accountId, found.userId, found.id, {
        forUpdate: true,
        db: tx,
      });
      if (!row) return null;
      const quantity = Math.max(1, Math.trunc(report.quantity));
      const units = row.generalDetails.quantity;
      const double = units < quantity;
      const left = double ? units : units - quantity;
      const detectedAt = new Date(this.now());
      // A double sale names where the unit sold first: the item's last sale ListLoop recorded.
      const soldOn = double
        ? ((await this.sales.lastSaleOf(report.accountId, row.id, tx)) as SaleChannel | null)
        : null;
      const event = await this.sales.insertEvent(
        {
          id: newId(),
          accountId: report.accountId,
          userId: row.userId,
          itemId: row.id,
          marketplace: report.marketplace,
          externalOrderId: report.externalOrderId,
          kind: double ? 'double_sale' : 'sale',
          source: report.source,
          quantity,
          quantityLeft: left,
          salePriceCents: cents(report.salePrice),
          currency: currency ?? null,
          feesCents: cents(report.fees),
          buyerCountry: report.buyerCountry ?? null,
          soldAt: new Date(report.soldAt ?? detectedAt.getTime()),
          detectedAt,
          firstSoldOn: soldOn,
        },
        tx,
      );
      const title = row.generalDetails.title;
      // Another delivery of the same order got the lock first.
      if (!event) return { event: null, title, soldOn: null, operations: [], quantityOn: [] };
      if (double) {
        return { event, title, soldOn, operations: [] as ListingOperationRow[], quantityOn: [] };
      }

      row = await this.setQuantity(tx, row, left);
      const outcomes: SaleOutcomeRow[] = [];
      const operations: ListingOperationRow[] = [];
      const quantityOn: MarketplaceId[] = [];
      const others = Object.keys(row.listings).filter(
        (m) => m !== report.marketplace,
      ) as MarketplaceId[];
      if (left === 0) {
        const by = listingActor.system;
        if (!isInPerson(report.marketplace)) {
          row = await this.listings.markSoldLocked(
            tx,
            row,
            report.marketplace,
            by,
            `${soldWhere} (order ${report.externalOrderId}).`,
          );
        }
        const delists: { marketplace: MarketplaceId; executor: ListingExecutor }[] = [];
        const stops: { marketplace: MarketplaceId; executor: ListingExecutor; reason: string }[] =
          [];
        const inFlight = await this.listings.activeLocked(tx, row, others);
        for (const marketplace of others) {
          const listing = row.listings[marketplace] as Record<string, unknown> | undefined;
          const state = listingStateOf(listing ?? null);
          const phase = phaseOf(state);
          // A marketplace the item gained since the read above: the marketplace's group decides.
          const executor = executors.get(marketplace) ?? groupExecutor(marketplace);
          // Nothing is live yet: a list on its way must not put up what is gone.
          if (phase === 'queued:list') {
            stops.push({ marketplace, executor, reason: `${soldWhere} before it was listed.` });
            continue;
          }
          if (phase === 'queued:relist' && autoDelist) {
            const reason = `${soldWhere} before it was relisted; the listing comes down instead.`;
            stops.push({ marketplace, executor, reason });
            continue;
          }
          if (phase === 'queued:delist') {
            // Already on its way down (a person's delist): that delist is this sale's too.
            const operation = inFlight.get(marketplace);
            outcomes.push(this.outcome(event, marketplace, 'delist_queued', operation?.id ?? null));
            continue;
          }
          if (phase === 'queued:relist') {
            outcomes.push(this.outcome(event, marketplace, 'not_enabled'));
            continue;
          }
          if (!isLiveListing(state)) {
            outcomes.push(this.outcome(event, marketplace, 'not_listed'));
            continue;
          }
          if (!autoDelist) {
            outcomes.push(this.outcome(event, marketplace, 'not_enabled'));
            continue;
          }
          delists.push({ marketplace, executor });
        }
        const stopped = await this.listings.stopListsLocked(tx, row, stops, by, inFlight);
        row = stopped.row;
        for (const stop of stopped.stops) {
          if (stop.delist) {
            operations.push(stop.delist);
            outcomes.push(this.outcome(event, stop.marketplace, 'delist_queued', stop.delist.id));
          } else {
            outcomes.push(
              this.outcome(event, stop.marketplace, 'list_stopped', stop.stopped?.id ?? null),
            );
          }
        }
        const queued = await this.listings.queueManyLocked(
          tx,
          row,
          delists,
          'delist',
          by,
          inFlight,
        );
        row = queued.row;
        queued.operations.forEach(({ operation }, index) => {
          operations.push(operation);
          const { marketplace } = delists[index]!;
          outcomes.push(this.outcome(event, marketplace, 'delist_queued', operation.id));
        });
      } else {
        const relists: { marketplace: MarketplaceId; executor: ListingExecutor }[] = [];
        const inFlight = await this.listings.activeLocked(tx, row, others);
        for (const marketplace of others) {
          const listing = row.listings[marketplace] as Record<string, unknown> | undefined;
          const phase = phaseOf(listingStateOf(listing ?? null));
          // A list or relist on its way goes on: it is built when it runs, with the new quantity.
          if (phase === 'queued:list' || phase === 'queued:relist') {
            const operation = inFlight.get(marketplace);
            const outcome = phase === 'queued:list' ? 'list_queued' : 'relist_queued';
            outcomes.push(this.outcome(event, marketplace, outcome, operation?.id ?? null));
            continue;
          }
          if (!isLiveListing(listingStateOf(listing ?? null))) {
            outcomes.push(this.outcome(event, marketplace, 'not_listed'));
            continue;
          }
          // The seller has this marketplace's listings changed by delisting and relisting: the
          // relist lists the new quantity (the extension's marketplaces change it no other way).
          const relist =
            settings.forceDelistRelist[marketplace]?.enabled === true &&
            tryTransition(
              listingStateOf(listing ?? null),
              { type: 'relist' },
              { marketplace, at: this.now(), by: listingActor.system },
            ).ok;
          if (!relist) {
            outcomes.push(this.outcome(event, marketplace, 'quantity_left'));
            quantityOn.push(marketplace);
            continue;
          }
          relists.push({
            marketplace,
            executor: executors.get(marketplace) ?? groupExecutor(marketplace),
          });
        }
        const queued = await this.listings.queueManyLocked(
          tx,
          row,
          relists,
          'relist',
          listingActor.system,
          inFlight,
        );
        row = queued.row;
        queued.operations.forEach(({ operation }, index) => {
          operations.push(operation);
          const { marketplace } = relists[index]!;
          outcomes.push(this.outcome(event, marketplace, 'relist_queued', operation.id));
        });
      }
      await this.sales.insertOutcomes(outcomes, tx);
      return {
        event,
        title,
        soldOn: null,
        operations: operations.filter((op) => op.status === 'queued'),
        quantityOn,
      };
    });

    if (!outcome) return { status: 'unknown_item' };
    if (!outcome.event) {
      const event = await this.sales.findByOrder(
        report.accountId,
        report.marketplace,
        report.externalOrderId,
        found.id,
      );
      return event ? { status: 'duplicate', event } : { status: 'unknown_item' };
    }
    // After the commit: wake the workers now (the sweeper re-sends what a crash here loses).
    await Promise.all(
      outcome.operations.map((op) =>
        this.listings.send(op).catch((error: unknown) => {
          this.logger.warn({ err: error, operationId: op.id }, 'delist send deferred to sweeper');
        }),
      ),
    );
    // Units left: the new quantity goes to the API marketplaces by a retried job each.
    const event = outcome.event;
    for (const marketplace of outcome.quantityOn as MarketplaceId[]) {
      await this.pushQuantity({
        accountId: report.accountId,
        userId: event.userId,
        itemId: event.itemId,
        marketplace,
        eventId: event.id,
      }).catch((error: unknown) => {
        this.logger.warn({ err: error, marketplace }, 'quantity update could not be sent');
      });
    }
    const item = { title: outcome.title, soldOn: outcome.soldOn };
    await this.onRecorded(outcome.event, item).catch((error: unknown) => {
      this.logger.warn({ err: error, eventId: outcome.event!.id }, 'sale notification failed');
    });
    return { status: 'recorded', event: outcome.event };
  }

  /**
   * PUT …/mark-item-as-sold: the seller records a sale ListLoop could not hear of, on one of
   * the item's marketplaces or in person (decision 0020), with what they know of it: how many
   * units, the price, the date. Recorded as a manual sale, so everything a heard-of sale does
   * follows. Refused when the listing there cannot be sold (as the listing engine refuses it)
   * or when fewer units are left than it says sold. The order id is the item's last change,
   * so the same request sent twice before it is recorded is one sale.
   */
  async markSold(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    input: {
      marketplace: SaleChannel;
      quantity?: number | undefined;
      salePrice?: number | undefined;
      currency?: string | undefined;
      soldAt?: string | undefined;
    },
  ): Promise<SaleEventRow> {
    const owner = await this.itemOwner(ctx, userId);
    const row = await this.items.find(ctx.accountId, owner, itemId);
    if (!row) throw notFound('No such item.');
    const { marketplace } = input;
    const quantity = input.quantity ?? 1;
    const soldAt = input.soldAt ? Date.parse(input.soldAt) : this.now();
    // A clock a few minutes ahead is not a sale in the future.
    if (soldAt > this.now() + 5 * 60_000) {
      const message = 'The sale cannot be dated in the future.';
      throw badRequest(message, [{ path: 'soldAt', message }]);
    }
    if (!isInPerson(marketplace)) {
      const listing = (row.listings[marketplace] ?? null) as Record<string, unknown> | null;
      const allowed = tryTransition(
        listingStateOf(listing),
        { type: 'sold' },
        { marketplace, at: this.now(), by: listingActor.user(ctx.user.id) },
      );
      if (!allowed.ok) throw conflict(allowed.refused.message);
    }
    const units = row.generalDetails.quantity;
    if (units <= 0) {
      throw conflict(
        'No units of this item are left: it has sold already. Raise its quantity first if you have another one.',
      );
    }
    if (quantity > units) {
      throw conflict(
        `Only ${units} ${units === 1 ? 'unit is' : 'units are'} left, so ${quantity} cannot have sold. Raise the quantity first if you had more.`,
      );
    }
    const recorded = await this.record({
      accountId: ctx.accountId,
      marketplace,
      externalOrderId: `manual:${marketplace}:${row.dateLastModified}`,
      item: { itemId },
      quantity,
      salePrice: input.salePrice ?? null,
      currency: input.salePrice === undefined ? null : (input.currency ?? null),
      soldAt,
      source: 'manual',
    });
    if (recorded.status === 'unknown_item') throw notFound('No such item.');
    return recorded.event;
  }

  private outcome(
    event: SaleEventRow,
    marketplace: string,
    outcome: SaleOutcomeRow['outcome'],
    operationId: string | null = null,
  ): SaleOutcomeRow {
    return { eventId: event.id, accountId: event.accountId, marketplace, outcome, operationId };
  }

  private async setQuantity(tx: Db, row: ItemRecord, quantity: number): Promise<ItemRecord> {
    const generalDetails = { ...row.generalDetails, quantity };
    const dateLastModified = this.now();
    await this.items.updateMany(
      row.accountId,
      row.userId,
      [
        {
          id: row.id,
          status: row.status,
          dateLastModified,
          labels: row.labels,
          generalDetails,
          listings: row.listings,
          variants: row.variants,
        },
      ],
      tx,
    );
    return { ...row, generalDetails, dateLastModified };
  }

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

  private async views(rows: readonly SaleEventWithItem[]): Promise<SaleEvent[]> {
    if (rows.length === 0) return [];
    const outcomes = await this.sales.outcomesOf(
      rows[0]!.accountId,
      rows.map((r) => r.id),
    );
    const byEvent = new Map<string, SaleOutcomeState[]>();
    for (const outcome of outcomes) {
      byEvent.set(outcome.eventId, [...(byEvent.get(outcome.eventId) ?? []), outcome]);
    }
    return rows.map((row) => ({
      eventId: row.id,
      kind: row.kind,
      source: row.source,
      marketplace: row.marketplace as SaleChannel,
      externalOrderId: row.externalOrderId,
      itemId: row.itemId,
      userId: row.userId,
      itemTitle: row.itemTitle ?? '',
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
    }));
  }
}

function outcomeView(event: SaleEventRow, state: SaleOutcomeState): SaleOutcomeView {
  const base = {
    marketplace: state.marketplace as MarketplaceId,
    operationId: state.operationId,
    reason: null,
    finishedAt: null,
    msToDelist: null,
  };
  if (state.outcome === 'list_queued') {
    // The list went on with the units left: once it ends, say where the listing stands.
    return {
      ...base,
      outcome:
        state.operationStatus === 'succeeded'
          ? 'quantity_left'
          : state.operationStatus === 'failed' || state.operationStatus === 'canceled'
            ? 'not_listed'
            : 'list_queued',
    };
  }
  if (state.outcome !== 'delist_queued' && state.outcome !== 'relist_queued') {
    return { ...base, outcome: state.outcome };
  }
  const finished = state.operationStatus === 'succeeded' || state.operationStatus === 'failed';
  const finishedAt = finished ? state.operationUpdatedAt : null;
  const relist = state.outcome === 'relist_queued';
  return {
    ...base,
    outcome:
      state.operationStatus === 'succeeded'
        ? relist
          ? 'relisted'
          : 'delisted'
        : state.operationStatus === 'failed' || state.operationStatus === 'canceled'
          ? relist
            ? 'relist_failed'
            : 'delist_failed'
          : state.outcome,
    reason: state.operationStatus === 'failed' ? state.operationError : null,
    finishedAt: finishedAt?.toISOString() ?? null,
    msToDelist: finishedAt ? Math.max(0, finishedAt.getTime() - event.detectedAt.getTime()) : null,
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
