import {
  groupIntoOrders,
  IN_PERSON,
  isLineVerified,
  matchScan,
  mayConfirmByEye,
  normalizeSku,
  orderKey,
  sortOrders,
  type Image,
  type PickingHistory,
  type PickingHistoryEntry,
  type PickingLine,
  type PickingLineInput,
  type PickingList,
  type PickingListChange,
  type PickingListChangeResult,
  type PickingListFormDefaults,
  type PickingListVerificationMethod,
  type PickingListView,
  type PickingOrder,
  type PickingOrderRef,
  type ScanResult,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import type { AccountService } from '../accounts';
import type { ItemRecord, ItemService } from '../items';
import type { OpenSale, SaleEventsService } from '../sale-detection';
import type {
  CheckedBy,
  HistoryRow,
  LineCheckRow,
  PickingListRepository,
} from './picking-list.repository';
import {
  pickingListSwitch,
  requirePickingList,
  type PickingListSettingsService,
} from './picking-list-settings.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The most sold lines the list reads: far more than a day of packing. */
export const PICKING_LIST_MAX_LINES = 5000;

export const ORDER_NOT_ON_LIST = 'This order is not on the picking list.';
export const LINE_NOT_ON_LIST = 'This item is not on the picking list.';

/** What the service needs of the modules around it. */
export interface PickingListDependencies {
  sales: Pick<SaleEventsService, 'openSales'>;
  items: Pick<ItemService, 'findRecords' | 'withSku'>;
  accounts: Pick<AccountService, 'findById'>;
}

/** A line waiting to be packed, with its order, and its photo's storage key for printing. */
interface WaitingLine extends PickingLineInput {
  photoKey: string | null;
}

function withoutPhotoKey({ photoKey: _photoKey, ...line }: WaitingLine): PickingLineInput {
  return line;
}

/** Who is acting, as a check or the history keeps them. */
function actorOf(ctx: RequestContext): { userId: string; name: string } {
  return { userId: ctx.user.id, name: ctx.user.name.trim() || ctx.user.email };
}

function photoOf(image: Image | undefined): PickingLine['photo'] {
  if (!image) return null;
  const small = image.url_s || image.url_l || image.url;
  const large = image.url_l || image.url;
  return small && large ? { small, large } : null;
}

function historyView(row: HistoryRow): PickingHistoryEntry {
  return {
    id: row.id,
    action: row.action,
    marketplace: row.marketplace as PickingHistoryEntry['marketplace'],
    externalOrderId: row.externalOrderId,
    by: { userId: row.actorUserId, name: row.actorName },
    at: row.createdAt.toISOString(),
    lines: row.lines,
  };
}

function encodeCursor(row: HistoryRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw badRequest('This page cursor is not one ListLoop gave; start from the first page.');
  }
  return { createdAt, id };
}

/**
 * The picking list (decision 0047): the account's recorded sales that wait to be packed,
 * grouped by order; checking their items while packing; packing or removing orders, which
 * leave the list into its history. Every request needs the account's picking list on.
 */
export class PickingListService {
  constructor(
    private readonly db: Db,
    private readonly repository: PickingListRepository,
    private readonly settings: PickingListSettingsService,
    private readonly deps: PickingListDependencies,
    private readonly now: () => number = () => Date.now(),
  ) {}

  // The list.

  async list(ctx: RequestContext): Promise<PickingList> {
    const method = requirePickingList(ctx);
    const { orders, view, since, lines } = await this.waitingOrders(ctx);
    return {
      orders,
      verificationMethod: method,
      view,
      since: since.toISOString(),
      totals: {
        orders: orders.length,
        lines: lines.length,
        units: lines.reduce((sum, line) => sum + line.quantity, 0),
      },
    };
  }

  /**
   * The orders waiting, in the caller's sort, with the caller's view and each line's stored
   * photo key (for the printed list).
   */
  async waitingOrders(ctx: RequestContext): Promise<{
    orders: PickingOrder[];
    view: PickingListView;
    since: Date;
    lines: readonly WaitingLine[];
    photoKeys: Map<string, string>;
  }> {
    const [defaults, view] = await Promise.all([
      this.settings.formDefaultsOf(ctx.accountId),
      this.settings.viewOf(ctx.accountId, ctx.user.id),
    ]);
    const { lines, since } = await this.waitingLines(ctx.accountId, defaults);
    const photoKeys = new Map(
      lines.flatMap((line) => (line.photoKey ? [[line.lineId, line.photoKey] as const] : [])),
    );
    return {
      orders: sortOrders(groupIntoOrders(lines.map(withoutPhotoKey)), view.sort),
      view,
      since,
      lines,
      photoKeys,
    };
  }

