import { ImportPreviewSchema, ImportStatusSchema } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7 item-import: normalise a CSV into a preview, then start the import and follow it. */
export const ITEM_IMPORT_PATH = '/api/rest/v1/enterprise/item-import';

export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

export function normalizeImport(file: File): Promise<ImportPreview> {
  const fileName = encodeURIComponent(file.name);
  return apiRequest(`${ITEM_IMPORT_PATH}/normalize?fileName=${fileName}`, {
    method: 'POST',
    rawBody: { contentType: 'text/csv', data: file },
    schema: ImportPreviewSchema,
  });
}

export function startImport(importId: string): Promise<ImportStatus> {
  return apiRequest(`${ITEM_IMPORT_PATH}/${encodeURIComponent(importId)}/start`, {
    method: 'POST',
    schema: ImportStatusSchema,
  });
}

export const isImportActive = (status: ImportStatus['status'] | undefined) =>
  status === 'queued' || status === 'running';

export const importStatusQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: ['item-import', importId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${ITEM_IMPORT_PATH}/${encodeURIComponent(importId)}`, {
        schema: ImportStatusSchema,
        signal,
      }),
    refetchInterval: (query) => (isImportActive(query.state.data?.status) ? IMPORT_POLL_MS : false),
    staleTime: 0,
  });

/** 0–100 for the progress bar; an import of nothing is done. */
export function importPercent(status: Pick<ImportStatus, 'processedRows' | 'totalRows'>): number {
  if (status.totalRows <= 0) return 100;
  return Math.min(100, Math.round((status.processedRows / status.totalRows) * 100));
}
