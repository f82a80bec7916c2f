import { z } from 'zod';
import {
  ItemResponseSchema,
  LISTING_EVENTS,
  MarketplaceIdSchema,
  PENDING_OPERATIONS,
} from '@listloop/domain';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ListingService } from './listing.service';

const BASE = '/api/account/item';
const REST = '/api/rest/v1/item';
const EXECUTOR = '/api/rest/v1/executor';

const Id = z.string().min(1).max(64);
const ItemParams = z.object({ userId: Id, itemId: Id });
const Reason = z.string().trim().min(1).max(2000);

const OperationSchema = z.object({
  operationId: z.string(),
  itemId: z.string(),
  userId: z.string(),
  marketplace: z.string(),
  operation: z.enum(PENDING_OPERATIONS),
  executor: z.enum(['connector', 'extension']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  leaseExpiresAt: z.number().int().nullable(),
});

const HistoryEntrySchema = z.object({
  id: z.string(),
  marketplace: z.string(),
  at: z.number().int(),
  by: z.string(),
  event: z.string().describe(`One of ${LISTING_EVENTS.join(', ')}`),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  fromOperation: z.string().nullable(),
  toOperation: z.string().nullable(),
  listedID: z.string().nullable(),
  listingURL: z.string().nullable(),
});

const ClaimedSchema = z.object({
  operationId: z.string(),
  itemId: z.string(),
  userId: z.string(),
  marketplace: z.string(),
  operation: z.enum(PENDING_OPERATIONS),
  leaseExpiresAt: z.number().int().describe('Epoch milliseconds'),
});

const ExecutorId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .optional()
  .describe('Names this executor (one browser); defaults to the signed-in user id');

const EXECUTOR_PROTOCOL = [
  'Executor protocol (the browser extension, for the crosslisting-group marketplaces):',
  '1. POST /api/rest/v1/executor/claim with the marketplaces it can work on: it receives up to',
  '`max` queued operations of the signed-in user, each leased to it for `leaseSeconds`.',
  '2. It reads the item (GET /api/account/item/{userId}/{itemId}) and builds the listing',
  '(the listing preview), then carries the operation out on the marketplace.',
  '3. While working it calls …/operations/{operationId}/heartbeat before the lease ends.',
  '4. It reports the result with POST /api/account/item/{userId}/{itemId}/set-listing-listed,',
  'set-listing-delisted, set-listing-list-failure or set-listing-delist-failure, which moves the',
  'listing and completes the operation. A relist is reported delisted, then listed.',
  'If the executor dies, its lease expires and the operation is offered to the next claim.',
].join(' ');

export async function listingRoutes(app: App, deps: { service: ListingService }) {
  const tags = ['listings'];
  const { service } = deps;

  app.put(
    `${REST}/:itemId/status`,
    {
      schema: {
        tags,
        summary: 'Queue a list, delist or relist of the item on one marketplace',
        description:
          'Needs listings.publish (list, relist) or listings.delist (delist). A list or relist whose ' +
          'listing has problems is refused with 400 and the problems. A request while the same ' +
          'operation is queued or running answers that operation with 200 (created: false); a new ' +
          'one answers 202. API marketplaces run as a server job; the others wait for an executor.',
        params: z.object({ itemId: Id }),
        body: z.object({
          userId: Id,
          marketplace: MarketplaceIdSchema,
          status: z.literal('queue'),
          operation: z.enum(PENDING_OPERATIONS).default('list'),
        }),
        response: {
          200: z.object({
            item: ItemResponseSchema.shape.item,
            operation: OperationSchema,
            created: z.boolean(),
          }),
          202: z.object({
            item: ItemResponseSchema.shape.item,
            operation: OperationSchema,
            created: z.boolean(),
          }),
          ...errorResponses,
        },
      },
      config: { access: access.member() },
    },
    async (request, reply) => {
      const { userId, marketplace, operation } = request.body;
      const result = await service.queue(requireContext(request), request.params.itemId, {
        userId,
        marketplace,
        operation,
      });
      return reply.status(result.created ? 202 : 200).send(result);
    },
  );

  const report = (
    path: string,
    summary: string,
    body: z.ZodType<{ marketplace: z.infer<typeof MarketplaceIdSchema> }>,
    event: (body: never) => Parameters<ListingService['report']>[4],
  ) =>
    app.post(
      `${BASE}/:userId/:itemId/${path}`,
      {
        schema: {
          tags,
          summary,
          description: `Reports the outcome of the pending operation. ${EXECUTOR_PROTOCOL}`,
          params: ItemParams,
          body,
          response: { 200: ItemResponseSchema, ...errorResponses },
        },
        config: { access: access.member('items.write') },
      },
      async (request) => {
        const { userId, itemId } = request.params;
        const input = request.body as { marketplace: z.infer<typeof MarketplaceIdSchema> };
        return {
          item: await service.report(
            requireContext(request),
            userId,
            itemId,
            input.marketplace,
            event(input as never),
          ),
        };
      },
    );

  report(
    'set-listing-listed',
    'Report that the item is listed on the marketplace',
    z.object({
      marketplace: MarketplaceIdSchema,
      listedID: z.string().trim().min(1).max(200).optional(),
      listingURL: z.string().trim().url().max(2048).optional(),
    }),
    (b: { listedID?: string; listingURL?: string }) => ({
      type: 'listed',
      listedID: b.listedID ?? null,
      listingURL: b.listingURL ?? null,
    }),
  );
  report(
    'set-listing-delisted',
    'Report that the item is delisted from the marketplace',
    z.object({ marketplace: MarketplaceIdSchema }),
    () => ({ type: 'delisted' }),
  );
  report(
    'set-listing-list-failure',
    'Report that listing the item failed, with the marketplace’s reason',
    z.object({ marketplace: MarketplaceIdSchema, reason: Reason }),
    (b: { reason: string }) => ({ type: 'list_failure', reason: b.reason }),
  );
  report(
    'set-listing-delist-failure',
    'Report that delisting the item failed, with the marketplace’s reason',
    z.object({ marketplace: MarketplaceIdSchema, reason: Reason }),
    (b: { reason: string }) => ({ type: 'delist_failure', reason: b.reason }),
  );

  app.put(
    `${BASE}/:userId/:itemId/mark-item-as-sold`,
    {
      schema: {
        tags,
        summary: 'Mark the item sold on a marketplace',
        params: ItemParams,
        body: z.object({ marketplace: MarketplaceIdSchema }),
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: { access: access.member('items.write') },
    },
    async (request) => ({
      item: await service.report(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.body.marketplace,
        { type: 'sold' },
      ),
    }),
  );

  app.put(
    `${BASE}/:userId/:itemId/bulk-mark-as-not-listed`,
    {
      schema: {
        tags,
        summary: 'Mark the item not listed on each of the marketplaces, whatever their state',
        params: ItemParams,
        body: z.object({ marketplaces: z.array(MarketplaceIdSchema).min(1).max(50) }),
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: { access: access.member('items.write') },
    },
    async (request) => ({
      item: await service.markNotListed(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.body.marketplaces,
      ),
    }),
  );

  app.get(
    `${BASE}/:userId/:itemId/listing-history`,
    {
      schema: {
        tags,
        summary: 'The listing history of the item (every change, oldest first)',
        params: ItemParams,
        querystring: z.object({ marketplace: MarketplaceIdSchema.optional() }),
        response: { 200: z.object({ events: z.array(HistoryEntrySchema) }), ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => ({
      events: await service.history(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.query.marketplace,
      ),
    }),
  );

  app.post(
    `${EXECUTOR}/claim`,
    {
      schema: {
        tags: ['executor'],
        summary: 'Executor: claim queued operations of the signed-in user (leased)',
        description: EXECUTOR_PROTOCOL,
        body: z.object({
          marketplaces: z.array(MarketplaceIdSchema).min(1).max(20),
          max: z.number().int().min(1).max(20).default(5),
          leaseSeconds: z.number().int().min(30).max(900).default(120),
          executorId: ExecutorId,
        }),
        response: { 200: z.object({ operations: z.array(ClaimedSchema) }), ...errorResponses },
      },
      config: { access: access.member('listings.publish') },
    },
    async (request) => ({
      operations: (await service.claim(requireContext(request), request.body)).map((o) => ({
        ...o,
        operation: o.operation,
      })),
    }),
  );

  app.post(
    `${EXECUTOR}/operations/:operationId/heartbeat`,
    {
      schema: {
        tags: ['executor'],
        summary: 'Executor: extend the lease of a claimed operation',
        description:
          'Answers 409 when the operation is no longer running (reported, or marked not listed) ' +
          'or another executor holds it since the lease expired.',
        params: z.object({ operationId: Id }),
        body: z.object({
          leaseSeconds: z.number().int().min(30).max(900).default(120),
          executorId: ExecutorId,
        }),
        response: { 200: z.object({ operation: OperationSchema }), ...errorResponses },
      },
      config: { access: access.member('listings.publish') },
    },
    async (request) => ({
      operation: await service.heartbeat(
        requireContext(request),
        request.params.operationId,
        request.body,
      ),
    }),
  );
}
