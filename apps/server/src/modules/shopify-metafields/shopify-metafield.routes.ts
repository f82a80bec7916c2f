import { z } from 'zod';
import { METAFIELD_SOURCES } from '../../connectors/contract';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ShopifyMetafieldService } from './shopify-metafield.service';

const BASE = '/api/marketplaces/shopify';

const MappingRowSchema = z.object({
  source: z.enum(METAFIELD_SOURCES).describe('The item fact that fills the metafield'),
  namespace: z
    .string()
    .trim()
    .min(2)
    .max(255)
    .regex(/^[A-Za-z0-9_$.-]+$/, {
      message: 'Use the definition’s namespace as Shopify shows it.',
    }),
  key: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'Use the definition’s key as Shopify shows it.' }),
  type: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe('The definition’s type, e.g. single_line_text_field'),
});
const MapperSchema = z.object({ mapping: z.array(MappingRowSchema).max(50) });

const SyncSchema = z.object({
  syncId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  definitionCount: z.number().int().nullable(),
  error: z.string().nullable(),
});
const DefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  key: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  ownerType: z.string(),
});

/** Spec §7: the Shopify metafield mapper and the sync of the store's definitions. */
export async function shopifyMetafieldRoutes(app: App, deps: { service: ShopifyMetafieldService }) {
  const tags = ['shopify'];
  const { service } = deps;
  const manage = access.member('marketplaces.manage');

  app.get(
    `${BASE}/metafieldMapper`,
    {
      schema: {
        tags,
        summary: 'Which item fact fills which Shopify metafield when an item is published',
        response: { 200: MapperSchema, ...errorResponses },
      },
      config: { access: manage },
    },
    async (request) => ({ mapping: await service.mapping(requireContext(request)) }),
  );

  app.put(
    `${BASE}/metafieldMapper`,
    {
      schema: {
        tags,
        summary: 'Replace the metafield mapper (at most 50 rows, one per metafield)',
        body: MapperSchema,
        response: { 200: MapperSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('rule.saved', () => ({
          id: 'shopify',
          details: { ruleKind: 'shopify_metafields', marketplaces: ['shopify'] },
        })),
        access: manage,
      },
    },
    async (request) => ({
      mapping: await service.putMapping(requireContext(request), request.body.mapping),
    }),
  );

  app.post(
    `${BASE}/metafields/sync`,
    {
      schema: {
        tags,
        summary: 'Copy the connected store’s product metafield definitions (a background job)',
        description:
          'Answers the sync, queued; a sync already queued or running is answered instead of a ' +
          'second one. Read the outcome with GET …/metafields/sync/last.',
        response: { 202: z.object({ sync: SyncSchema }), ...errorResponses },
      },
      config: {
        activity: activity.none(
          'copies the store’s metafield definitions; nothing of the account changes',
        ),
        access: manage,
      },
    },
    async (request, reply) =>
      reply.status(202).send({ sync: await service.startSync(requireContext(request)) }),
  );

  app.get(
    `${BASE}/metafields/sync/last`,
    {
      schema: {
        tags,
        summary: 'The last metafield sync and the definitions it copied',
        response: {
          200: z.object({ sync: SyncSchema.nullable(), definitions: z.array(DefinitionSchema) }),
          ...errorResponses,
        },
      },
      config: { access: manage },
    },
    async (request) => service.lastSync(requireContext(request)),
  );
}
