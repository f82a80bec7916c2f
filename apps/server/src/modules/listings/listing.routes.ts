import { z } from 'zod';
import {
  BuiltListingSchema,
  BulkMarkAsNotListedRequestSchema,
  ExecutorClaimRequestSchema,
  ExecutorClaimResponseSchema,
  ExecutorQueueResponseSchema,
  EXECUTOR_QUEUE_LIMIT,
  ExecutorIdSchema,
  ExecutorNeedsYouRequestSchema,
  ItemResponseSchema,
  ListingHistoryQuerySchema,
  ListingHistoryResponseSchema,
  ListingOperationSchema,
  ListingOperationsQuerySchema,
  ListingOperationsResponseSchema,
  ListingPreviewProblemSchema,
  ListingQueueRequestSchema,
  ListingQueueResponseSchema,
  SetListingDelistedRequestSchema,
  SetListingFailureRequestSchema,
  SetListingListedRequestSchema,
  SetListingUpdatedRequestSchema,
  type ActivityAction,
  type MarketplaceId,
} from '@listloop/domain';
import { activity, itemOf } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ListingService } from './listing.service';

const BASE = '/api/account/item';
const REST = '/api/rest/v1/item';
const EXECUTOR = '/api/rest/v1/executor';

/** What a queued operation records in the activity log. */
const LISTING_ACTIONS: Record<string, ActivityAction> = {
  list: 'listing.published',
  delist: 'listing.delisted',
  relist: 'listing.relisted',
  update: 'listing.update_sent',
};

const Id = z.string().min(1).max(64);
const ItemParams = z.object({ userId: Id, itemId: Id });
const ExecutorId = ExecutorIdSchema.optional().describe(
  'Names this executor (one browser); defaults to the signed-in user id',
);

const EXECUTOR_PROTOCOL = [
  'Executor protocol (the browser extension, for the crosslisting-group marketplaces):',
  '1. POST /api/rest/v1/executor/claim with the marketplaces it can work on: it receives up to',
  '`max` queued operations of the signed-in user, each leased to it for `leaseSeconds`.',
  '2. GET /api/rest/v1/executor/operations/{operationId} gives the item and the listing exactly',
  'as it must be sent (rules and overrides applied, photo URLs at listing size), with any',
  'problems; it then carries the operation out on the marketplace.',
  '3. While working it calls …/operations/{operationId}/heartbeat before the lease ends.',
  '4. It reports the result with POST /api/account/item/{userId}/{itemId}/set-listing-listed,',
  'set-listing-delisted, set-listing-list-failure or set-listing-delist-failure, passing its',
  '`executorId`, which moves the listing, completes the operation and names the executor in the',
  'history. A relist is reported delisted, then listed. An update (the listing stays listed',
  'while its changed details are sent) is reported with set-listing-updated or',
  'set-listing-update-failure.',
  'A delist or relist is not offered while an update of the same listing is held under a live',
  'lease: it is offered once that update is reported.',
  'If the executor dies, its lease expires and the operation is offered to the next claim; a',
  'report from an executor whose lease another has since taken is refused with 409.',
  'When the item sells out, a list or relist not yet live is canceled: its heartbeat and the',
  'reports the listing no longer takes answer 409 saying so (cancelReason on the operation).',
  'A set-listing-listed report is still taken (the listing went live anyway): ListLoop records',
  'it and queues its delist.',
  'When the marketplace stops it on a page that needs the seller (a captcha, its sign-in page,',
  'a page the executor does not know, a block), the executor does not report a failure: it',
  'calls POST …/operations/{operationId}/needs-you with the reason, what the page said and its',
  'address. The operation goes back to queued with `needsYou` set and no claim takes it; the',
  'listing stays queued. The seller\'s "Try again" (POST …/operations/{operationId}/resume,',
  "from the web app or the extension's popup) clears it and the next claim takes it.",
  'PUT /api/rest/v1/executor/presence, each time the executor looks, says for each marketplace',
  'it works whether the seller is signed in there and whether the seller paused it; a claim',
  'counts as a look, signed in. GET /api/rest/v1/executor/presence answers it to the web app',
  '(`active` while the last look is under `staleAfterMs` old).',
].join(' ');

