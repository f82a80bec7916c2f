import type { NotificationService } from '../notifications';
import type { DelistFailure } from './listing-context';

/**
 * A delist that ended in failure is told to the item's owner (the item may still be for sale
 * there); keyed by item, marketplace and when it failed, so one failure is told once.
 */
export function notifyDelistFailed(
  notify: (input: Parameters<NotificationService['notify']>[0]) => Promise<unknown>,
) {
  return async (failure: DelistFailure): Promise<void> => {
    await notify({
      kind: 'delist_failed',
      accountId: failure.accountId,
      userId: failure.userId,
      key: `${failure.itemId}:${failure.marketplace}:${failure.at}`,
      params: {
        itemId: failure.itemId,
        itemTitle: failure.itemTitle,
        marketplace: failure.marketplace,
        reason: failure.reason,
      },
    });
  };
}
