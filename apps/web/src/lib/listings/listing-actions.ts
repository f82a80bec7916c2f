import {
  allowedEvents,
  listingStateOf,
  type ListingEventType,
  type PendingOperation,
  type PermissionKey,
  SALE_RECORDING_PERMISSIONS,
} from '@listloop/domain';

export type ListingActionKind =
  'list' | 'retryList' | 'relist' | 'delist' | 'retryDelist' | 'markSold' | 'markNotListed';

export interface ListingAction {
  kind: ListingActionKind;
  /** The domain event the action asks the server for. */
  event: ListingEventType;
  /** The operation queued through PUT …/status; null for the direct calls. */
  operation: PendingOperation | null;
  /** Ends or changes a live listing, or throws its state away: asked before it is done. */
  destructive: boolean;
  /** What the server checks before it does it: every one is needed. */
  permissions: readonly PermissionKey[];
}

/** Actions a person takes, in the order the screen shows them; the other events are outcomes. */
const ORDER: readonly ListingEventType[] = [
  'queue_list',
  'relist',
  'queue_delist',
  'sold',
  'mark_not_listed',
];

/**
 * What the seller may do with a listing now: exactly the events the domain's transition table
 * allows from its state (allowedEvents), as actions. "Mark not listed" is left out for a
 * listing that is not listed already: it would change nothing.
 */
export function listingActions(
  listing: Record<string, unknown> | null | undefined,
): ListingAction[] {
  const state = listingStateOf(listing);
  const allowed = new Set(allowedEvents(state));
  const actions: ListingAction[] = [];
  for (const event of ORDER) {
    if (!allowed.has(event)) continue;
    switch (event) {
      case 'queue_list':
        actions.push({
          kind: state.status === 'list_failure' ? 'retryList' : 'list',
          event,
          operation: 'list',
          destructive: false,
          permissions: ['listings.publish'],
        });
        break;
      case 'relist':
        actions.push({
          kind: 'relist',
          event,
          operation: 'relist',
          destructive: true,
          permissions: ['listings.publish'],
        });
        break;
      case 'queue_delist':
        actions.push({
          kind: state.status === 'delist_failure' ? 'retryDelist' : 'delist',
          event,
          operation: 'delist',
          destructive: true,
          permissions: ['listings.delist'],
        });
        break;
      case 'sold':
        actions.push({
          kind: 'markSold',
          event,
          operation: null,
          destructive: true,
          permissions: SALE_RECORDING_PERMISSIONS,
        });
        break;
      case 'mark_not_listed':
        if (state.status !== 'not_listed') {
          actions.push({
            kind: 'markNotListed',
            event,
            operation: null,
            destructive: true,
            permissions: ['items.write'],
          });
        }
        break;
      default:
        break;
    }
  }
  return actions;
}

/** Whether a listing in this state may be queued to be listed (the cross-list dialog's test). */
export function canQueueList(listing: Record<string, unknown> | null | undefined): boolean {
  return allowedEvents(listingStateOf(listing)).includes('queue_list');
}

/**
 * What an empty list of problems means for the listing as it stands: nothing stops it (it can
 * be listed, relisted or updated), or the checks found nothing yet the marketplace refused the
 * last try, or there is nothing to list because it sold there or no unit is left.
 */
export type ClearListingNote = 'ready' | 'refused' | 'sold' | 'soldOut';

export function clearListingNote(
  listing: Record<string, unknown> | null | undefined,
  quantity: number,
): ClearListingNote {
  const { status } = listingStateOf(listing);
  if (status === 'sold') return 'sold';
  if (status === 'list_failure') return 'refused';
  if (quantity <= 0) return 'soldOut';
  return 'ready';
}
