import { defaultCatalogue } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  composeAll,
  composeDescription,
  composeTitle,
  conditionIn,
  cutAtWord,
  predict,
  type ComposerFacts,
  type ComposerItem,
} from './offline-composer';
import { priceRangeFrom, type SoldItem } from './price-range';

const blank: ComposerItem = {
  title: '',
  description: '',
  brand: '',
  category: null,
  categoryPath: [],
  condition: null,
  colour: null,
  size: '',
};

const facts = (item: Partial<ComposerItem>, more: Partial<ComposerFacts> = {}): ComposerFacts => ({
  item: { ...blank, ...item },
  prompt: '',
  titleMax: null,
  descriptionMax: null,
  neighbours: [],
  knownBrands: [],
  ...more,
});

const chars = (text: string | null) => [...(text ?? '')].length;

describe('the offline title', () => {
  it('adds the brand, colour, material, category, size and a searched-for condition to the seller’s words', () => {
    const title = composeTitle(
      facts({
        title: '501 jeans',
        brand: "Levi's",
        colour: 'blue',
        size: '32',
        condition: 'new_with_tags',
        category: 'Women > Jeans',
        description: 'Heavy denim, straight leg.',
      }),
    );
    expect(title).toBe("Levi's 501 jeans Blue Denim Size 32 New with tags");
  });

  it('never names a fact twice, whatever its case', () => {
    const title = composeTitle(
      facts({
        title: 'LEVI’S blue 501 Jeans size 32',
        brand: "Levi's",
        colour: 'Blue',
        size: '32',
      }),
    );
    expect(title).toBe('LEVI’S blue 501 Jeans size 32');
  });

  it.each(Object.entries(defaultCatalogue).filter(([, spec]) => spec.limits.title.max !== null))(
    'keeps to %s’s title limit, keeping the seller’s words and the facts that matter most',
    (_id, spec) => {
      const max = spec.limits.title.max!;
      const title = composeTitle(
        facts(
          {
            title: 'Vintage 1990s oversized wool blend double breasted overcoat with horn buttons',
            brand: 'Max Mara',
            colour: 'camel',
            size: 'UK 12',
            condition: 'like_new',
            category: 'Coats',
          },
          { titleMax: max },
        ),
      );
      expect(chars(title)).toBeLessThanOrEqual(max);
      expect(title).toContain('Vintage 1990s');
      expect(title!.startsWith('Max Mara')).toBe(true);
    },
  );

  it('drops the least searched-for facts first when the limit is tight (eBay, 80 characters)', () => {
    const title = composeTitle(
      facts(
        {
          title: 'Barbour Bedale waxed jacket classic country field coat',
          brand: 'Barbour',
          colour: 'olive',
          size: '40',
          condition: 'new_with_tags',
          category: 'Jackets',
          description: 'Cotton lining.',
        },
        { titleMax: defaultCatalogue.ebay.limits.title.max },
      ),
    );
    expect(title).toBe(
      'Barbour Bedale waxed jacket classic country field coat Olive Jackets Size 40',
    );
    expect(chars(title)).toBeLessThanOrEqual(80);
  });

  it('counts characters, not UTF-16 units, and cuts at a whole word', () => {
    expect(cutAtWord('👜👜 bag bag bag', 9)).toBe('👜👜 bag');
    const title = composeTitle(facts({ title: '👜'.repeat(10) + ' tote' }, { titleMax: 12 }));
    expect(chars(title)).toBeLessThanOrEqual(12);
  });

  it('leaves out a condition buyers do not search for', () => {
    expect(composeTitle(facts({ title: 'Wool scarf', condition: 'fair' }))).toBe('Wool scarf');
  });

  it('has nothing to say about an empty item and an empty prompt', () => {
    expect(composeTitle(facts({}))).toBeNull();
    expect(composeDescription(facts({}))).toBeNull();
  });

  it('gives the same answer every time', () => {
    const input = facts(
      { title: 'Nike air max 90', size: '10', description: 'Worn once.' },
      {
        prompt: 'white trainers',
        knownBrands: ['Nike', 'Adidas'],
        neighbours: [{ title: 'Nike air max 95', brand: 'Nike', category: 'Trainers' }],
      },
    );
    const first = composeAll(input);
    for (let i = 0; i < 5; i += 1) expect(composeAll(input)).toEqual(first);
  });
});

