import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import { ApiError, NetworkError } from '../api-client';
import { listingErrorText } from './listing-error-text';

const intl = createIntl({ locale: 'en-US', messages: enUS });

describe('the text of a refused listing call', () => {
  it('shows the server’s words for a 409 and a 400', () => {
    const conflict = new ApiError(409, {
      code: 'request/conflict',
      message: 'eBay: an item that is listed cannot be queued to be listed; relist it instead.',
    });
    expect(listingErrorText(intl, conflict)).toBe(
      'eBay: an item that is listed cannot be queued to be listed; relist it instead.',
    );
    const invalid = new ApiError(400, {
      code: 'request/invalid',
      message: 'eBay would not take this listing: eBay needs a category.',
    });
    expect(listingErrorText(intl, invalid)).toBe(
      'eBay would not take this listing: eBay needs a category.',
    );
  });

  it('falls back to the catalogue for other failures', () => {
    expect(listingErrorText(intl, new NetworkError(new Error('down')))).toBe(
      enUS['common.error.network'],
    );
    expect(listingErrorText(intl, new ApiError(409, null))).toBe(enUS['common.error.unexpected']);
  });
});
