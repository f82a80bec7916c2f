import type { EbayBusinessPolicy } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import { policyOptions } from './ebay-policies.api';

const intl = createIntl({ locale: 'en-US', messages: enUS });

const policy = (id: string, name: string): EbayBusinessPolicy => ({
  id,
  type: 'fulfillment',
  name,
  description: null,
  marketplaceId: 'EBAY_US',
  isDefault: false,
  details: {},
});

describe('policyOptions', () => {
  it('offers each policy by its name, and by its id where it has none', () => {
    expect(policyOptions(intl, [policy('61', 'Standard'), policy('62', '')], null)).toEqual([
      { value: '61', label: 'Standard' },
      { value: '62', label: 'Policy 62' },
    ]);
  });

  it('keeps offering a stored id the account no longer has, by its id', () => {
    expect(policyOptions(intl, [policy('61', 'Standard')], '99')).toEqual([
      { value: '61', label: 'Standard' },
      { value: '99', label: 'Policy 99' },
    ]);
    expect(policyOptions(intl, [policy('61', 'Standard')], '61')).toHaveLength(1);
    expect(policyOptions(intl, [], '')).toEqual([]);
  });
});
