import type { IntlShape } from 'react-intl';
import { ApiError } from '../api-client';
import { errorText } from '../error-text';

/**
 * A refused listing call says why in its own words: a 409 names the state the listing is in
 * and what to do instead, a 400 the problems that stop the listing. Those are shown as the
 * server wrote them; anything else as errorText does.
 */
export function listingErrorText(intl: IntlShape, error: unknown): string {
  if (
    error instanceof ApiError &&
    (error.status === 400 || error.status === 409) &&
    typeof error.body?.message === 'string' &&
    error.body.message.trim() !== ''
  ) {
    return error.body.message;
  }
  return errorText(intl, error);
}
