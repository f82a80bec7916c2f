import type { ApiContext, OperationHandler } from '../core/emulator-server';
import { empty, json, type EmulatorResponse } from '../core/http';
import { record, type DepopContext } from './depop-context';
import { depopErrors } from './depop-errors';
import { requireTrailingSlash } from './products-api';

/** ✅ The cursor is the last purchase id of the page, base64-encoded (the description's example). */
function orderCursor(purchaseId: string): string {
  return Buffer.from(purchaseId).toString('base64');
}

function cursorPurchaseId(cursor: string): string | null {
  const id = Buffer.from(cursor, 'base64').toString('utf8');
  return /^\d+$/.test(id) ? id : null;
}

function orderNotFound(purchaseId: string): EmulatorResponse {
  // ◐ The description gives the 404's schema, not its words.
  return depopErrors(404, [
    { code: 'order_not_found', message: `Order (purchase_id: ${purchaseId}) not found` },
  ]);
}

/**
 * A page of orders, newest first (◐ the description implies it: poll with the cursor "until you
 * reach an order you have already processed"), within `from`..`to` of their creation.
 */
function listOrders(depop: DepopContext, ctx: ApiContext): EmulatorResponse {
  const query = ctx.request.query;
  const limit = Number(query.get('limit') ?? 20);
  const from = query.get('from');
  const to = query.get('to');
  const cursorText = query.get('cursor');
  const after = cursorText === null ? null : cursorPurchaseId(cursorText);
  if (cursorText !== null && after === null) {
    return depopErrors(400, [{ code: 'bad-request', message: 'invalid cursor' }]);
  }
  const fromAt = from === null ? null : Date.parse(from);
  const toAt = to === null ? null : Date.parse(to);
  const matching = [...depop.store.orders.values()]
    .filter((o) => fromAt === null || o.createdAt >= fromAt)
    .filter((o) => toAt === null || o.createdAt <= toAt)
    .sort((a, b) => Number(b.purchaseId) - Number(a.purchaseId))
    .filter((o) => after === null || Number(o.purchaseId) < Number(after));
  const page = matching.slice(0, limit);
  const last = page.at(-1);
  const meta: Record<string, unknown> = { has_more: matching.length > page.length };
  if (last) meta.cursor = orderCursor(last.purchaseId);
  return json(200, { meta, data: page.map((o) => o.order) });
}

export function orderHandlers(depop: DepopContext): Record<string, OperationHandler> {
  const handlers: Record<string, OperationHandler> = {
    getAllOrders: (ctx) => listOrders(depop, ctx),
    getOrderByPurchaseId: (ctx) => {
      const purchaseId = ctx.params.purchase_id ?? '';
      const found = depop.store.orders.get(purchaseId);
      return found ? json(200, found.order) : orderNotFound(purchaseId);
    },
    markOrderAsShipped: (ctx) => {
      const purchaseId = ctx.params.purchase_id ?? '';
      const parcelId = ctx.params.parcel_id ?? '';
      const found = depop.store.orders.get(purchaseId);
      if (!found) return orderNotFound(purchaseId);
      const lines = Array.isArray(found.order.line_items) ? found.order.line_items : [];
      if (!lines.some((line) => record(line).parcel_id === parcelId)) {
        return depopErrors(400, [
          {
            code: 'bad-request',
            message: `Parcel ${parcelId} is not part of order ${purchaseId}.`,
          },
        ]);
      }
      found.order.status = 'SHIPPED';
      return empty(200);
    },
  };
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => [id, requireTrailingSlash(depop, handler)]),
  );
}
