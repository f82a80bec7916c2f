import { describe, expect, it } from 'vitest';
import {
  allowedMarketplaces,
  orderMarketplaces,
  CROSSLISTING_MARKETPLACES,
  EXCLUDED_MARKETPLACES,
  isMarketplaceId,
  MARKETPLACE_IDS,
  MARKETPLACE_NAMES,
  MarketplaceIdSchema,
  marketplaceGroup,
  SOURCE_MARKETPLACES,
  SUPPORTED_MARKETPLACES,
} from './marketplaces';

describe('marketplace lists', () => {
  it('has no duplicate ids', () => {
    expect(new Set(MARKETPLACE_IDS).size).toBe(MARKETPLACE_IDS.length);
  });

  it('excludes tradesy, kidizen and sellhound', () => {
    expect([...EXCLUDED_MARKETPLACES].sort()).toEqual(['kidizen', 'sellhound', 'tradesy']);
  });

  it.each(['tradesy', 'kidizen', 'sellhound'])('%s is known but not supported', (id) => {
    expect(isMarketplaceId(id)).toBe(true);
    expect(SUPPORTED_MARKETPLACES).not.toContain(id);
  });

  it('supports every other known marketplace, in the order of MARKETPLACE_IDS', () => {
    expect(SUPPORTED_MARKETPLACES).toEqual(
      MARKETPLACE_IDS.filter((id) => !['tradesy', 'kidizen', 'sellhound'].includes(id)),
    );
    expect(SUPPORTED_MARKETPLACES).toHaveLength(MARKETPLACE_IDS.length - 3);
  });

  it('names every marketplace', () => {
    expect(Object.keys(MARKETPLACE_NAMES).sort()).toEqual([...MARKETPLACE_IDS].sort());
    for (const name of Object.values(MARKETPLACE_NAMES)) expect(name.length).toBeGreaterThan(0);
  });

  it.each(['', 'EBAY', 'amazon', 'toString', 'constructor'])('%j is not a marketplace id', (v) => {
    expect(isMarketplaceId(v)).toBe(false);
    expect(MarketplaceIdSchema.safeParse(v).success).toBe(false);
  });

  it.each(MARKETPLACE_IDS)('%s parses as a marketplace id', (id) => {
    expect(MarketplaceIdSchema.parse(id)).toBe(id);
  });
});

describe('marketplaceGroup', () => {
  it.each(CROSSLISTING_MARKETPLACES)('%s is a crosslisting marketplace', (id) => {
    expect(marketplaceGroup(id)).toBe('crosslisting');
  });

  it.each(SOURCE_MARKETPLACES)('%s is a source marketplace', (id) => {
    expect(marketplaceGroup(id)).toBe('source');
  });

  it.each([
    ['mercari', 'crosslisting'],
    ['poshmark', 'crosslisting'],
    ['vestiaire', 'crosslisting'],
    ['ebay', 'source'],
    ['shopify', 'source'],
    ['vestiaireApi', 'source'],
  ] as const)('%s → %s', (id, group) => {
    expect(marketplaceGroup(id)).toBe(group);
  });
});

describe('allowedMarketplaces (spec §4)', () => {
  describe('the onboarding marketplaces come first', () => {
    it('uses them over the account access map', () => {
      expect(
        allowedMarketplaces({
          onboardingMarketplaces: ['ebay', 'poshmark'],
          marketplaceAllowedToAccess: { mercari: true, ebay: false },
        }),
      ).toEqual(['poshmark', 'ebay']);
    });

    it('returns them in the supported order, not the given order', () => {
      expect(
        allowedMarketplaces({ onboardingMarketplaces: ['shopify', 'mercari', 'ebay'] }),
      ).toEqual(['mercari', 'ebay', 'shopify']);
    });

    it('drops unknown and unsupported ones', () => {
      expect(
        allowedMarketplaces({ onboardingMarketplaces: ['ebay', 'amazon', 'tradesy', 'sellhound'] }),
      ).toEqual(['ebay']);
    });

    it('drops duplicates', () => {
      expect(allowedMarketplaces({ onboardingMarketplaces: ['ebay', 'ebay', 'etsy'] })).toEqual([
        'ebay',
        'etsy',
      ]);
    });

    it('falls back to the access map when the list holds only unknown ids', () => {
      expect(
        allowedMarketplaces({
          onboardingMarketplaces: ['amazon', 'EBAY'],
          marketplaceAllowedToAccess: { depop: true },
        }),
      ).toEqual(['depop']);
    });
  });

  describe('otherwise the account access map', () => {
    it.each([
      ['an empty list', []],
      ['null', null],
      ['undefined', undefined],
    ])('with %s of onboarding marketplaces', (_label, onboardingMarketplaces) => {
      expect(
        allowedMarketplaces({
          onboardingMarketplaces,
          marketplaceAllowedToAccess: { ebay: true, mercari: true, etsy: false },
        }),
      ).toEqual(['mercari', 'ebay']);
    });

    it('takes only explicit true entries and only supported marketplaces', () => {
      expect(
        allowedMarketplaces({
          marketplaceAllowedToAccess: {
            ebay: true,
            grailed: false,
            tradesy: true,
            sellhound: true,
            amazon: true,
            depop: undefined,
          },
        }),
      ).toEqual(['ebay']);
    });

    it('an access map with every entry false allows none', () => {
      expect(
        allowedMarketplaces({ marketplaceAllowedToAccess: { ebay: false, mercari: false } }),
      ).toEqual([]);
    });

    it.each([
      ['an empty map', {}],
      ['no map (null)', null],
      ['no map (undefined)', undefined],
    ])('%s allows every supported marketplace', (_label, marketplaceAllowedToAccess) => {
      expect(allowedMarketplaces({ marketplaceAllowedToAccess })).toEqual([
        ...SUPPORTED_MARKETPLACES,
      ]);
    });

    it('hands back a copy that the caller may change', () => {
      const all = allowedMarketplaces({});
      all.pop();
      expect(allowedMarketplaces({})).toEqual([...SUPPORTED_MARKETPLACES]);
      expect(SUPPORTED_MARKETPLACES).toHaveLength(MARKETPLACE_IDS.length - 3);
    });
  });
});

describe('orderMarketplaces', () => {
  it('puts the connected marketplaces first, then the others, each alphabetically', () => {
    const connected = new Set<string>(['shopify', 'ebay']);
    expect(
      orderMarketplaces(['vinted', 'shopify', 'depop', 'ebay', 'etsy', 'facebook'], {
        connected: (id) => connected.has(id),
        locale: 'en-US',
      }),
    ).toEqual(['ebay', 'shopify', 'depop', 'etsy', 'facebook', 'vinted']);
  });

  it('sorts by the name shown, not the id, ignoring case', () => {
    // vestiaireApi's name ("Vestiaire Collective (API)") sorts after Vestiaire Collective's.
    expect(orderMarketplaces(['vestiaireApi', 'ebay', 'vestiaire', 'whatnot'])).toEqual([
      'ebay',
      'vestiaire',
      'vestiaireApi',
      'whatnot',
    ]);
  });

  it('lists each marketplace once', () => {
    expect(orderMarketplaces(['ebay', 'ebay', 'etsy'])).toEqual(['ebay', 'etsy']);
  });
});
