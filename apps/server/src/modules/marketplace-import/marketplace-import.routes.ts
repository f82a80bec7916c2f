import { z } from 'zod';
import {
  MarketplaceImportListSchema,
  MarketplaceImportSchema,
  MarketplaceImportStartSchema,
  ShopifyBulkShopSchema,
} from '@listloop/domain';
import { activity, textAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { MarketplaceImportService } from './marketplace-import.service';

const BASE = '/api/rest/v1/enterprise/marketplace-import';
const ImportParams = z.object({ importId: z.string().min(1).max(64) });

/**
 * The import on connect (decision 0014): a connection's existing eBay, Etsy or
 * Shopify listings brought into the inventory; and the spec's Shopify bulk/shop call, which
 * is that import for the connected store.
 */
export async function marketplaceImportRoutes(
  app: App,
  deps: { service: MarketplaceImportService },
) {
  const tags = ['item-import'];
  const { service } = deps;

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Import the listings a connected eBay, Etsy or Shopify account already has',
        description:
          'Listings already in the inventory (by listing id, SKU or an earlier import) are ' +
          'linked, never duplicated. Answers the running import of the connection when there ' +
          'is one, and carries on a failed one where it stopped.',
        body: MarketplaceImportStartSchema,
        response: { 202: MarketplaceImportSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('items.import_started', ({ response }) => ({
          id: null,
          details: { marketplaces: [textAt(response, 'marketplace') ?? ''].filter(Boolean) },
        })),
        access: access.member('items.write'),
      },
    },
    async (request, reply) => {
      const started = await service.start(requireContext(request), request.body.connectionId);
      return reply.status(202).send(started);
    },
  );

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'The latest import of each connection',
        response: { 200: MarketplaceImportListSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => ({ imports: await service.latest(requireContext(request)) }),
  );

  app.get(
    `${BASE}/:importId`,
    {
      schema: {
        tags,
        summary: 'The progress of an import',
        params: ImportParams,
        response: { 200: MarketplaceImportSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => service.get(requireContext(request), request.params.importId),
  );

  app.put(
    '/api/rest/v1/enterprise/shopify/bulk/shop',
    {
      schema: {
        tags: ['shopify'],
        summary: 'Import the connected Shopify store’s products into the inventory',
        description:
          'The Shopify import of /api/rest/v1/enterprise/marketplace-import. Without ' +
          'connectionId it takes the account’s Shopify store when exactly one is connected.',
        body: ShopifyBulkShopSchema.optional(),
        response: { 202: MarketplaceImportSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('items.import_started', () => ({
          id: null,
          details: { marketplaces: ['shopify'] },
        })),
        access: access.member('items.write'),
      },
    },
    async (request, reply) => {
      const started = await service.startShopifyShop(
        requireContext(request),
        request.body?.connectionId,
      );
      return reply.status(202).send(started);
    },
  );
}