describe('the offline description', () => {
  it('opens with the title and condition, then lists the facts', () => {
    const description = composeDescription(
      facts({ title: 'Wool coat', brand: 'COS', size: 'M', condition: 'like_new', colour: 'navy' }),
    );
    expect(description).toBe(
      [
        'COS Wool coat Navy Size M Like new. Like new, with no signs of wear.',
        '',
        'Details:',
        '- Brand: COS',
        '- Size: M',
        '- Colour: Navy',
        '- Material: Wool',
        '- Condition: Like new',
      ].join('\n'),
    );
  });

  it('keeps the seller’s own text and replaces its own list of details when asked again', () => {
    const once = composeDescription(
      facts({ title: 'Silk scarf', description: 'Hand rolled edges.', brand: 'Hermès' }),
    )!;
    expect(once.startsWith('Hand rolled edges.\n\nDetails:\n- Brand: Hermès')).toBe(true);
    const twice = composeDescription(
      facts({ title: 'Silk scarf', description: once, brand: 'Hermès' }),
    );
    expect(twice).toBe(once);
  });

  it('keeps to the marketplace’s description limit, dropping facts before the seller’s words', () => {
    const long = 'A lovely dress. '.repeat(40).trim();
    const item = {
      title: 'Dress',
      description: long,
      brand: 'Reformation',
      size: '8',
      colour: 'red',
    };
    const roomy = composeDescription(facts(item, { descriptionMax: 680 }))!;
    expect(chars(roomy)).toBeLessThanOrEqual(680);
    expect(roomy).toBe(`${long}\n\nDetails:\n- Brand: Reformation\n- Size: 8`);
    const tight = composeDescription(facts(item, { descriptionMax: 300 }))!;
    expect(chars(tight)).toBeLessThanOrEqual(300);
    expect(tight).not.toContain('Details:');
    expect(tight.startsWith('A lovely dress.')).toBe(true);
    expect(tight.endsWith('dress.')).toBe(true);
  });
});

describe('the offline predictions', () => {
  it('keeps what the item says', () => {
    expect(
      predict(facts({ brand: 'Zara', category: 'Dresses', condition: 'good', colour: 'Red' })),
    ).toEqual({ brand: 'Zara', category: 'Dresses', condition: 'good', colour: 'Red' });
  });

  it('reads a brand the seller sells, a condition and a colour from the words', () => {
    const predicted = predict(
      facts(
        { title: 'ralph lauren polo shirt NWT' },
        { prompt: 'navy blue', knownBrands: ['Ralph Lauren', 'Ralph', 'Gap'] },
      ),
    );
    expect(predicted).toEqual({
      brand: 'Ralph Lauren',
      condition: 'new_with_tags',
      colour: 'Navy',
    });
  });

  it('takes the category and brand the seller’s similar items share, when two words agree', () => {
    const neighbours = [
      { title: 'Dr Martens 1460 boots cherry', brand: 'Dr. Martens', category: 'Boots' },
      { title: 'Dr Martens chelsea boots', brand: 'Dr. Martens', category: 'Boots' },
      { title: 'Leather belt', brand: 'Gap', category: 'Belts' },
    ];
    expect(predict(facts({ title: 'martens 1460 boots' }, { neighbours }))).toEqual({
      brand: 'Dr. Martens',
      category: 'Boots',
    });
    // One common word is not enough.
    expect(predict(facts({ title: 'leather gloves' }, { neighbours }))).toEqual({});
  });

  it.each([
    ['BNWT', 'new_with_tags'],
    ['never worn, no tags', 'new_without_tags'],
    ['worn once', 'like_new'],
    ['some wear on the cuffs', 'fair'],
    ['damaged zip', 'poor'],
    ['used', 'good'],
  ] as const)('reads “%s” as %s', (text, condition) => {
    expect(conditionIn([text])).toBe(condition);
  });
});

describe('the price range from the seller’s sales', () => {
  const sale = (unitPrice: number, fields: Partial<SoldItem> = {}): SoldItem => ({
    unitPrice,
    currency: 'USD',
    title: 'Levis 501 jeans',
    brand: "Levi's",
    category: 'Jeans',
    ...fields,
  });
  const target = { brand: "Levi's", category: 'Jeans', words: ['levis', '501', 'jeans'] };

  it('is the middle half of similar sales from four on, in whole units, with how many', () => {
    const sales = [20, 25, 30, 35, 40, 100].map((p) => sale(p));
    expect(priceRangeFrom(sales, target, 'USD')).toEqual({
      price: { min: 25, max: 40, currency: 'USD', basedOnSales: 6 },
    });
  });

  it('is the lowest to the highest with fewer, rounded outwards', () => {
    expect(priceRangeFrom([sale(19.5), sale(31.2)], target, 'USD')).toEqual({
      price: { min: 19, max: 32, currency: 'USD', basedOnSales: 2 },
    });
  });

  it('uses the most alike sales only: same brand and category before shared words', () => {
    const sales = [
      sale(30),
      sale(34),
      sale(200, { brand: 'Other', category: 'Coats', title: 'Levis 501 coat' }),
    ];
    expect(priceRangeFrom(sales, target, 'USD')).toEqual({
      price: { min: 30, max: 34, currency: 'USD', basedOnSales: 2 },
    });
  });

  it('says why there is no price', () => {
    expect(priceRangeFrom([], target, 'USD')).toEqual({ gap: 'no_sales' });
    expect(priceRangeFrom([sale(30, { currency: 'EUR' })], target, 'USD')).toEqual({
      gap: 'no_sales',
    });
    expect(
      priceRangeFrom(
        [sale(30, { brand: 'Gap', category: 'Hats', title: 'Wool beanie' })],
        target,
        'USD',
      ),
    ).toEqual({ gap: 'no_similar_sales' });
  });
});
