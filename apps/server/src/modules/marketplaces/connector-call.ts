import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import { AppError, conflict } from '../../platform/http/errors';
import { ConnectorError } from '../listings/connector';

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
      );
    }
    throw conflict(refused(error.message));
  }
}
