import { ConnectionIdSchema, MarketplaceIdSchema, type MarketplaceId } from '@listloop/domain';

/**
 * The query the OAuth callback sends the seller back with (GET /api/user/auth/callback/{m}):
 * `connected` and `connection` after a success, `connectError` with a sentence after a failure.
 */
export const CONNECT_RETURN_PARAMS = ['connected', 'connection', 'connectError'] as const;

/**
 * Anyone can write a link with a `connectError`: the screen shows it as plain text, and no
 * longer than any sentence the server writes.
 */
export const CONNECT_ERROR_MAX_LENGTH = 300;

export type ConnectReturn =
  | { kind: 'connected'; marketplace: MarketplaceId; connectionId: string | null }
  | { kind: 'failed'; message: string };

/** What the callback reported, from the raw query string (`?connected=ebay&connection=…`). */
export function readConnectReturn(search: string | URLSearchParams): ConnectReturn | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const error = params.get('connectError')?.replace(/\s+/g, ' ').trim();
  if (error) {
    return {
      kind: 'failed',
      message:
        error.length > CONNECT_ERROR_MAX_LENGTH
          ? `${error.slice(0, CONNECT_ERROR_MAX_LENGTH - 1).trimEnd()}…`
          : error,
    };
  }
  const marketplace = MarketplaceIdSchema.safeParse(params.get('connected'));
  if (!marketplace.success) return null;
  const connectionId = ConnectionIdSchema.safeParse(params.get('connection'));
  return {
    kind: 'connected',
    marketplace: marketplace.data,
    connectionId: connectionId.success ? connectionId.data : null,
  };
}

/** The search without the callback's parameters, so a reload does not report it again. */
export function withoutConnectReturn<T extends object>(search: T): T {
  const rest: Record<string, unknown> = { ...(search as Record<string, unknown>) };
  for (const key of CONNECT_RETURN_PARAMS) delete rest[key];
  return rest as T;
}
