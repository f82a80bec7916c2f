import fastifySse from '@fastify/sse';
import { z } from 'zod';
import {
  BULK_ACTION_EVENTS,
  BulkActionConfigSchema,
  BulkActionNameSchema,
  BulkActionRunItemsQuerySchema,
  BulkActionRunItemsSchema,
  BulkActionRunListQuerySchema,
  BulkActionRunListSchema,
  BulkActionRunSchema,
  BulkActionStartSchema,
  BulkEditListingsSchema,
  BulkItemsUpdateResponseSchema,
} from '@listloop/domain';
import { activity, numberAt, textAt, textsAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { BulkActionService } from './bulk-action.service';
import type { BulkListingEditService } from './bulk-listing-edit.service';

const BASE = '/api/bulk-actions';
const Id = z.string().min(1).max(64);
const RunParams = z.object({ runId: Id });
const ActionParams = z.object({ bulkAction: BulkActionNameSchema });

/** How often the event stream looks at the run. */
const WATCH_INTERVAL_MS = 500;

const START_DESCRIPTION = [
  'Starts one of the eight bulk actions over the selected items as a durable server job, and',
  'answers 202 with the run (queued). `selection` is `{ itemIds }` or `{ filter }` (the',
  'inventory list’s search and filters: every matching item); it is resolved when the run',
  'starts, at most 10,000 items. Ids that name no item of the inventory are skipped.',
  '`parameters` by action: bulkList, bulkDelist, bulkDelistRelist and bulkMarkAsNotListed take',
  '`{ marketplaces }`; bulkEditLabels `{ addLabels, removeLabels }`; bulkEdit `{ changes,',
  'listings }` (the changes of PATCH bulk-items, the fields of PUT bulk-edit-listings);',
  'bulkDelete and bulkCopyItems `{}`. GET /api/bulk-actions/config/{bulkAction} describes',
  'each. Follow the run with GET …/runs/{runId} or its event stream …/runs/{runId}/events.',
].join(' ');

/**
 * Bulk actions (spec §7: GET /api/bulk-actions/config/{bulkAction}, PUT bulk-edit-listings;
 * runs as durable jobs, their progress as Server-Sent Events, cancel).
 */
export async function bulkActionRoutes(
  app: App,
  deps: { service: BulkActionService; listingEdits: BulkListingEditService },
) {
  const tags = ['bulk-actions'];
  const { service, listingEdits } = deps;
  // The official plugin: headers, heartbeats, and a stream closed when the client goes away.
  await app.register(fastifySse, { heartbeatInterval: 15_000 });

  app.get(
    `${BASE}/config/:bulkAction`,
    {
      schema: {
        tags,
        summary: 'What the web app needs to offer a bulk action',
        description:
          'The item limit, the permission it needs (and whether the caller has it), the ' +
          'marketplaces it can be asked for, the fields bulkEdit can set, and its parameters ' +
          'as a JSON schema. 400 for a name that is not one of the eight.',
        params: ActionParams,
        response: { 200: BulkActionConfigSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => service.config(requireContext(request), request.params.bulkAction),
  );

  app.post(
    `${BASE}/:bulkAction`,
    {
      schema: {
        tags,
        summary: 'Start a bulk action over the selected items',
        description: START_DESCRIPTION,
        params: ActionParams,
        body: BulkActionStartSchema,
        response: { 202: BulkActionRunSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('items.bulk_action_started', ({ response }) => ({
          id: null,
          details: {
            bulkAction: textAt(response, 'bulkAction') ?? undefined,
            count: numberAt(response, 'total') ?? 0,
            marketplaces: textsAt(response, 'parameters', 'marketplaces'),
          },
        })),
        access: access.member('items.read'),
      },
    },
    async (request, reply) => {
      const run = await service.start(
        requireContext(request),
        request.params.bulkAction,
        request.body,
      );
      return reply.status(202).send(run);
    },
  );

  app.get(
    `${BASE}/runs`,
    {
      schema: {
        tags,
        summary: 'The caller’s latest bulk action runs, newest first',
        description: 'With active=true, only those still queued, running or cancelling.',
        querystring: BulkActionRunListQuerySchema,
        response: { 200: BulkActionRunListSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => ({ runs: await service.list(requireContext(request), request.query) }),
  );

  app.get(
    `${BASE}/runs/:runId`,
    {
      schema: {
        tags,
        summary: 'A bulk action run: its status, counts and first failures',
        params: RunParams,
        response: { 200: BulkActionRunSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => service.get(requireContext(request), request.params.runId),
  );

  app.get(
    `${BASE}/runs/:runId/items`,
    {
      schema: {
        tags,
        summary: 'What became of each item of a run, in selection order',
        params: RunParams,
        querystring: BulkActionRunItemsQuerySchema,
        response: { 200: BulkActionRunItemsSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) =>
      service.outcomes(requireContext(request), request.params.runId, request.query),
  );

  app.get(
    `${BASE}/runs/:runId/events`,
    {
      sse: { kind: 'only', heartbeat: true },
      schema: {
        tags,
        summary: 'The progress of a run, as Server-Sent Events',
        description:
          `A \`${BULK_ACTION_EVENTS.progress}\` event with the run now and each time it moves, ` +
          `then one \`${BULK_ACTION_EVENTS.end}\` event with its final state, after which the ` +
          'server closes the stream. Comments keep the connection alive meanwhile.',
        params: RunParams,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request, reply) => {
      const ctx = requireContext(request);
      const { runId } = request.params;
      // A run of another account (or none) answers 404 before the stream starts.
      await service.get(ctx, runId);
      const gone = new AbortController();
      reply.sse.onClose(() => gone.abort());
      const events = service.watch(ctx, runId, {
        signal: gone.signal,
        intervalMs: WATCH_INTERVAL_MS,
      });
      await reply.sse.send(
        (async function* () {
          for await (const { event, run } of events) {
            yield { id: `${run.processed}:${run.status}`, event, data: run };
          }
        })(),
      );
    },
  );

  app.post(
    `${BASE}/runs/:runId/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancel a run: it stops before its next batch; what is done stays done',
        description:
          'A run between batches is cancelled at once; one whose batch is being worked on ' +
          'answers `cancelling` and is cancelled when that batch is recorded. 409 when it has ' +
          'already finished.',
        params: RunParams,
        response: { 200: BulkActionRunSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('stops a run already recorded when it started'),
        access: access.member('items.read'),
      },
    },
    async (request) => service.cancel(requireContext(request), request.params.runId, request.log),
  );

  app.put(
    '/api/account/item/:userId/bulk-edit-listings',
    {
      schema: {
        tags: ['items'],
        summary: 'Set the same listing fields on the listings of many items',
        description:
          'Per marketplace, the given fields go over each item’s listing there (null clears a ' +
          'field, so the general details apply again); the listing’s status, ids and URL are ' +
          'never changed. Items that would not validate are listed in `failed` and left as ' +
          'they were. For more than a few hundred items, start bulkEdit instead.',
        params: z.object({ userId: Id }),
        body: BulkEditListingsSchema,
        response: { 200: BulkItemsUpdateResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records<
          { failed: { itemId: string }[] },
          { itemIds: string[]; listings: Record<string, unknown> }
        >('item.updated', ({ body, response }) => {
          const failed = new Set((response?.failed ?? []).map((f) => f.itemId));
          const done = body.itemIds.filter((id) => !failed.has(id));
          const marketplaces = Object.keys(body.listings);
          return done.map((id) => ({ id, details: { count: done.length, marketplaces } }));
        }),
        access: access.member('items.write'),
      },
    },
    async (request) =>
      listingEdits.edit(requireContext(request), request.params.userId, request.body),
  );
}
