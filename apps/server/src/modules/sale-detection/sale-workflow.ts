import type { ProductActivity } from '../activity';
import type { Logger } from 'pino';
import {
  MARKETPLACE_NAMES,
  isInPerson,
  listingActor,
  type MarketplaceId,
  type NotifyInput,
  type SaleChannel,
  type SaleStep,
  type SaleStepRecord,
  type SaleStepResult,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { stableJobId } from '../../platform/queue/job';
import type { ItemRecord, ItemService } from '../items';
import type {
  ActiveLocked,
  ListingExecutor,
  ListingOperationRow,
  ListingService,
} from '../listings';
import type {
  NewSaleEventRow,
  SaleDetectionRepository,
  SaleEventRow,
  SaleOutcomeRow,
} from './sale-detection.repository';
import { planTakeDown, planUnitsLeft, type PlannedOutcome } from './sale-plan';
import type {
  QuantityPush,
  SaleDetectionSettingsOf,
  SaleRecorded,
  SaleReport,
  VerifiedSale,
} from './sale-report';

/**
 * The steps a sale went through (SALE_STEPS, in @listloop/domain), kept on its event for the
 * Sales screen under the names the logs use. Every step is idempotent: the event is recorded once
 * per (account, marketplace, order, item), and a second delivery of the same sale stops at
 * record-event; what runs after the commit (sending the queued operations, the quantity jobs,
 * the notification) is keyed by the event.
 */
class StepTrail {
  readonly records: SaleStepRecord[] = [];
  constructor(private readonly now: () => number) {}

  add(
    step: SaleStep,
    result: SaleStepResult = 'done',
    marketplaces: readonly MarketplaceId[] = [],
  ) {
    this.records.push({
      step,
      at: new Date(this.now()).toISOString(),
      result,
      marketplaces: [...marketplaces],
    });
  }
}

/** Another delivery of the same order recorded its event first: the transaction is undone. */
class RecordedAlready extends Error {}

/** The jobs the workflow hands work to (the container forwards them to the queue). */
export interface SaleJobs {
  /** Records a sale later, with retries: for a webhook's sale that could not be recorded now. */
  recordSale: (report: SaleReport) => Promise<unknown>;
  /** Sets the new quantity on one marketplace's listing; the id makes a second send the same job. */
  pushQuantity: (payload: QuantityPush, options: { id: string }) => Promise<unknown>;
  /** Writes what ListLoop did to the account's activity log (the activity module's service). */
  recordActivity?: (entries: ProductActivity[]) => Promise<unknown>;
}

/** What the workflow read before it locks the item: none of it changes with the item. */
interface SaleContext {
  report: SaleReport;
  item: { id: string; userId: string };
  settings: Awaited<ReturnType<SaleDetectionSettingsOf>>;
  currency: string | null;
  /** Whether this sale takes the item down elsewhere. */
  autoDelist: boolean;
  /** "Sold on eBay", "Sold in person": the start of every reason this sale writes. */
  soldWhere: string;
  /** Who would carry out an operation on each of the item's other marketplaces. */
  executors: Map<string, ListingExecutor>;
}

/** What the transaction did, for the steps after the commit. */
interface Applied {
  event: SaleEventRow;
  title: string;
  /** For a double sale, where the unit sold first. */
  soldOn: SaleChannel | null;
  operations: ListingOperationRow[];
  quantityOn: MarketplaceId[];
  /** The item as the transaction left it. */
  item: ItemRecord;
}

const cents = (amount: number | null | undefined) =>
  amount === null || amount === undefined || !Number.isFinite(amount)
    ? null
    : Math.round(amount * 100);

/**
 * The sale workflow (decision 0015): from a verified sale (a webhook, a poll of orders, the
 * browser extension, the seller) to the item marked sold everywhere. Recorded once per
 * (account, marketplace, order, item); in one transaction with the item row locked, the
 * quantity goes down; at zero the listing where it sold becomes sold, queued lists elsewhere
 * are stopped and every other live listing is queued for delist through the listing engine's
 * jobs (retried, recorded, re-sent by the sweeper if this process dies before sending). Units
 * left go to the other marketplaces as a quantity or a relist. A sale of a unit that is already
 * gone is a double sale: recorded, flagged, and nothing else changes. The owner is told.
 */
export class SaleWorkflow {
  constructor(
    private readonly db: Db,
    private readonly sales: SaleDetectionRepository,
    private readonly items: ItemService,
    private readonly listings: ListingService,
    private readonly settingsOf: SaleDetectionSettingsOf,
    /** The account's one currency: what a sale is in when the marketplace does not say. */
    private readonly currencyOf: (accountId: string) => Promise<string | null>,
    private readonly notifyOwner: (input: NotifyInput) => Promise<unknown>,
    private readonly jobs: SaleJobs,
    private readonly logger: Logger,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * A verified webhook's sales, for each account whose connection it came to. Recorded now,
   * so the item comes down fast; if that fails (the database briefly away) by a retried job.
   * Idempotent either way.
   */
  async receive(accountIds: readonly string[], sales: readonly VerifiedSale[]): Promise<void> {
    for (const accountId of accountIds) {
      for (const sale of sales) {
        const report: SaleReport = {
          accountId,
          marketplace: sale.marketplace,
          externalOrderId: sale.externalOrderId,
          item: sale.item,
          quantity: sale.quantity,
          salePrice: sale.salePrice ?? null,
          currency: sale.currency ?? null,
          soldAt: sale.soldAt ?? null,
          source: 'webhook',
        };
        await this.record(report).catch(async (error: unknown) => {
          this.logger.warn(
            { err: error, marketplace: sale.marketplace, step: 'record-event' },
            'sale from a webhook deferred to a job',
          );
          await this.jobs.recordSale(report);
        });
      }
    }
  }

  /** Runs the workflow for one sale; a sale reported again answers its first event. */
  async record(report: SaleReport): Promise<SaleRecorded> {
    const steps = new StepTrail(this.now);
    const found = await this.findItem(report);
    if (!found) return { status: 'unknown_item' };
    steps.add('find-item');
    const seen = await this.recorded(report, found.id);
    if (seen) return { status: 'duplicate', event: seen };

    const sale = await this.readBeforeLock(report, found);
    // The item is written once, as the sale's last step leaves it.
    const applied = await this.db
      .transaction((tx) => this.items.writingOnceLocked(tx, () => this.apply(tx, sale, steps)))
      .catch((error: unknown) => {
        if (error instanceof RecordedAlready) return null;
        throw error;
      });
    if (!applied) {
      // Another delivery of the same order got the lock first, or the item is gone.
      const event = await this.recorded(report, found.id);
      return event ? { status: 'duplicate', event } : { status: 'unknown_item' };
    }
    const event = applied.event;
    const after = new StepTrail(this.now);
    await this.sendOperations(event, applied.operations, after);
    await this.pushQuantities(event, applied.quantityOn, after);
    await this.notify(event, { title: applied.title, soldOn: applied.soldOn }, after);
    await this.recordActivity(event, applied);
    await this.sales.appendSteps(event.id, after.records).catch((error: unknown) => {
      this.logger.warn({ err: error, eventId: event.id }, 'sale steps not kept');
    });
    return { status: 'recorded', event, item: applied.item };
  }

  /** Step find-item: the account's item the sale names. */
  private async findItem(report: SaleReport) {
    const found = await this.items.findSoldItem(report.accountId, report.marketplace, report.item);
    if (!found) {
      this.log('find-item', report, 'a sale of an item this account does not have', {
        item: report.item,
      });
    }
    return found;
  }

  /** This order of this item, if recorded already (record-event's idempotency). */
  private async recorded(report: SaleReport, itemId: string): Promise<SaleEventRow | null> {
    const event = await this.sales.findByOrder(
      report.accountId,
      report.marketplace,
      report.externalOrderId,
      itemId,
    );
    if (event) this.log('record-event', report, 'sale recorded already', { eventId: event.id });
    return event;
  }

  private async readBeforeLock(
    report: SaleReport,
    found: { id: string; userId: string; marketplaces: string[] },
  ): Promise<SaleContext> {
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
    // Read before the transaction: the executors may read the connections, which must not wait
    // on the item's lock. Where it sold there is nothing to carry out.
    const executors = new Map<string, ListingExecutor>();
    const elsewhere = (found.marketplaces as MarketplaceId[]).filter(
      (marketplace) => marketplace !== report.marketplace,
    );
    if (elsewhere.length > 0) {
      const executorOf = await this.listings.executorsFor(report.accountId);
      for (const marketplace of elsewhere) executors.set(marketplace, executorOf(marketplace));
    }
    return { report, item: found, settings, currency, autoDelist, soldWhere, executors };
  }

  /** The steps inside the item's lock; null when the item is gone. */
  private async apply(tx: Db, sale: SaleContext, steps: StepTrail): Promise<Applied | null> {
    const { report } = sale;
    const row = await this.items.findLocked(tx, report.accountId, sale.item.userId, sale.item.id);
    if (!row) return null;
    const title = row.generalDetails.title;
    const check = await this.checkDoubleSale(tx, sale, row);
    steps.add('check-double-sale');
    const draft = this.eventOf(sale, row, check);
    steps.add('record-event');
    if (check.double) {
      const event = await this.recordEvent(tx, sale, draft, steps);
      return { event, title, soldOn: check.soldOn, operations: [], quantityOn: [], item: row };
    }
    // What is under way on each of its listings, read once: no step reads it again or ends
    // an operation that is not there.
    const active = await this.listings.activeLocked(
      tx,
      row,
      Object.keys(row.listings) as MarketplaceId[],
    );
    let item = await this.markItemSold(tx, sale, row, check.left, active);
    steps.add('mark-item-sold');
    const others = Object.keys(item.listings).filter(
      (m) => m !== report.marketplace,
    ) as MarketplaceId[];
    const inFlight = active.state;
    const input = { others, inFlight, executors: sale.executors };
    const outcomes: PlannedOutcome[] = [];
    const operations: ListingOperationRow[] = [];
    let quantityOn: MarketplaceId[] = [];
    if (check.left === 0) {
      const plan = planTakeDown({ ...input, row: item }, sale);
      outcomes.push(...plan.outcomes);
      const stopped = await this.stopQueuedLists(tx, sale, item, plan.stops, active);
      if (plan.stops.length > 0) {
        steps.add(
          'stop-queued-lists',
          'done',
          plan.stops.map((stop) => stop.marketplace),
        );
      }
      item = stopped.row;
      outcomes.push(...stopped.outcomes);
      operations.push(...stopped.operations);
      const queued = await this.queueElsewhere(tx, sale, item, plan.delists, 'delist', active);
      if (plan.delists.length > 0) {
        steps.add(
          'queue-delists',
          'done',
          plan.delists.map((target) => target.marketplace),
        );
      }
      item = queued.row;
      outcomes.push(...queued.outcomes);
      operations.push(...queued.operations);
    } else {
      const plan = planUnitsLeft(
        { ...input, row: item },
        { forceDelistRelist: sale.settings.forceDelistRelist, at: this.now() },
      );
      outcomes.push(...plan.outcomes);
      const queued = await this.queueElsewhere(tx, sale, item, plan.relists, 'relist', active);
      if (plan.relists.length > 0) {
        steps.add(
          'queue-relists',
          'done',
          plan.relists.map((target) => target.marketplace),
        );
      }
      item = queued.row;
      outcomes.push(...queued.outcomes);
      operations.push(...queued.operations);
      quantityOn = plan.quantityOn;
    }
    const event = await this.recordEvent(tx, sale, draft, steps);
    await this.sales.insertOutcomes(
      outcomes.map((o) => outcomeRow(event, o)),
      tx,
    );
    return {
      event,
      title,
      soldOn: null,
      operations: operations.filter((op) => op.status === 'queued'),
      quantityOn,
      item,
    };
  }

  /**
   * Step check-double-sale: fewer units left than sold means the unit is gone already. A double
   * sale names where the unit sold first: the item's last sale ListLoop recorded.
   */
  private async checkDoubleSale(tx: Db, sale: SaleContext, row: ItemRecord) {
    const quantity = Math.max(1, Math.trunc(sale.report.quantity));
    const units = row.generalDetails.quantity;
    const double = units < quantity;
    const soldOn = double
      ? ((await this.sales.lastSaleOf(sale.report.accountId, row.id, tx)) as SaleChannel | null)
      : null;
    if (double) {
      this.log('check-double-sale', sale.report, 'a double sale: no unit was left', {
        itemId: row.id,
        units,
        soldOn,
      });
    }
    return { quantity, double, left: double ? units : units - quantity, soldOn };
  }

  /** Step record-event's row: the event this sale is, once per order and item. */
  private eventOf(
    sale: SaleContext,
    row: ItemRecord,
    check: { quantity: number; double: boolean; left: number; soldOn: SaleChannel | null },
  ): NewSaleEventRow {
    const { report } = sale;
    const detectedAt = new Date(this.now());
    return {
      id: newId(),
      accountId: report.accountId,
      userId: row.userId,
      itemId: row.id,
      marketplace: report.marketplace,
      externalOrderId: report.externalOrderId,
      kind: check.double ? 'double_sale' : 'sale',
      source: report.source,
      quantity: check.quantity,
      quantityLeft: check.left,
      salePriceCents: cents(report.salePrice),
      currency: sale.currency ?? null,
      feesCents: cents(report.fees),
      buyerCountry: report.buyerCountry ?? null,
      soldAt: new Date(report.soldAt ?? detectedAt.getTime()),
      shipBy: report.shipBy ? new Date(report.shipBy) : null,
      detectedAt,
      firstSoldOn: check.soldOn,
    };
  }

  /**
   * Step record-event, written as the transaction's last step with the steps it went through,
   * so the event is one insert. The order and item's event is unique: if another delivery of
   * the same order recorded it first, RecordedAlready rolls the transaction back.
   */
  private async recordEvent(
    tx: Db,
    sale: SaleContext,
    draft: NewSaleEventRow,
    steps: StepTrail,
  ): Promise<SaleEventRow> {
    const { report } = sale;
    const event = await this.sales.insertEvent({ ...draft, steps: steps.records }, tx);
    if (!event) throw new RecordedAlready();
    this.log('record-event', report, 'sale recorded', {
      eventId: event.id,
      kind: event.kind,
      source: report.source,
    });
    return event;
  }

  /**
   * Step mark-item-sold: the quantity goes down; at none left, the listing where it sold is
   * marked sold (a sale in person has no listing).
   */
  private async markItemSold(
    tx: Db,
    sale: SaleContext,
    row: ItemRecord,
    left: number,
    active: ActiveLocked,
  ): Promise<ItemRecord> {
    const { report } = sale;
    let item = await this.items.setQuantityLocked(tx, row, left, this.now());
    if (left === 0 && !isInPerson(report.marketplace)) {
      item = await this.listings.markSoldLocked(
        tx,
        item,
        report.marketplace,
        listingActor.system,
        `${sale.soldWhere} (order ${report.externalOrderId}).`,
        active,
      );
    }
    this.log('mark-item-sold', report, 'item quantity set', { itemId: row.id, left });
    return item;
  }

  /**
   * Step stop-queued-lists: a list (or relist) not yet live must not put up what is gone; one
   * that went live meanwhile gets a delist instead.
   */
  private async stopQueuedLists(
    tx: Db,
    sale: SaleContext,
    row: ItemRecord,
    stops: Parameters<ListingService['stopListsLocked']>[2],
    active: ActiveLocked,
  ) {
    const stopped = await this.listings.stopListsLocked(
      tx,
      row,
      stops,
      listingActor.system,
      active.state,
    );
    const outcomes: PlannedOutcome[] = [];
    const operations: ListingOperationRow[] = [];
    for (const stop of stopped.stops) {
      if (stop.delist) {
        operations.push(stop.delist);
        outcomes.push({
          marketplace: stop.marketplace,
          outcome: 'delist_queued',
          operationId: stop.delist.id,
        });
      } else {
        outcomes.push({
          marketplace: stop.marketplace,
          outcome: 'list_stopped',
          operationId: stop.stopped?.id ?? null,
        });
      }
    }
    if (stops.length > 0) {
      this.log('stop-queued-lists', sale.report, 'queued lists stopped', {
        marketplaces: stops.map((s) => s.marketplace),
      });
    }
    return { row: stopped.row, outcomes, operations };
  }

  /**
   * Steps queue-delists (sold out: every other live listing comes down) and queue-relists
   * (units left, on marketplaces whose listings change by delisting and relisting).
   */
  private async queueElsewhere(
    tx: Db,
    sale: SaleContext,
    row: ItemRecord,
    targets: { marketplace: MarketplaceId; executor: ListingExecutor }[],
    operation: 'delist' | 'relist',
    active: ActiveLocked,
  ) {
    const queued = await this.listings.queueManyLocked(
      tx,
      row,
      targets,
      operation,
      listingActor.system,
      active,
    );
    const outcome = operation === 'delist' ? 'delist_queued' : 'relist_queued';
    const outcomes: PlannedOutcome[] = queued.operations.map(({ operation: op }, index) => ({
      marketplace: targets[index]!.marketplace,
      outcome,
      operationId: op.id,
    }));
    if (targets.length > 0) {
      const step = operation === 'delist' ? 'queue-delists' : 'queue-relists';
      this.log(step, sale.report, `${operation}s queued`, {
        marketplaces: targets.map((t) => t.marketplace),
      });
    }
    return { row: queued.row, outcomes, operations: queued.operations.map((q) => q.operation) };
  }

  /** Step send-operations, after the commit: wake the workers now (the sweeper re-sends what a crash here loses). */
  private async sendOperations(
    event: SaleEventRow,
    operations: readonly ListingOperationRow[],
    steps: StepTrail,
  ): Promise<void> {
    if (operations.length === 0) return;
    // One statement sends every delist's job; if it fails, the sweep sends them.
    const deferred = await this.listings.sendAll(operations).then(
      () => false,
      (error: unknown) => {
        this.logger.warn(
          {
            err: error,
            operationIds: operations.map((op) => op.id),
            step: 'send-operations',
            eventId: event.id,
          },
          'delist send deferred to sweeper',
        );
        return true;
      },
    );
    steps.add(
      'send-operations',
      deferred ? 'deferred' : 'done',
      operations.map((op) => op.marketplace as MarketplaceId),
    );
  }

  /**
   * Step push-quantities: units left, the new quantity goes by a retried job to each
   * marketplace a connector works (the extension's marketplaces change it no other way than by
   * a relist). One job per event and marketplace, however often this runs.
   */
  private async pushQuantities(
    event: SaleEventRow,
    marketplaces: readonly MarketplaceId[],
    steps: StepTrail,
  ): Promise<void> {
    const queued: MarketplaceId[] = [];
    const failed: MarketplaceId[] = [];
    for (const marketplace of marketplaces) {
      const payload: QuantityPush = {
        accountId: event.accountId,
        userId: event.userId,
        itemId: event.itemId,
        marketplace,
        eventId: event.id,
      };
      try {
        if ((await this.listings.executorFor(event.accountId, marketplace)) !== 'connector') {
          continue;
        }
        await this.jobs.pushQuantity(payload, {
          id: stableJobId('sales.push-quantity', `${event.id}:${marketplace}`),
        });
        queued.push(marketplace);
        this.logger.info(
          { step: 'push-quantities', eventId: event.id, marketplace },
          'quantity update queued',
        );
      } catch (error) {
        failed.push(marketplace);
        this.logger.warn(
          { err: error, marketplace, step: 'push-quantities', eventId: event.id },
          'quantity update could not be sent',
        );
      }
    }
    if (queued.length > 0) steps.add('push-quantities', 'done', queued);
    if (failed.length > 0) steps.add('push-quantities', 'failed', failed);
  }

  /**
   * Step notify: the item's owner hears of the sale, or of the double sale with where the unit
   * sold first. Keyed by the event, so a second notify is the same notification.
   */
  private async notify(
    event: SaleEventRow,
    item: { title: string; soldOn: SaleChannel | null },
    steps: StepTrail,
  ): Promise<void> {
    const common = {
      accountId: event.accountId,
      userId: event.userId,
      key: event.id,
      params: {
        itemId: event.itemId,
        itemTitle: item.title,
        marketplace: event.marketplace as SaleChannel,
        price: event.salePriceCents === null ? null : event.salePriceCents / 100,
        currency: event.currency,
        saleEventId: event.id,
      },
    };
    const input: NotifyInput =
      event.kind === 'double_sale'
        ? { ...common, kind: 'double_sale', params: { ...common.params, soldOn: item.soldOn } }
        : { ...common, kind: 'sale', params: { ...common.params, quantity: event.quantity } };
    await this.notifyOwner(input).then(
      () => steps.add('notify'),
      (error: unknown) => {
        steps.add('notify', 'failed');
        this.logger.warn(
          { err: error, eventId: event.id, step: 'notify' },
          'sale notification failed',
        );
      },
    );
  }

  /**
   * After the commit: the activity log says ListLoop heard of the sale (a seller's own
   * mark-as-sold is recorded by its route, with the seller as the actor) and took the item down
   * or relisted it elsewhere. A failure is logged: the sale itself is done.
   */
  private async recordActivity(event: SaleEventRow, applied: Applied): Promise<void> {
    if (!this.jobs.recordActivity) return;
    const subject = {
      accountId: event.accountId,
      subjectId: event.itemId,
      subjectLabel: applied.title,
    };
    const entries: ProductActivity[] = [];
    if (event.source !== 'manual') {
      entries.push({
        ...subject,
        action: 'item.sold',
        details: { marketplaces: [event.marketplace], count: event.quantity },
      });
    }
    for (const operation of ['delist', 'relist'] as const) {
      const marketplaces = applied.operations
        .filter((op) => op.operation === operation)
        .map((op) => op.marketplace);
      if (marketplaces.length === 0) continue;
      entries.push({
        ...subject,
        action: operation === 'delist' ? 'listing.delisted' : 'listing.relisted',
        details: { marketplaces },
      });
    }
    if (entries.length === 0) return;
    await this.jobs.recordActivity(entries).catch((error: unknown) => {
      this.logger.warn({ err: error, eventId: event.id }, 'sale activity not recorded');
    });
  }

  private log(step: SaleStep, report: SaleReport, message: string, fields: object = {}): void {
    this.logger.info(
      {
        step,
        accountId: report.accountId,
        marketplace: report.marketplace,
        order: report.externalOrderId,
        ...fields,
      },
      message,
    );
  }
}

function outcomeRow(event: SaleEventRow, planned: PlannedOutcome): SaleOutcomeRow {
  return {
    eventId: event.id,
    accountId: event.accountId,
    marketplace: planned.marketplace,
    outcome: planned.outcome,
    operationId: planned.operationId,
  };
}
