import type { IntlShape } from 'react-intl';
import { commonMessages } from '../i18n/common.messages';
import { errorMessageId } from '../i18n/dynamic-messages';
import { ApiError, NetworkError, ResponseShapeError } from './api-client';

/**
 * The text to show for a failed call: the catalogue's text for a known error code, the
 * server's own message when it sent one without a known code, else a generic text.
 */
export function errorText(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code) return intl.formatMessage({ id: errorMessageId(error.code) });
    if (error.body?.message) return error.body.message;
    return intl.formatMessage(
      error.status >= 500
        ? { id: errorMessageId('server/internal') }
        : commonMessages.unexpectedError,
    );
  }
  if (error instanceof NetworkError) return intl.formatMessage(commonMessages.networkError);
  if (error instanceof ResponseShapeError) {
    return intl.formatMessage(commonMessages.unexpectedResponse);
  }
  return intl.formatMessage(commonMessages.unexpectedError);
}
