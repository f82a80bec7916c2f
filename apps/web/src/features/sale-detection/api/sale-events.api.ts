import {
  DismissResponseSchema,
  SaleEventListSchema,
  type SaleChannel,
  type SaleEvent,
} from '@listloop/domain';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { isDelisting } from '../sale-event-view';

/** Spec §7 sale detection, and the tracker's list of events. */
export const SALE_DETECTION_PATH = '/api/rest/v1/sale_detection';

/** How often the tracker asks again while a delist it shows is still running. */
export const DELISTING_POLL_MS = 1500;
/** Otherwise, how often it looks for new sales while open (as the notification bell does). */
export const NEW_SALES_POLL_MS = 30_000;
const PAGE_SIZE = 25;

export type SaleEventList = z.infer<typeof SaleEventListSchema>;
export type SaleEventState = 'open' | 'dismissed' | 'all';

export interface SaleEventFilters {
  marketplace?: SaleChannel | undefined;
  state: SaleEventState;
}

export const saleEventKeys = {
  all: ['sale-events'] as const,
  lists: () => [...saleEventKeys.all, 'list'] as const,
  list: (filters: SaleEventFilters) => [...saleEventKeys.lists(), filters] as const,
};

export function saleEventsPath(filters: SaleEventFilters, cursor: string | null): string {
  const params = new URLSearchParams({ state: filters.state, limit: String(PAGE_SIZE) });
  if (filters.marketplace) params.set('marketplace', filters.marketplace);
  if (cursor) params.set('cursor', cursor);
  return `${SALE_DETECTION_PATH}/events?${params.toString()}`;
}

/**
 * A delist still running is asked about again every 1.5 s until it ends, without a reload;
 * otherwise the list is read again now and then, so a new sale shows up by itself.
 */
export function salesPollInterval(pages: readonly SaleEventList[] | undefined): number {
  return isDelisting(pages?.flatMap((page) => page.events) ?? [])
    ? DELISTING_POLL_MS
    : NEW_SALES_POLL_MS;
}

/** The events of the last 30 days, newest first, a page at a time. */
export const saleEventsQueryOptions = (filters: SaleEventFilters) =>
  infiniteQueryOptions({
    queryKey: saleEventKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(saleEventsPath(filters, pageParam), { schema: SaleEventListSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SaleEventList) => last.nextCursor,
    refetchInterval: (query) => salesPollInterval(query.state.data?.pages),
    // Changing a filter keeps the last list on screen until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST …/dismiss: the event must be of the marketplace named (the spec's originPlatform). */
export function dismissSaleEvent(event: Pick<SaleEvent, 'eventId' | 'marketplace'>) {
  return apiRequest(`${SALE_DETECTION_PATH}/dismiss`, {
    method: 'POST',
    body: { payload: { event_id: event.eventId }, originPlatform: event.marketplace },
    schema: DismissResponseSchema,
  });
}

/** POST …/dismiss_all: every open event of one marketplace, loaded on this screen or not. */
export function dismissAllSaleEvents(marketplace: SaleChannel) {
  return apiRequest(`${SALE_DETECTION_PATH}/dismiss_all`, {
    method: 'POST',
    body: { originPlatform: marketplace },
    schema: DismissResponseSchema,
  });
}
