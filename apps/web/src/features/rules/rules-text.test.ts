import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import it_ from '../../i18n/catalogues/it.json';
import { ApiError } from '../../lib/api-client';
import {
  formOverrideText,
  mappingFromText,
  pricingStepText,
  ruleErrorText,
  signedPercent,
} from './rules-text';

const us = createIntl({ locale: 'en-US', messages: enUS });
const gb = createIntl({ locale: 'en-GB', messages: enGB });

const rule = {
  adjustmentPercent: 12.5,
  fixedAmount: -2,
  rounding: 'up_to_99' as const,
  minimumPrice: 15,
  maximumPrice: 500,
};

describe('rules texts', () => {
  it('word each pricing step with the rule’s own figures', () => {
    expect(pricingStepText(us, 'percent', rule, 'USD')).toBe('Percentage +12.5%');
    expect(pricingStepText(us, 'fixed', rule, 'USD')).toBe('Fixed amount -$2.00');
    expect(pricingStepText(us, 'rounding', rule, 'USD')).toBe('Rounding (Up to .99)');
    expect(pricingStepText(us, 'minimum', rule, 'USD')).toBe('Minimum $15.00');
    expect(pricingStepText(gb, 'maximum', rule, 'GBP')).toBe('Maximum £500.00');
    expect(signedPercent(us, -5)).toBe('-5%');
  });

  it('word amounts in the rule’s currency, as the edition writes numbers', () => {
    const italian = createIntl({ locale: 'it', messages: it_ });
    expect(pricingStepText(italian, 'fixed', rule, 'USD').replace(/\u00a0/g, ' ')).toBe(
      'Importo fisso -2,00 $',
    );
    expect(pricingStepText(gb, 'minimum', rule, 'USD')).toBe('Minimum $15.00');
  });

  it('name the whole unit of the account’s currency, not the edition’s', () => {
    const italian = createIntl({ locale: 'it', messages: it_ });
    const whole = { ...rule, rounding: 'nearest_dollar' as const };
    expect(pricingStepText(italian, 'rounding', whole, 'USD')).toBe(
      'Arrotondamento (Al dollaro più vicino)',
    );
    expect(pricingStepText(italian, 'rounding', whole, 'EUR')).toBe(
      'Arrotondamento (All’euro più vicino)',
    );
    expect(pricingStepText(gb, 'rounding', whole, 'GBP')).toBe('Rounding (To the nearest pound)');
    expect(pricingStepText(us, 'rounding', whole, 'USD')).toBe('Rounding (To the nearest dollar)');
  });

  it('name our conditions, and leave other values as typed', () => {
    expect(mappingFromText(us, 'condition', 'like_new')).toBe(enUS['item.condition.like_new']);
    expect(mappingFromText(us, 'brand', 'like_new')).toBe('like_new');
  });

  it('use the edition’s label for the form overrides’ region labels', () => {
    expect(formOverrideText(us, 'region.postalCode.zip')).toBe(enUS['region.postalCode.zip']);
    expect(formOverrideText(gb, 'listing.section.delivery')).toBe(enGB['listing.section.delivery']);
    expect(formOverrideText(us, 'listing.field.unknown')).toBeNull();
    expect(formOverrideText(us, undefined)).toBeNull();
  });

  it('show the server’s sentence for a refusal it explains, never for a 403 or a 5xx', () => {
    const conflict = new ApiError(409, {
      code: 'request/conflict',
      message: "Another brand rule already maps 'Nike'; keep one of them.",
    });
    expect(ruleErrorText(us, conflict)).toBe(
      "Another brand rule already maps 'Nike'; keep one of them.",
    );
    const forbidden = new ApiError(403, { code: 'auth/forbidden', message: 'Nope' });
    expect(ruleErrorText(us, forbidden)).toBe(enUS['error.auth/forbidden']);
    const internal = new ApiError(500, { code: 'server/internal', message: 'Stack trace' });
    expect(ruleErrorText(us, internal)).toBe(enUS['error.server/internal']);
  });
});
