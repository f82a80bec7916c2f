import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import { AppError, conflict } from '../../platform/http/errors';
import { ConnectorError } from '../../connectors/contract';

/** What a temporary failure asks a client to wait when the marketplace named no wait. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * A call a seller makes to their own marketplace account through its connector, with its
 * failure answered for the API: a marketplace's refusal is the seller's to read (409, in the
 * words `refused` gives it), an outage is temporary (503). Any other error is ListLoop's own.
 */
export async function connectorCall<T>(
  marketplace: MarketplaceId,
  run: () => Promise<T>,
  refused: (message: string) => string = (message) => message,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    if (error.transient) {
      throw new AppError(
        503,
        'server/internal',
        `${MARKETPLACE_NAMES[marketplace]} could not be reached just now: ${error.message} Try again in a moment.`,
        {},
        // The wait the marketplace asked for (Shopify's cost bucket refilling, a Retry-After),
        // else a short one: a client that retries at once only drains the bucket again.
        error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      );
    }
    throw conflict(refused(error.message));
  }
}