  /**
   * For the home page: how many orders wait to be packed in the account, under its own form
   * defaults; 0 while the picking list is off.
   */
  async countOrdersToPack(accountId: string): Promise<number> {
    const account = await this.deps.accounts.findById(accountId);
    if (!account || !pickingListSwitch(account.config).enabled) return 0;
    const defaults = await this.settings.formDefaultsOf(accountId);
    const { open } = await this.openSales(accountId, defaults);
    return new Set(open.map((sale) => orderKey(sale))).size;
  }

  /** The sales of the period that no packing or removal took off the list yet. */
  private async openSales(
    accountId: string,
    defaults: Pick<PickingListFormDefaults, 'daysBack' | 'includeInPerson'>,
  ): Promise<{ open: OpenSale[]; checks: Map<string, LineCheckRow>; since: Date }> {
    const since = new Date(this.now() - defaults.daysBack * DAY_MS);
    const sales = (
      await this.deps.sales.openSales(accountId, since, PICKING_LIST_MAX_LINES)
    ).filter((sale) => defaults.includeInPerson || sale.marketplace !== IN_PERSON);
    const checks = await this.repository.checksOf(
      accountId,
      sales.map((sale) => sale.eventId),
    );
    const open = sales.filter((sale) => !checks.get(sale.eventId)?.closedAt);
    return { open, checks, since };
  }

  /** Every line waiting to be packed, with what its item says now. */
  private async waitingLines(
    accountId: string,
    defaults: Pick<PickingListFormDefaults, 'daysBack' | 'includeInPerson'>,
  ): Promise<{ lines: WaitingLine[]; since: Date }> {
    const { open, checks, since } = await this.openSales(accountId, defaults);
    const owners = new Map<string, string[]>();
    for (const sale of open)
      owners.set(sale.userId, [...(owners.get(sale.userId) ?? []), sale.itemId]);
    const records = new Map<string, ItemRecord>();
    await Promise.all(
      [...owners].map(async ([userId, ids]) => {
        const found = await this.deps.items.findRecords(
          accountId,
          userId,
          { ids: [...new Set(ids)] },
          { lock: false },
        );
        for (const record of found) records.set(record.id, record);
      }),
    );
    const lines = open.flatMap((sale): WaitingLine[] => {
      const item = records.get(sale.itemId);
      if (!item) return [];
      const details = item.generalDetails;
      const check = checks.get(sale.eventId);
      const cover = details.images[0];
      return [
        {
          lineId: sale.eventId,
          itemId: item.id,
          userId: item.userId,
          title: details.title,
          sku: details.sku.trim() || null,
          location: details.location.trim() || null,
          photo: photoOf(cover),
          photoKey: cover?._s ?? null,
          quantity: sale.quantity,
          verifiedUnits: Math.min(check?.verifiedUnits ?? 0, sale.quantity),
          verifiedAt: check?.verifiedAt?.toISOString() ?? null,
          verifiedBy:
            check?.verifiedAt && check.verifiedByName
              ? { userId: check.verifiedBy, name: check.verifiedByName }
              : null,
          verifiedVia: check?.verifiedVia ?? null,
          marketplace: sale.marketplace,
          externalOrderId: sale.externalOrderId,
          soldAt: sale.soldAt.toISOString(),
          shipBy: sale.shipBy?.toISOString() ?? null,
        },
      ];
    });
    return { lines, since };
  }

  private async currentLines(ctx: RequestContext): Promise<PickingLineInput[]> {
    const defaults = await this.settings.formDefaultsOf(ctx.accountId);
    return (await this.waitingLines(ctx.accountId, defaults)).lines.map(withoutPhotoKey);
  }

  // Packing.

  async change(ctx: RequestContext, change: PickingListChange): Promise<PickingListChangeResult> {
    const method = requirePickingList(ctx);
    const lines = await this.currentLines(ctx);
    switch (change.action) {
      case 'scan':
        return this.scan(ctx, lines, change);
      case 'confirm':
        return this.confirm(ctx, method, lines, change.lineId);
      case 'undo':
        return this.undo(ctx, lines, change.lineId);
      case 'pack':
        return this.pack(ctx, lines, change);
    }
  }

