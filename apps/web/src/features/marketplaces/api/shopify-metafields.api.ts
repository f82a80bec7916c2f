import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import {
  isSyncActive,
  LastMetafieldSyncSchema,
  MetafieldMapperSchema,
  MetafieldSyncSchema,
  SYNC_POLL_MS,
  type MetafieldMappingRow,
} from '../shopify-metafields';

/** Spec §7: the Shopify metafield mapper and the sync of the store's definitions. */
export const METAFIELD_MAPPER_PATH = '/api/marketplaces/shopify/metafieldMapper';
export const METAFIELD_SYNC_PATH = '/api/marketplaces/shopify/metafields/sync';
export const METAFIELD_LAST_SYNC_PATH = '/api/marketplaces/shopify/metafields/sync/last';

export const shopifyMetafieldKeys = {
  all: ['shopify-metafields'] as const,
  mapper: () => [...shopifyMetafieldKeys.all, 'mapper'] as const,
  lastSync: () => [...shopifyMetafieldKeys.all, 'sync', 'last'] as const,
};

export const metafieldMapperQueryOptions = () =>
  queryOptions({
    queryKey: shopifyMetafieldKeys.mapper(),
    queryFn: async ({ signal }) => {
      const { mapping } = await apiRequest(METAFIELD_MAPPER_PATH, {
        schema: MetafieldMapperSchema,
        signal,
      });
      return mapping;
    },
  });

/** The last sync and its definitions, asked again every SYNC_POLL_MS while it is under way. */
export const lastMetafieldSyncQueryOptions = () =>
  queryOptions({
    queryKey: shopifyMetafieldKeys.lastSync(),
    queryFn: ({ signal }) =>
      apiRequest(METAFIELD_LAST_SYNC_PATH, { schema: LastMetafieldSyncSchema, signal }),
    refetchInterval: (query) => (isSyncActive(query.state.data?.sync) ? SYNC_POLL_MS : false),
  });

/** Replaces the whole mapping; the server answers what it kept. */
export async function putMetafieldMapping(
  mapping: MetafieldMappingRow[],
): Promise<MetafieldMappingRow[]> {
  const saved = await apiRequest(METAFIELD_MAPPER_PATH, {
    method: 'PUT',
    body: { mapping },
    schema: MetafieldMapperSchema,
  });
  return saved.mapping;
}

/** Queues a sync (or answers the one already queued or running). */
export async function startMetafieldSync() {
  const { sync } = await apiRequest(METAFIELD_SYNC_PATH, {
    method: 'POST',
    schema: z.object({ sync: MetafieldSyncSchema }),
  });
  return sync;
}
