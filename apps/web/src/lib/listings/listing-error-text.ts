import type { IntlShape } from 'react-intl';
import { ApiError } from '../api-client';
import { errorText } from '../error-text';
import { listingProblemText } from './problem-text';

/**
 * A refused listing call says why in its own words: a refused queue request carries the
 * problems that stop the listing (the preview's, with their codes), shown in the reader's
 * language; any other 409 names the state the listing is in and what to do instead, shown as
 * the server wrote it; anything else as errorText does.
 */
export function listingErrorText(intl: IntlShape, error: unknown): string {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) {
    return errorText(intl, error);
  }
  const problems = Array.isArray(error.body?.problems) ? error.body.problems : [];
  if (problems.length > 0) {
    return problems.map((problem) => listingProblemText(intl, problem)).join(' ');
  }
  if (typeof error.body?.message === 'string' && error.body.message.trim() !== '') {
    return error.body.message;
  }
  return errorText(intl, error);
}
