import { checkCompleteness, textSetForCountry } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import it_ from '../../i18n/catalogues/it.json';
import { completenessTexts } from './completeness-text';

const us = createIntl({ locale: 'en-US', messages: enUS });
const italian = createIntl({ locale: 'it', messages: it_ });

const item = (weight: { pounds: number; ounces: number }) => ({
  labels: [],
  generalDetails: {
    images: [{ id: 'a', url: '/a.jpg' }],
    title: 'Dress',
    description: 'A dress',
    brand: 'Laura Ashley',
    condition: 'good',
    price: 30,
    category: 'Dresses',
    weight,
  },
});

describe('the completeness messages', () => {
  it('say an empty weight once, naming both units', () => {
    const issues = checkCompleteness(item({ pounds: 0, ounces: 0 }) as never);
    expect(issues.map((issue) => issue.code)).toEqual(['invalidWeightLb', 'invalidWeightOz']);
    expect(completenessTexts(us, issues, textSetForCountry('US').weightUnits)).toEqual([
      { key: 'invalidWeight', text: 'Please enter a valid weight (lb and oz)' },
    ]);
    expect(
      completenessTexts(italian, issues, textSetForCountry('IT').weightUnits).map((m) => m.text),
    ).toEqual(['Inserisci un peso valido (kg e g)']);
  });

  it('keep the spec’s message for one wrong part', () => {
    const issues = checkCompleteness(item({ pounds: -1, ounces: 4 }) as never);
    expect(completenessTexts(us, issues, textSetForCountry('US').weightUnits)).toEqual([
      { key: 'invalidWeightLb', text: 'Please enter a valid weight (lb)' },
    ]);
  });
});
