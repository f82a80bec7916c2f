import { GeneralDetailsSchema } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  acceptOffer,
  currentValue,
  holds,
  offersFrom,
  type SuggestionChange,
} from './suggestion-offers';

const details = GeneralDetailsSchema.parse({
  title: 'levis jeans',
  brand: "Levi's",
  condition: 'good',
  price: 35,
  primaryColor: 'Blue',
});

describe('the AI helper’s offers', () => {
  it('offers each suggested field, a price range as its middle in whole units', () => {
    expect(
      offersFrom({
        title: "Levi's levis jeans Blue",
        brand: "LEVI'S",
        condition: 'like_new',
        colour: 'blue',
        category: 'Jeans',
        price: { min: 30, max: 41, currency: 'USD', basedOnSales: 3 },
        priceGap: undefined,
      }),
    ).toEqual({
      title: { field: 'title', value: "Levi's levis jeans Blue" },
      brand: { field: 'brand', value: "LEVI'S" },
      condition: { field: 'condition', value: 'like_new' },
      colour: { field: 'colour', value: 'blue' },
      category: { field: 'category', value: 'Jeans' },
      price: { field: 'price', value: 36 },
    });
  });

  it('offers nothing for an empty answer or a price gap', () => {
    expect(offersFrom({ priceGap: 'no_sales' })).toEqual({});
  });

  it('knows which offers the form holds already: names without case, texts exactly', () => {
    expect(holds(details, { field: 'brand', value: "LEVI'S" })).toBe(true);
    expect(holds(details, { field: 'colour', value: 'blue' })).toBe(true);
    expect(holds(details, { field: 'title', value: 'Levis jeans' })).toBe(false);
    expect(holds(details, { field: 'price', value: 35 })).toBe(true);
    expect(holds(details, { field: 'condition', value: 'like_new' })).toBe(false);
    expect(holds(details, { field: 'category', value: 'Jeans' })).toBe(false);
  });

  it('reads what a field holds now, empty as null', () => {
    expect(currentValue(details, 'title')).toBe('levis jeans');
    expect(currentValue(details, 'description')).toBeNull();
    expect(currentValue(details, 'colour')).toBe('Blue');
    expect(currentValue(details, 'price')).toBe('35');
    expect(currentValue(details, 'category')).toBeNull();
  });
});

describe('a suggestion accepted in the editor', () => {
  it.each<[SuggestionChange, string, unknown]>([
    [{ field: 'title', value: 'Wool coat' }, 'title', 'Wool coat'],
    [{ field: 'description', value: 'Warm.' }, 'description', 'Warm.'],
    [{ field: 'brand', value: 'COS' }, 'brand', 'COS'],
    [{ field: 'category', value: 'Coats' }, 'category', 'Coats'],
    [{ field: 'colour', value: 'Navy' }, 'primaryColor', 'Navy'],
    [{ field: 'condition', value: 'like_new' }, 'condition', 'like_new'],
    [{ field: 'price', value: 45 }, 'price', 45],
  ])('%j goes into its own field only', (offer, field, value) => {
    const set: [string, unknown][] = [];
    acceptOffer((f, v) => set.push([f, v]), offer);
    expect(set).toEqual([[field, value]]);
  });
});
