import { isMarketplaceId, type MarketplaceId } from '@listloop/domain';

/** Who or what changed a listing, in terms the history can name. */
export type ListingActorDescription =
  | { kind: 'you' }
  | { kind: 'system' }
  | { kind: 'executor'; id: string }
  | { kind: 'connector'; marketplace: MarketplaceId | null; name: string }
  | { kind: 'member'; id: string };

/**
 * Reads a history entry's `by`: the signed-in user's own id is "you", 'system' is ListLoop
 * itself, 'executor:<id>' a browser extension, 'connector:<marketplace>' ListLoop's connection
 * to that marketplace, and any other id another member of the account.
 */
export function describeActor(by: string, currentUserId: string): ListingActorDescription {
  if (by === currentUserId) return { kind: 'you' };
  if (by === 'system') return { kind: 'system' };
  if (by.startsWith('executor:')) return { kind: 'executor', id: by.slice('executor:'.length) };
  if (by.startsWith('connector:')) {
    const name = by.slice('connector:'.length);
    return { kind: 'connector', marketplace: isMarketplaceId(name) ? name : null, name };
  }
  return { kind: 'member', id: by };
}

/** Long ids are cut to their first characters: enough to tell two apart on one screen. */
export function shortId(id: string, length = 8): string {
  return id.length > length + 1 ? `${id.slice(0, length)}…` : id;
}
