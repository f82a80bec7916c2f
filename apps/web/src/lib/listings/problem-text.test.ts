import { checkListing, BuiltListingSchema, marketplaceProblems } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import enGB from '../../i18n/catalogues/en-GB.json';
import es from '../../i18n/catalogues/es.json';
import italian from '../../i18n/catalogues/it.json';
import { listingProblemText } from './problem-text';

const intl = createIntl({ locale: 'en-US', messages: enUS });

describe('listing problems in the reader’s language', () => {
  it('says in en-US what the checks say in English', () => {
    const listing = BuiltListingSchema.parse({
      marketplace: 'mercari',
      title: 'x'.repeat(85),
      description: '',
      price: 2500,
      photos: [],
      quantity: 3,
    });
    const problems = checkListing('mercari', listing);
    expect(problems.map((p) => p.code)).toEqual([
      'title.tooLong',
      'description.missing',
      'photos.tooFew',
      'price.tooHigh',
      'quantity.tooHigh',
      'field.missing',
      'condition.missing',
      'field.missing',
    ]);
    // The same words; the app groups thousands as the locale does ($2,000.00).
    const ungrouped = (text: string) => text.replace(/(\d),(\d{3})/g, '$1$2');
    for (const problem of problems) {
      expect(ungrouped(listingProblemText(intl, problem))).toBe(problem.message);
    }
  });

  it('formats eBay’s price floor and the fields eBay needs', () => {
    const listing = BuiltListingSchema.parse({
      marketplace: 'ebay',
      title: 'Jacket',
      description: 'Warm',
      price: 0.5,
      photos: ['a.jpg'],
      condition: 'USED_GOOD',
    });
    const texts = checkListing('ebay', listing).map((p) => listingProblemText(intl, p));
    expect(texts).toEqual([
      'eBay prices are at least $0.99; raise the price to $0.99 or more.',
      'eBay needs a category; set it on the item or in the eBay defaults.',
      'eBay needs a shipping profile; set it on the item or in the eBay defaults.',
      'eBay needs a ship-from ZIP code; set it on the item or in the eBay defaults.',
    ]);
  });

  it('names the marketplace-only fields in words', () => {
    expect(
      listingProblemText(intl, {
        code: 'extra.missing',
        field: 'extra.who_made',
        message: "Etsy needs 'who_made'; set it in the Etsy tab of the item.",
        params: { marketplace: 'Etsy', field: 'who_made' },
      }),
    ).toBe('Etsy needs “Who made it”; set it in the Etsy tab of the item.');
    expect(
      listingProblemText(intl, {
        code: 'extra.missing',
        field: 'extra.material',
        message: "Etsy needs 'material'; set it in the Etsy tab of the item.",
        params: { marketplace: 'Etsy', field: 'material' },
      }),
    ).toBe('Etsy needs “material”; set it in the Etsy tab of the item.');
  });

  it('translates', () => {
    const spanish = createIntl({ locale: 'es', messages: es });
    expect(
      listingProblemText(spanish, {
        code: 'title.tooLong',
        field: 'title',
        message: 'Mercari titles are at most 80 characters; shorten the title by 1 character.',
        params: { marketplace: 'Mercari', max: 80, length: 81, over: 1 },
      }),
    ).toBe(
      'Los títulos de Mercari tienen como máximo 80 caracteres; acorta el título en 1 carácter.',
    );
  });

  it('translates every problem of reach and of a marketplace’s own rules, in every language', () => {
    const problems = [
      marketplaceProblems.unreachable('whatnot'),
      marketplaceProblems.connectionMissing('poshmark'),
      marketplaceProblems.connectionNeedsReconnect('ebay', 'Old eBay'),
      marketplaceProblems.titleCharacterNotAllowed('etsy', '$'),
      marketplaceProblems.titleCharacterRepeated('etsy', ['%', '&']),
      marketplaceProblems.descriptionContactDetails('depop'),
      marketplaceProblems.photoNotPublic('shopify', 1),
      marketplaceProblems.quantityTooLow('ebay', 1),
      marketplaceProblems.tagCharacterNotAllowed('etsy', 'a/b', '/'),
      marketplaceProblems.categoryNotMarketplaceCategory('ebay', 'Men › Jeans'),
      marketplaceProblems.categoryUnknown('ebay', '99999'),
      marketplaceProblems.categoryNotLeaf('ebay', '1059', 'Clothing › Men'),
      marketplaceProblems.sizeNotMapped('depop', 'M'),
      marketplaceProblems.fieldNotAnId('etsy', 'shipping.profileId', 'Standard'),
      marketplaceProblems.extraInvalid('etsy', 'who_made', 'me', ['i_did', 'someone_else']),
      marketplaceProblems.extraTooMany('etsy', 'materials', 13, 15),
      marketplaceProblems.extraCharacterNotAllowed('etsy', 'materials', 'wool!', '!'),
    ];
    expect(new Set(problems.map((p) => p.code)).size).toBe(problems.length);
    for (const messages of [enUS, es, enGB, italian]) {
      const reader = createIntl({
        locale: 'en',
        messages,
        onError: (error) => {
          throw error;
        },
      });
      for (const problem of problems) {
        const text = listingProblemText(reader, problem);
        expect(text, problem.code).toContain(String(problem.params.marketplace));
        expect(text, problem.code).not.toMatch(/[{}]/);
        if (messages !== enUS && messages !== enGB) expect(text).not.toBe(problem.message);
      }
    }
    expect(
      listingProblemText(intl, marketplaceProblems.extraTooMany('etsy', 'materials', 13, 15)),
    ).toBe('Etsy takes at most 13 in “Materials”; remove 2.');
    expect(
      listingProblemText(
        intl,
        marketplaceProblems.fieldNotAnId('etsy', 'shipping.profileId', 'Std'),
      ),
    ).toBe(
      'Etsy needs the id of a shipping profile (a number), not “Std”; copy the id from Etsy into the Etsy defaults.',
    );
  });

  it('shows the server’s sentence for a field it cannot name', () => {
    expect(
      listingProblemText(intl, {
        code: 'field.missing',
        field: 'gtin',
        message: 'eBay needs a GTIN.',
        params: { marketplace: 'eBay', field: 'gtin' },
      }),
    ).toBe('eBay needs a GTIN.');
  });
});

describe('a condition the marketplace does not take', () => {
  it('names the conditions as the marketplace does, never by their codes', () => {
    const listing = BuiltListingSchema.parse({
      marketplace: 'poshmark',
      title: 'Dress',
      description: 'A dress',
      price: 20,
      photos: ['/a.jpg'],
      quantity: 1,
      condition: 'USED_GOOD',
    });
    const problem = checkListing('poshmark', listing).find(
      (p) => p.code === 'condition.notMappable',
    );
    expect(problem).toBeDefined();
    const text = listingProblemText(intl, problem!);
    expect(text).toBe(
      '“USED_GOOD” is not a Poshmark condition; choose one of New with tags or Not new with tags, or add a condition mapping rule.',
    );
    expect(text).not.toMatch(/not_nwt|\bnwt\b/);
  });
});
