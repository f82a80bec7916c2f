/**
 * What a screen, panel or section read by a query shows (the settings screen, the notification
 * panel and its settings).
 */
export type LoadState<T> =
  { kind: 'ready'; data: T } | { kind: 'failed'; error: unknown } | { kind: 'loading' };

/**
 * The data once there is some, even when a later refetch (a poll, on focus, after a save)
 * failed: what the seller was using stays on screen. The failure only when nothing was ever
 * loaded.
 */
export function loadState<T>(query: {
  data: T | undefined;
  isError: boolean;
  error: unknown;
}): LoadState<T> {
  if (query.data !== undefined) return { kind: 'ready', data: query.data };
  return query.isError ? { kind: 'failed', error: query.error } : { kind: 'loading' };
}