  private orderOf(lines: readonly PickingLineInput[], ref: PickingOrderRef): PickingOrder {
    const key = orderKey(ref);
    const [order] = groupIntoOrders(lines.filter((line) => orderKey(line) === key));
    if (!order) throw notFound(ORDER_NOT_ON_LIST);
    return order;
  }

  /** The order as it is after a change, read again (null once it left the list). */
  private async orderNow(ctx: RequestContext, ref: PickingOrderRef): Promise<PickingOrder | null> {
    const key = orderKey(ref);
    const [order] = groupIntoOrders(
      (await this.currentLines(ctx)).filter((line) => orderKey(line) === key),
    );
    return order ?? null;
  }

  /**
   * Checks (or unchecks) one line in a transaction, and answers its order with the line as
   * the change left it; read again only when the line left the list meanwhile.
   */
  private async setCheck(
    ctx: RequestContext,
    lines: readonly PickingLineInput[],
    line: PickingLineInput,
    change: { units: 1 | 'all'; via: CheckedBy['via'] } | 'none',
  ): Promise<PickingOrder | null> {
    const row = await this.db.transaction(async (tx) => {
      await this.repository.lockChecks(tx, ctx.accountId, [line.lineId]);
      return change === 'none'
        ? this.repository.uncheck(tx, ctx.accountId, line.lineId)
        : this.repository.check(tx, ctx.accountId, line.lineId, {
            units: change.units,
            quantity: line.quantity,
            by: this.checkedBy(ctx, change.via),
          });
    });
    if (!row) return this.orderNow(ctx, line);
    const key = orderKey(line);
    const changed: PickingLineInput = {
      ...line,
      verifiedUnits: Math.min(row.verifiedUnits, line.quantity),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      verifiedBy:
        row.verifiedAt && row.verifiedByName
          ? { userId: row.verifiedBy, name: row.verifiedByName }
          : null,
      verifiedVia: row.verifiedVia ?? null,
    };
    const [order] = groupIntoOrders(
      lines
        .filter((candidate) => orderKey(candidate) === key)
        .map((candidate) => (candidate.lineId === line.lineId ? changed : candidate)),
    );
    return order ?? null;
  }

  private checkedBy(ctx: RequestContext, via: CheckedBy['via']): CheckedBy {
    return { ...actorOf(ctx), via, at: new Date(this.now()) };
  }

  private async scan(
    ctx: RequestContext,
    lines: readonly PickingLineInput[],
    change: Extract<PickingListChange, { action: 'scan' }>,
  ): Promise<PickingListChangeResult> {
    const order = this.orderOf(lines, change);
    const match = matchScan(order, change.sku);
    const base = { sku: change.sku, lineId: null, item: null, order: null };
    if (match.kind === 'line') {
      const line = this.lineOf(lines, match.line.lineId);
      return {
        order: await this.setCheck(ctx, lines, line, { units: 1, via: change.via }),
        scan: {
          ...base,
          outcome: 'verified',
          lineId: line.lineId,
          item: { itemId: line.itemId, title: line.title },
        },
        packed: null,
      };
    }
    if (match.kind === 'complete') {
      return {
        order,
        scan: {
          ...base,
          outcome: 'already_verified',
          lineId: match.line.lineId,
          item: { itemId: match.line.itemId, title: match.line.title },
        },
        packed: null,
      };
    }
    return { order, scan: await this.identify(ctx, lines, change.sku), packed: null };
  }

  /** What a SKU that is not on the scanned order is: on another order, in the inventory, or nothing. */
  private async identify(
    ctx: RequestContext,
    lines: readonly PickingLineInput[],
    sku: string,
  ): Promise<ScanResult> {
    const wanted = normalizeSku(sku);
    const elsewhere = lines.find((line) => normalizeSku(line.sku) === wanted);
    if (elsewhere) {
      return {
        sku,
        outcome: 'on_another_order',
        lineId: elsewhere.lineId,
        item: { itemId: elsewhere.itemId, title: elsewhere.title },
        order: { marketplace: elsewhere.marketplace, externalOrderId: elsewhere.externalOrderId },
      };
    }
    const [item] = await this.deps.items.withSku(ctx.accountId, sku);
    return item
      ? {
          sku,
          outcome: 'not_on_list',
          lineId: null,
          item: { itemId: item.id, title: item.title ?? '' },
          order: null,
        }
      : { sku, outcome: 'unknown', lineId: null, item: null, order: null };
  }

