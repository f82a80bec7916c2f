import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import esCatalogue from '../../i18n/catalogues/es.json';
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

  it('says the problems of a refused queue request in the reader’s language', () => {
    const refused = new ApiError(409, {
      code: 'request/conflict',
      message:
        'ListLoop cannot list on Poshmark yet: Connect your Poshmark account in Marketplaces first.',
      problems: [
        {
          code: 'connection.missing',
          field: 'marketplace',
          message: 'Connect your Poshmark account in Marketplaces first.',
          params: { marketplace: 'Poshmark' },
        },
      ],
    });
    const es = createIntl({ locale: 'es', messages: esCatalogue });
    expect(listingErrorText(es, refused)).toBe(
      'Primero conecta tu cuenta de Poshmark en Marketplaces.',
    );
    const category = new ApiError(400, {
      code: 'request/invalid',
      message: 'eBay would not take this listing: …',
      problems: [
        {
          code: 'category.notMarketplaceCategory',
          field: 'category',
          message: '…',
          params: { marketplace: 'eBay', category: 'Men › Jeans' },
        },
      ],
    });
    expect(listingErrorText(intl, category)).toBe(
      '“Men › Jeans” is not one of eBay’s categories; choose one on the eBay tab, or map this category with a category mapping rule for eBay.',
    );
  });

  it('falls back to the catalogue for other failures', () => {
    expect(listingErrorText(intl, new NetworkError(new Error('down')))).toBe(
      enUS['common.error.network'],
    );
    expect(listingErrorText(intl, new ApiError(409, null))).toBe(enUS['common.error.unexpected']);
  });
});