export async function listingRoutes(
  app: App,
  deps: {
    service: ListingService;
  },
) {
  const tags = ['listings'];
  const { service } = deps;

  app.put(
    `${REST}/:itemId/status`,
    {
      schema: {
        tags,
        summary: 'Queue a list, delist, relist or update of the item on one marketplace',
        description:
          'Needs listings.publish (list, relist, update) or listings.delist (delist). A list, ' +
          'relist or update whose listing has problems is refused with 400 and the problems. ' +
          'An update sends a listed listing its details as they are now (title, description, ' +
          'price, photos …) while it stays listed; any other state answers 409. A request while ' +
          'the same operation is queued or running answers that operation with 200 (created: ' +
          'false); a new one answers 202. API marketplaces run as a server job; the others wait ' +
          'for an executor.',
        params: z.object({ itemId: Id }),
        body: ListingQueueRequestSchema,
        response: {
          200: ListingQueueResponseSchema,
          202: ListingQueueResponseSchema,
          ...errorResponses,
        },
      },
      config: {
        activity: activity.records<
          { created: boolean },
          { marketplace: string; operation?: string }
        >('listing.published', (facts) =>
          facts.response?.created
            ? {
                ...itemOf(facts, { marketplaces: [facts.body.marketplace] }),
                action: LISTING_ACTIONS[facts.body.operation ?? 'list'] ?? 'listing.published',
              }
            : null,
        ),
        access: access.member(),
      },
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
    body: z.ZodType<{ marketplace: MarketplaceId; executorId?: string }>,
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
        config: {
          activity: activity.none(
            'the extension reporting how an operation went; it was recorded when asked, and the item’s listing history keeps the outcome',
          ),
          access: access.executor('items.write'),
        },
      },
      async (request) => {
        const { userId, itemId } = request.params;
        const input = request.body as { marketplace: MarketplaceId; executorId?: string };
        return {
          item: await service.report(
            requireContext(request),
            userId,
            itemId,
            input.marketplace,
            event(input as never),
            input.executorId,
          ),
        };
      },
    );

  report(
    'set-listing-listed',
    'Report that the item is listed on the marketplace',
    SetListingListedRequestSchema,
    (b: { listedID?: string; listingURL?: string }) => ({
      type: 'listed',
      listedID: b.listedID ?? null,
      listingURL: b.listingURL ?? null,
    }),
  );
  report(
    'set-listing-delisted',
    'Report that the item is delisted from the marketplace',
    SetListingDelistedRequestSchema,
    () => ({ type: 'delisted' }),
  );
  report(
    'set-listing-list-failure',
    'Report that listing the item failed, with the marketplace’s reason',
    SetListingFailureRequestSchema,
    (b: { reason: string }) => ({ type: 'list_failure', reason: b.reason }),
  );
  report(
    'set-listing-delist-failure',
    'Report that delisting the item failed, with the marketplace’s reason',
    SetListingFailureRequestSchema,
    (b: { reason: string }) => ({ type: 'delist_failure', reason: b.reason }),
  );
  report(
    'set-listing-updated',
    'Report that the listing on the marketplace now has the item’s details (an update)',
    SetListingUpdatedRequestSchema,
    () => ({ type: 'updated' }),
  );
  report(
    'set-listing-update-failure',
    'Report that updating the listing failed, with the marketplace’s reason (it stays listed)',
    SetListingFailureRequestSchema,
    (b: { reason: string }) => ({ type: 'update_failure', reason: b.reason }),
  );

  app.put(
    `${BASE}/:userId/:itemId/bulk-mark-as-not-listed`,
    {
      schema: {
        tags,
        summary: 'Mark the item not listed on each of the marketplaces, whatever their state',
        params: ItemParams,
        body: BulkMarkAsNotListedRequestSchema,
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records<unknown, { marketplaces: string[] }>(
          'listing.marked_not_listed',
          (facts) => itemOf(facts, { marketplaces: facts.body.marketplaces }),
        ),
        access: access.member('items.write'),
      },
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
        querystring: ListingHistoryQuerySchema,
        response: { 200: ListingHistoryResponseSchema, ...errorResponses },
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

  app.get(
    `${BASE}/:userId/:itemId/listing-operations`,
    {
      schema: {
        tags,
        summary: 'The item’s listing operations, newest first (at most 50)',
        description:
          'What runs or ran for each marketplace: queued, running (with attempts and the last ' +
          'error while a connector retries), succeeded, failed or canceled. Extension operations ' +
          'wait for an executor (the browser extension) to claim them.',
        params: ItemParams,
        querystring: ListingOperationsQuerySchema,
        response: { 200: ListingOperationsResponseSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => ({
      operations: await service.operations(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.query.marketplace,
      ),
    }),
  );

  app.get(
    `${EXECUTOR}/operations/:operationId`,
    {
      schema: {
        tags: ['executor'],
        summary: 'Executor: an operation with its item and the listing to send',
        description: EXECUTOR_PROTOCOL,
        params: z.object({ operationId: Id }),
        response: {
          200: z.object({
            operation: ListingOperationSchema,
            item: ItemResponseSchema.shape.item,
            listing: BuiltListingSchema,
            problems: z.array(ListingPreviewProblemSchema),
          }),
          ...errorResponses,
        },
      },
      config: { access: access.executor('listings.publish') },
    },
    async (request) =>
      service.executorOperation(requireContext(request), request.params.operationId),
  );

  app.get(
    `${EXECUTOR}/queue`,
    {
      schema: {
        tags: ['executor'],
        summary: 'Executor: the signed-in user’s extension operations not yet finished',
        description:
          'Waiting (queued), running (held under a lease) and held for the seller (needsYou), ' +
          'oldest first, each with its item’s title: what the extension’s popup shows. At most ' +
          `${EXECUTOR_QUEUE_LIMIT}.`,
        response: { 200: ExecutorQueueResponseSchema, ...errorResponses },
      },
      config: { access: access.executor('items.read') },
    },
    async (request) => ({ operations: await service.executorQueue(requireContext(request)) }),
  );

  app.post(
    `${EXECUTOR}/claim`,
    {
      schema: {
        tags: ['executor'],
        summary: 'Executor: claim queued operations of the signed-in user (leased)',
        description: EXECUTOR_PROTOCOL,
        body: ExecutorClaimRequestSchema,
        response: { 200: ExecutorClaimResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none(
          'the extension taking queued work; the work was recorded when asked',
        ),
        access: access.executor('listings.publish'),
      },
    },
    async (request) => ({
      operations: (await service.claim(requireContext(request), request.body)).map((o) => ({
        ...o,
        operation: o.operation,
      })),
    }),
  );

  app.post(
    `${EXECUTOR}/operations/:operationId/needs-you`,
    {
      schema: {
        tags: ['executor'],
        summary: 'Executor: hand a claimed operation to the seller (a captcha, a sign-in page …)',
        description:
          'Only the executor holding the operation under its lease. The operation goes back to ' +
          'queued with needsYou set, and no claim takes it until the seller says "Try again" ' +
          '(…/resume); the listing stays queued. Saying it again of an operation already held ' +
          'answers it as it is. 409 as the heartbeat: the operation canceled (the message says ' +
          'why), not running, or held by another executor.',
        params: z.object({ operationId: Id }),
        body: ExecutorNeedsYouRequestSchema,
        response: { 200: z.object({ operation: ListingOperationSchema }), ...errorResponses },
      },
      config: {
        activity: activity.none('the extension pausing queued work for the seller'),
        access: access.executor('listings.publish'),
      },
    },
    async (request) => ({
      operation: await service.needsYou(
        requireContext(request),
        request.params.operationId,
        request.body,
      ),
    }),
  );

  app.post(
    `${EXECUTOR}/operations/:operationId/resume`,
    {
      schema: {
        tags: ['executor'],
        summary: '"Try again": offer an operation held for the seller to the next claim',
        description:
          "Clears the operation's needsYou, so the next claim of its marketplace takes it. " +
          'Answers 409, saying what the operation is doing instead, when it is not held for ' +
          'the seller.',
        params: z.object({ operationId: Id }),
        response: { 200: z.object({ operation: ListingOperationSchema }), ...errorResponses },
      },
      config: {
        activity: activity.none('trying queued work again; it was recorded when asked'),
        access: access.executor('listings.publish'),
      },
    },
    async (request) => ({
      operation: await service.resume(requireContext(request), request.params.operationId),
    }),
  );

  app.post(
    `${EXECUTOR}/operations/:operationId/heartbeat`,
    {
      schema: {
        tags: ['executor'],
        summary: 'Executor: extend the lease of a claimed operation',
        description:
          'Answers 409 when the operation is no longer running (reported, marked not listed, or ' +
          'canceled because the item sold, which the message says) or another executor holds it ' +
          'since the lease expired.',
        params: z.object({ operationId: Id }),
        body: z.object({
          leaseSeconds: z.number().int().min(30).max(900).default(120),
          executorId: ExecutorId,
        }),
        response: { 200: z.object({ operation: ListingOperationSchema }), ...errorResponses },
      },
      config: {
        activity: activity.none('the extension keeping its lease'),
        access: access.executor('listings.publish'),
      },
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
