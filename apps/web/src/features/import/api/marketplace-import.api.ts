import {
  MarketplaceImportListSchema,
  MarketplaceImportSchema,
  type MarketplaceImport,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The import on connect: a connection's existing eBay, Etsy or Shopify listings. */
export const MARKETPLACE_IMPORT_PATH = '/api/rest/v1/enterprise/marketplace-import';

/** How often running imports are asked for their progress. */
export const MARKETPLACE_IMPORT_POLL_MS = 1500;

export const isMarketplaceImportActive = (status: MarketplaceImport['status'] | undefined) =>
  status === 'queued' || status === 'running';

export const marketplaceImportKeys = {
  all: ['marketplace-imports'] as const,
};

/** The latest import of each connection, asked again while any of them runs. */
export const marketplaceImportsQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceImportKeys.all,
    queryFn: async ({ signal }) => {
      const { imports } = await apiRequest(MARKETPLACE_IMPORT_PATH, {
        schema: MarketplaceImportListSchema,
        signal,
      });
      return imports;
    },
    refetchInterval: (query) =>
      query.state.data?.some((i) => isMarketplaceImportActive(i.status))
        ? MARKETPLACE_IMPORT_POLL_MS
        : false,
    staleTime: 0,
  });

export function startMarketplaceImport(connectionId: string): Promise<MarketplaceImport> {
  return apiRequest(MARKETPLACE_IMPORT_PATH, {
    method: 'POST',
    body: { connectionId },
    schema: MarketplaceImportSchema,
  });
}

/** The latest import of a connection, from the list. */
export function importOf(
  imports: readonly MarketplaceImport[] | undefined,
  connectionId: string,
): MarketplaceImport | undefined {
  return imports?.find((i) => i.connectionId === connectionId);
}
