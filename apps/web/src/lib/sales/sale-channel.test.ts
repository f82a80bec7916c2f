import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/catalogues/en-US.json';
import it_ from '../../i18n/catalogues/it.json';
import { saleChannelName, saleWhere } from './sale-channel';

describe('sale channels', () => {
  it('name a marketplace by its name and an in-person sale in the seller’s language', () => {
    const intl = createIntl({ locale: 'it', messages: it_ });
    expect(saleChannelName(intl, 'shopify')).toBe('Shopify');
    expect(saleChannelName(intl, 'in_person')).toBe('Di persona');
  });

  it('give the sentences about a sale what they select on', () => {
    const intl = createIntl({ locale: 'en-US', messages: en });
    const sold = (channel: Parameters<typeof saleWhere>[0]) =>
      intl.formatMessage({ id: 'sales.event.soldOn' }, saleWhere(channel));
    expect(sold('vestiaireApi')).toBe('Sold on Vestiaire Collective (API)');
    expect(sold('in_person')).toBe('Sold in person');
  });
});
