import {
  DismissAllSaleEventsBodySchema,
  DismissResponseSchema,
  DismissSaleEventBodySchema,
  ExecutorSaleBodySchema,
  GetSaleEventBodySchema,
  GetSaleEventResponseSchema,
  ItemResponseSchema,
  MarkItemAsSoldRequestSchema,
  SaleEventListQuerySchema,
  SaleEventListSchema,
  SaleEventSchema,
  SALE_RECORDING_PERMISSIONS,
} from '@listloop/domain';
import { z } from 'zod';
import { activity, itemOf } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import { toItem } from '../items';
import type { ListingService } from '../listings';
import type { MarkSoldService } from './mark-sold.service';
import type { SaleEventsService } from './sale-events.service';
import type { SaleWorkflow } from './sale-workflow';

const BASE = '/api/rest/v1/sale_detection';
const ITEM = '/api/account/item';

const Id = z.string().min(1).max(64);

/**
 * Spec §7 sale detection, the tracker's list, the sales the browser extension sees, and the
 * seller's mark-as-sold (an item route, but a sale: it runs the sale workflow).
 */
export async function saleDetectionRoutes(
  app: App,
  deps: {
    events: SaleEventsService;
    workflow: SaleWorkflow;
    markSold: MarkSoldService;
    /** Answers the item as the listing screens show it after mark-as-sold. */
    listings: ListingService;
  },
) {
  const tags = ['sale-detection'];
  const { events: service, workflow } = deps;

  app.post(
    `${BASE}/get_event`,
    {
      schema: {
        tags,
        summary: 'One sale event, with what it did on each other marketplace',
        body: GetSaleEventBodySchema,
        response: { 200: GetSaleEventResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('reads one sale event'),
        access: access.member('sales.read'),
      },
    },
    async (request) => ({
      saleEvent: await service.get(requireContext(request), request.body.event_id),
    }),
  );

  app.post(
    `${BASE}/dismiss`,
    {
      schema: {
        tags,
        summary: 'Dismiss a sale event of a marketplace (it stays in the history)',
        body: DismissSaleEventBodySchema,
        response: { 200: DismissResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('hides a sale alert; the sale stays recorded'),
        access: access.member('sales.manage'),
      },
    },
    async (request) =>
      service.dismiss(
        requireContext(request),
        request.body.payload.event_id,
        request.body.originPlatform,
      ),
  );

  app.post(
    `${BASE}/dismiss_all`,
    {
      schema: {
        tags,
        summary: 'Dismiss every open sale event of a marketplace',
        body: DismissAllSaleEventsBodySchema,
        response: { 200: DismissResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('hides sale alerts; the sales stay recorded'),
        access: access.member('sales.manage'),
      },
    },
    async (request) => service.dismissAll(requireContext(request), request.body.originPlatform),
  );

  app.get(
    `${BASE}/events`,
    {
      schema: {
        tags,
        summary:
          'The sale events of the last days (30 by default), or every sale of one item, newest first',
        querystring: SaleEventListQuerySchema,
        response: { 200: SaleEventListSchema, ...errorResponses },
      },
      config: { access: access.member('sales.read') },
    },
    async (request) => service.list(requireContext(request), request.query),
  );

  app.post(
    '/api/rest/v1/executor/sales',
    {
      schema: {
        tags: ['executor', ...tags],
        summary: 'A sale the browser extension saw on a marketplace it works',
        description:
          'Recorded once per (marketplace, externalOrderId, item): sending it again answers ' +
          'the same event. The item is named by itemId or by its listing id there (listedID). ' +
          'Needs sales.manage and listings.delist: a sale takes the item down everywhere else.',
        body: ExecutorSaleBodySchema,
        response: {
          200: z.object({ saleEvent: SaleEventSchema, duplicate: z.boolean() }),
          ...errorResponses,
        },
      },
      config: {
        activity: activity.none(
          'the sale workflow records the sale as ListLoop’s, as for a webhook',
        ),
        access: access.executor(...SALE_RECORDING_PERMISSIONS),
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      const body = request.body;
      const result = await workflow.record({
        accountId: ctx.accountId,
        marketplace: body.marketplace,
        externalOrderId: body.externalOrderId,
        item: { itemId: body.itemId ?? null, listedID: body.listedID ?? null },
        quantity: body.quantity,
        salePrice: body.salePrice ?? null,
        currency: body.currency ?? null,
        fees: body.fees ?? null,
        buyerCountry: body.buyerCountry ?? null,
        soldAt: body.soldAt ? Date.parse(body.soldAt) : null,
        source: 'executor',
      });
      if (result.status === 'unknown_item') {
        throw notFound('No item of this account has that id or that listing on the marketplace.');
      }
      return {
        saleEvent: await service.get(ctx, result.event.id),
        duplicate: result.status === 'duplicate',
      };
    },
  );

  app.put(
    `${ITEM}/:userId/:itemId/mark-item-as-sold`,
    {
      schema: {
        tags: ['listings'],
        summary: 'Record a sale of the item: on a marketplace, or in person',
        description:
          'A sale the seller records, handled as any sale ListLoop hears of: the quantity goes ' +
          'down and, at none left, the listing there is marked sold and the item comes down on ' +
          'every other marketplace. `marketplace` alone is one unit sold there; `in_person` is a ' +
          'sale face to face or anywhere ListLoop does not list. 409 when the listing there ' +
          'cannot be sold or fewer units are left than `quantity`. Needs sales.manage and ' +
          'listings.delist, since the sale takes the item down elsewhere.',
        params: z.object({ userId: Id, itemId: Id }),
        body: MarkItemAsSoldRequestSchema,
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records<unknown, { marketplace: string; quantity?: number }>(
          'item.sold',
          (facts) =>
            itemOf(facts, {
              marketplaces: [facts.body.marketplace],
              count: facts.body.quantity ?? 1,
            }),
        ),
        access: access.member(...SALE_RECORDING_PERMISSIONS),
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      const { userId, itemId } = request.params;
      const { item } = await deps.markSold.markSold(ctx, userId, itemId, request.body);
      return { item: item ? toItem(item) : await deps.listings.item(ctx, userId, itemId) };
    },
  );
}