  private lineOf(lines: readonly PickingLineInput[], lineId: string): PickingLineInput {
    const line = lines.find((candidate) => candidate.lineId === lineId);
    if (!line) throw notFound(LINE_NOT_ON_LIST);
    return line;
  }

  private async confirm(
    ctx: RequestContext,
    method: PickingListVerificationMethod,
    lines: readonly PickingLineInput[],
    lineId: string,
  ): Promise<PickingListChangeResult> {
    const line = this.lineOf(lines, lineId);
    if (!mayConfirmByEye(method, line)) throw new AppError(409, 'picking-list/scan-required');
    const order = await this.setCheck(ctx, lines, line, { units: 'all', via: 'photo' });
    return { order, scan: null, packed: null };
  }

  private async undo(
    ctx: RequestContext,
    lines: readonly PickingLineInput[],
    lineId: string,
  ): Promise<PickingListChangeResult> {
    const line = this.lineOf(lines, lineId);
    return { order: await this.setCheck(ctx, lines, line, 'none'), scan: null, packed: null };
  }

  /**
   * The order leaves the list as packed, once every unit of every line is checked. Two
   * packers at once: the second finds the lines closed under the lock and is told the order
   * is no longer on the list.
   */
  private async pack(
    ctx: RequestContext,
    lines: readonly PickingLineInput[],
    ref: PickingOrderRef,
  ): Promise<PickingListChangeResult> {
    const order = this.orderOf(lines, ref);
    if (!order.verified) throw new AppError(409, 'picking-list/not-verified');
    const entry = await this.db.transaction(async (tx) => {
      const ids = order.lines.map((line) => line.lineId);
      const locked = await this.repository.lockChecks(tx, ctx.accountId, ids);
      if ([...locked.values()].some((row) => row.closedAt)) throw notFound(ORDER_NOT_ON_LIST);
      const stillChecked = order.lines.every((line) =>
        isLineVerified({
          quantity: line.quantity,
          verifiedUnits: locked.get(line.lineId)?.verifiedUnits ?? 0,
        }),
      );
      if (!stillChecked) throw new AppError(409, 'picking-list/not-verified');
      return this.closeOrder(tx, ctx, 'packed', order, order.lines);
    });
    return { order: null, scan: null, packed: historyView(entry) };
  }

  private async closeOrder(
    tx: Db,
    ctx: RequestContext,
    action: HistoryRow['action'],
    order: PickingOrderRef,
    lines: readonly PickingLine[],
  ): Promise<HistoryRow> {
    const at = new Date(this.now());
    const actor = actorOf(ctx);
    const entry = await this.repository.insertHistory(tx, {
      id: newId(),
      accountId: ctx.accountId,
      action,
      marketplace: order.marketplace,
      externalOrderId: order.externalOrderId,
      actorUserId: actor.userId,
      actorName: actor.name,
      lines: lines.map((line) => ({
        lineId: line.lineId,
        itemId: line.itemId,
        title: line.title,
        sku: line.sku,
        quantity: line.quantity,
      })),
      createdAt: at,
    });
    await this.repository.close(
      tx,
      ctx.accountId,
      lines.map((line) => line.lineId),
      entry.id,
      at,
    );
    return entry;
  }

  /**
   * Lines that will not be packed (an order cancelled, sent another way) leave the list; the
   * history keeps one entry per order. All or nothing: a line not on the list is a 404.
   */
  async remove(
    ctx: RequestContext,
    lineIds: readonly string[],
  ): Promise<{ removed: number; entries: PickingHistoryEntry[] }> {
    requirePickingList(ctx);
    const lines = await this.currentLines(ctx);
    const chosen = [...new Set(lineIds)].map((lineId) => this.lineOf(lines, lineId));
    const entries = await this.db.transaction(async (tx) => {
      const locked = await this.repository.lockChecks(
        tx,
        ctx.accountId,
        chosen.map((line) => line.lineId),
      );
      if ([...locked.values()].some((row) => row.closedAt)) throw notFound(LINE_NOT_ON_LIST);
      const rows: HistoryRow[] = [];
      for (const order of groupIntoOrders(chosen)) {
        rows.push(await this.closeOrder(tx, ctx, 'removed', order, order.lines));
      }
      return rows;
    });
    return { removed: chosen.length, entries: entries.map(historyView) };
  }

  async history(
    ctx: RequestContext,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<PickingHistory> {
    requirePickingList(ctx);
    const rows = await this.repository.historyPage(
      ctx.accountId,
      query.cursor ? decodeCursor(query.cursor) : null,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      entries: page.map(historyView),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }
}
