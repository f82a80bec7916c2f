import { z } from 'zod';
import {
  BulkItemsUpdateResponseSchema,
  BulkItemsUpdateSchema,
  GeneralDetailsUpdateSchema,
  ItemCreateSchema,
  ItemExportQuerySchema,
  ItemFieldUpdateResponseSchema,
  ItemFieldUpdateSchema,
  ItemListQuerySchema,
  ItemListResponseSchema,
  ItemTotalQuerySchema,
  ItemTotalResponseSchema,
  ItemResponseSchema,
  ListingsUpdateSchema,
  ListingTargetSchema,
  ListingUpdateSchema,
  SetLabelsBySkuListSchema,
  SetPackageDimensionsAndWeightSchema,
  SkuResultResponseSchema,
} from '@listloop/domain';
import { activity, itemOf, noteActivity, numberAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ItemBulkService } from './item-bulk.service';
import type { ItemExportService } from './item-export.service';
import type { ItemService } from './item.service';

const BASE = '/api/account/item';
const REST = '/api/rest/v1/item';

const Id = z.string().min(1).max(64);
const UserParams = z.object({ userId: Id });
const ItemParams = z.object({ userId: Id, itemId: Id });

export async function itemRoutes(
  app: App,
  deps: { items: ItemService; bulk: ItemBulkService; exporter: ItemExportService },
) {
  const tags = ['items'];
  const { items, bulk, exporter } = deps;

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create an item (in the caller’s inventory unless userId names a team member)',
        body: ItemCreateSchema,
        response: { 201: ItemResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('item.created', itemOf),
        access: access.member('items.write'),
      },
    },
    async (request, reply) => {
      const item = await items.create(requireContext(request), request.body);
      return reply.status(201).send({ item });
    },
  );

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Search, filter and page through an inventory',
        querystring: ItemListQuerySchema,
        response: { 200: ItemListResponseSchema, ...errorResponses },
      },
      config: { access: access.search('items.read') },
    },
    async (request) => items.list(requireContext(request), request.query),
  );

  app.get(
    `${BASE}/total`,
    {
      schema: {
        tags,
        summary: 'How many items a search and filters match',
        querystring: ItemTotalQuerySchema,
        response: { 200: ItemTotalResponseSchema, ...errorResponses },
      },
      config: { access: access.search('items.read') },
    },
    async (request) => items.total(requireContext(request), request.query),
  );

  app.get(
    `${BASE}/export`,
    {
      schema: {
        tags,
        summary: 'Download the matching items as ListLoop CSV',
        querystring: ItemExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV file'), ...errorResponses },
      },
      config: { access: access.member('reports.read', 'items.read') },
    },
    async (request, reply) => {
      const { fileName, stream } = await exporter.exportCsv(requireContext(request), request.query);
      return (
        reply
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .type('text/csv; charset=utf-8')
          // A stream is sent as it is; the schema above only describes it.
          .send(stream as unknown as string)
      );
    },
  );

  app.get(
    `${BASE}/:userId/:itemId`,
    {
      schema: {
        tags,
        summary: 'One item',
        params: ItemParams,
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: { access: access.search('items.read') },
    },
    async (request) => ({
      item: await items.get(requireContext(request), request.params.userId, request.params.itemId),
    }),
  );

  app.patch(
    `${BASE}/:userId/:itemId/field`,
    {
      schema: {
        tags,
        summary: 'Change fields by dotted path; listing status fields are skipped',
        params: ItemParams,
        body: ItemFieldUpdateSchema,
        response: { 200: ItemFieldUpdateResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('item.updated', itemOf),
        access: access.member('items.write'),
      },
    },
    async (request) =>
      items.updateFields(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.body.changes,
      ),
  );

  app.put(
    `${BASE}/:userId/:itemId/general-details`,
    {
      schema: {
        tags,
        summary: 'Save the general details of an item',
        params: ItemParams,
        body: GeneralDetailsUpdateSchema,
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('item.updated', itemOf),
        access: access.member('items.write'),
      },
    },
    async (request) => ({
      item: await items.updateGeneralDetails(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.body.generalDetails,
      ),
    }),
  );

  app.put(
    `${BASE}/:userId/:itemId/listing/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'Save the listing of one marketplace, or the general details (general)',
        params: ItemParams.extend({ marketplaceId: ListingTargetSchema }),
        body: ListingUpdateSchema,
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('item.updated', (facts) =>
          itemOf(
            facts,
            facts.params.marketplaceId === 'general'
              ? {}
              : { marketplaces: [facts.params.marketplaceId!] },
          ),
        ),
        access: access.member('items.write'),
      },
    },
    async (request) => ({
      item: await items.updateListing(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.params.marketplaceId,
        request.body.listing,
      ),
    }),
  );

  app.put(
    `${BASE}/:userId/:itemId/listings`,
    {
      schema: {
        tags,
        summary: 'Save the listings of several marketplaces',
        params: ItemParams,
        body: ListingsUpdateSchema,
        response: { 200: ItemResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records<unknown, { listings: Record<string, unknown> }>(
          'item.updated',
          (facts) => itemOf(facts, { marketplaces: Object.keys(facts.body.listings) }),
        ),
        access: access.member('items.write'),
      },
    },
    async (request) => ({
      item: await items.updateListings(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.body.listings,
      ),
    }),
  );

  app.delete(
    `${BASE}/:userId/:itemId`,
    {
      schema: {
        tags,
        summary: 'Delete an item',
        params: ItemParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.records('item.deleted'),
        access: access.member('items.delete'),
      },
    },
    async (request, reply) => {
      const { itemId } = request.params;
      const { title } = await items.remove(requireContext(request), request.params.userId, itemId);
      noteActivity(request, { id: itemId, label: title });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    `${BASE}/:userId/bulk-items`,
    {
      schema: {
        tags,
        summary: 'Make the same changes to many items',
        params: UserParams,
        body: BulkItemsUpdateSchema,
        response: { 200: BulkItemsUpdateResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records<{ failed: { itemId: string }[] }, { itemIds: string[] }>(
          'item.updated',
          ({ body, response }) => {
            const failed = new Set((response?.failed ?? []).map((f) => f.itemId));
            const done = body.itemIds.filter((id) => !failed.has(id));
            return done.map((id) => ({ id, details: { count: done.length } }));
          },
        ),
        access: access.member('items.write'),
      },
    },
    async (request) =>
      bulk.bulkUpdate(requireContext(request), request.params.userId, request.body),
  );

  app.patch(
    `${REST}/set-labels-by-sku-list`,
    {
      schema: {
        tags,
        summary: 'Add, replace or remove labels on the items with these SKUs',
        body: SetLabelsBySkuListSchema,
        response: { 200: SkuResultResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('items.bulk_updated', ({ response }) => {
          const count = numberAt(response, 'updated') ?? 0;
          return count > 0 ? { id: null, details: { count } } : null;
        }),
        access: access.member('items.write'),
      },
    },
    async (request) => bulk.setLabelsBySku(requireContext(request), request.body),
  );

  app.patch(
    `${REST}/set-package-dimensions-and-weight`,
    {
      schema: {
        tags,
        summary: 'Set the package weight and dimensions of items by SKU or id',
        body: SetPackageDimensionsAndWeightSchema,
        response: { 200: SkuResultResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('items.bulk_updated', ({ response }) => {
          const count = numberAt(response, 'updated') ?? 0;
          return count > 0 ? { id: null, details: { count } } : null;
        }),
        access: access.member('items.write'),
      },
    },
    async (request) => bulk.setPackageDimensionsAndWeight(requireContext(request), request.body),
  );
}
