import {
  PICKING_LIST_COLUMNS_PATH,
  PICKING_LIST_FORM_DEFAULTS_PATH,
  PICKING_LIST_HISTORY_PATH,
  PICKING_LIST_PRINT_PATH,
  PICKING_LIST_SALES_PATH,
  PickingHistorySchema,
  PickingListChangeResultSchema,
  PickingListFormDefaultsSchema,
  PickingListRemoveResultSchema,
  PickingListSchema,
  PickingListViewSchema,
  type PickingListChange,
  type PickingListFormDefaultsInput,
  type PickingListPrint,
  type PickingListViewInput,
} from '@listloop/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, NetworkError } from '../../../lib/api-client';

/** How often the list is read again while open: a sale elsewhere shows up by itself. */
export const PICKING_LIST_POLL_MS = 30_000;
const HISTORY_PAGE = 20;

export const pickingListKeys = {
  all: ['picking-list'] as const,
  list: () => [...pickingListKeys.all, 'list'] as const,
  history: () => [...pickingListKeys.all, 'history'] as const,
  view: () => [...pickingListKeys.all, 'view'] as const,
  formDefaults: () => [...pickingListKeys.all, 'form-defaults'] as const,
};

/** GET …/inventory-sales: what waits to be packed, in the member's own sort. */
export const pickingListQueryOptions = queryOptions({
  queryKey: pickingListKeys.list(),
  queryFn: ({ signal }) =>
    apiRequest(PICKING_LIST_SALES_PATH, { schema: PickingListSchema, signal }),
  refetchInterval: PICKING_LIST_POLL_MS,
});

/** GET …/history: the orders packed or removed, newest first, a page at a time. */
export const pickingHistoryQueryOptions = infiniteQueryOptions({
  queryKey: pickingListKeys.history(),
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: String(HISTORY_PAGE) });
    if (pageParam) params.set('cursor', pageParam);
    return apiRequest(`${PICKING_LIST_HISTORY_PATH}?${params.toString()}`, {
      schema: PickingHistorySchema,
      signal,
    });
  },
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export const pickingViewQueryOptions = queryOptions({
  queryKey: pickingListKeys.view(),
  queryFn: ({ signal }) =>
    apiRequest(PICKING_LIST_COLUMNS_PATH, { schema: PickingListViewSchema, signal }),
});

export const pickingFormDefaultsQueryOptions = queryOptions({
  queryKey: pickingListKeys.formDefaults(),
  queryFn: ({ signal }) =>
    apiRequest(PICKING_LIST_FORM_DEFAULTS_PATH, {
      schema: PickingListFormDefaultsSchema,
      signal,
    }),
});

/** PUT …/inventory-sales: one step of packing (scan, confirm, undo, pack). */
export function changePickingList(change: PickingListChange) {
  return apiRequest(PICKING_LIST_SALES_PATH, {
    method: 'PUT',
    body: change,
    schema: PickingListChangeResultSchema,
  });
}

/** DELETE …/inventory-sales: lines that will not be packed leave the list. */
export function removePickingLines(lineIds: readonly string[]) {
  return apiRequest(PICKING_LIST_SALES_PATH, {
    method: 'DELETE',
    body: { lineIds },
    schema: PickingListRemoveResultSchema,
  });
}

export function savePickingView(view: PickingListViewInput) {
  return apiRequest(PICKING_LIST_COLUMNS_PATH, {
    method: 'PUT',
    body: view,
    schema: PickingListViewSchema,
  });
}

export function savePickingFormDefaults(input: PickingListFormDefaultsInput) {
  return apiRequest(PICKING_LIST_FORM_DEFAULTS_PATH, {
    method: 'PUT',
    body: input,
    schema: PickingListFormDefaultsSchema,
  });
}

export function resetPickingFormDefaults() {
  return apiRequest(PICKING_LIST_FORM_DEFAULTS_PATH, {
    method: 'DELETE',
    schema: PickingListFormDefaultsSchema,
  });
}

/**
 * POST …/inventory-sales/print: the PDF as a Blob. An error answers JSON, read into an
 * ApiError as every other call's.
 */
export async function printPickingList(request: PickingListPrint): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(PICKING_LIST_PRINT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = null;
    }
    throw new ApiError(response.status, body);
  }
  return response.blob();
}
