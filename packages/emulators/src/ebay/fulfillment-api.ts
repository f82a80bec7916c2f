import type { OperationHandler } from '../core/emulator-server';
import { json } from '../core/http';
import { pageLinks, requestViolation, type EbayContext } from './ebay-context';
import { ebayError, ebayErrors, type EbayError } from './ebay-errors';
import type { OrderRecord } from './ebay-store';

export const FULFILLMENT_BASE_PATH = '/sell/fulfillment/v1';

const ORDERS_LIMIT_MAX = 200; // ✅
const ORDERS_LIMIT_DEFAULT = 50; // ✅
const ORDER_IDS_MAX = 50; // ✅
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

interface OrderFilter {
  creation: [number, number | null] | null;
  modified: [number, number | null] | null;
  fulfillmentStatuses: string[] | null;
}

/** Splits `a:[x..y],b:{P|Q}` on the commas outside brackets and braces. */
function splitCriteria(filter: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of filter) {
    if (char === '[' || char === '{') depth += 1;
    if (char === ']' || char === '}') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (current) parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function parseRange(name: string, value: string, now: number): [number, number | null] | EbayError {
  const match = /^\[(.*)\.\.(.*)\]$/.exec(value);
  if (!match)
    return ebayError('invalidFilterValue', { fill: { fieldvalue: value, fieldname: name } });
  const [, startText = '', endText = ''] = match;
  if (!startText) return ebayError('startDateMissing');
  if (!ISO_DATE.test(startText) || (endText && !ISO_DATE.test(endText))) {
    return ebayError('invalidDateFormat');
  }
  const start = Date.parse(startText);
  const end = endText ? Date.parse(endText) : null;
  if (end !== null && start > end) return ebayError('startAfterEnd');
  if (start > now || (end !== null && end > now)) return ebayError('datesInFuture');
  return [start, end];
}

function parseFilter(filter: string | null, now: number): OrderFilter | EbayError {
  const parsed: OrderFilter = { creation: null, modified: null, fulfillmentStatuses: null };
  if (!filter) return parsed;
  for (const criterion of splitCriteria(filter)) {
    const colon = criterion.indexOf(':');
    const name = colon > 0 ? criterion.slice(0, colon) : criterion;
    const value = colon > 0 ? criterion.slice(colon + 1) : '';
    if (name === 'creationdate' || name === 'lastmodifieddate') {
      const range = parseRange(name, value, now);
      if (!Array.isArray(range)) return range;
      if (name === 'creationdate') parsed.creation = range;
      else parsed.modified = range;
    } else if (name === 'orderfulfillmentstatus') {
      const match = /^\{(.+)\}$/.exec(value);
      if (!match?.[1])
        return ebayError('invalidFilterValue', { fill: { fieldvalue: value, fieldname: name } });
      parsed.fulfillmentStatuses = match[1].split('|');
    } else {
      return ebayError('invalidFilterName', { fill: { fieldname: name } });
    }
  }
  return parsed;
}

function within(range: [number, number | null] | null, at: number): boolean {
  return !range || (at >= range[0] && (range[1] === null || at <= range[1]));
}

export function fulfillmentHandlers(ebay: EbayContext): Record<string, OperationHandler> {
  const { store } = ebay;
  const newestFirst = (a: OrderRecord, b: OrderRecord) => b.creationDate - a.creationDate;

  return {
    getOrders(ctx) {
      const query = ctx.request.query;
      const refuse = (error: EbayError) => {
        requestViolation(ebay, ctx, [error.message]);
        return ebayErrors(400, [error]);
      };
      const orderIds = query.get('orderIds');
      if (orderIds) {
        const ids = orderIds
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean);
        if (ids.length > ORDER_IDS_MAX) {
          return refuse({
            ...ebayError('invalidFilterValue', {
              fill: { fieldvalue: orderIds, fieldname: 'orderIds' },
            }),
            errorId: 30900,
            message: `Exceeded maximum number of order IDs (the current limit is ${ORDER_IDS_MAX})`,
          });
        }
        const orders = ids.flatMap((id) => {
          const order = store.orders.get(id);
          return order ? [order.body] : [];
        });
        return json(200, {
          href: `${ctx.baseUrl}${ctx.request.path}?${query.toString()}`,
          total: orders.length,
          limit: orders.length,
          offset: 0,
          orders,
        });
      }
      const limitText = query.get('limit');
      const offsetText = query.get('offset');
      const limit = limitText === null ? ORDERS_LIMIT_DEFAULT : Number(limitText);
      const offset = offsetText === null ? 0 : Number(offsetText);
      if (!Number.isInteger(limit) || limit < 1 || limit > ORDERS_LIMIT_MAX) {
        return refuse(ebayError('invalidLimit', { fill: { limitvalue: limitText ?? '' } }));
      }
      if (!Number.isInteger(offset) || offset < 0) {
        return refuse(ebayError('invalidOffset', { fill: { offsetvalue: offsetText ?? '' } }));
      }
      const filter = parseFilter(query.get('filter'), ebay.clock.now());
      if ('errorId' in filter) return refuse(filter);
      const matching = [...store.orders.values()]
        .filter(
          (order) =>
            within(filter.creation, order.creationDate) &&
            within(filter.modified, order.lastModifiedDate) &&
            (!filter.fulfillmentStatuses ||
              filter.fulfillmentStatuses.includes(String(order.body.orderFulfillmentStatus))),
        )
        .sort(newestFirst);
      const page = { limit, offset };
      return json(200, {
        ...pageLinks(ctx.baseUrl, ctx.request.path, query, page, matching.length),
        total: matching.length,
        limit,
        offset,
        orders: matching.slice(offset, offset + limit).map((order) => order.body),
      });
    },

    getOrder(ctx) {
      const orderId = ctx.params.orderId ?? '';
      const order = store.orders.get(orderId);
      if (!order) return ebayErrors(404, [ebayError('orderNotFound', { fill: { orderId } })]);
      return json(200, order.body);
    },
  };
}
