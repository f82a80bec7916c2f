import { z } from 'zod';
import { ITEM_CONDITIONS, type ItemCondition } from '../items/item.schema';
import {
  EXCLUDED_MARKETPLACES,
  MARKETPLACE_IDS,
  MARKETPLACE_NAMES,
  MarketplaceIdSchema,
  marketplaceGroup,
  type MarketplaceId,
} from './marketplaces';

/**
 * The marketplace catalogue: what each marketplace's listing needs and where its limits lie.
 * Facts come from ../shared/marketplaces/README.md. ✅ = read in the marketplace's own
 * documentation; ◐ = secondary source or uncertain. Every ◐ value is data in `defaultCatalogue`
 * that `buildCatalogue(overrides)` can replace from configuration, never a constant in a check.
 */

export const CATEGORY_SOURCES = [
  'ebay-taxonomy',
  'etsy-taxonomy',
  'shopify-product-type',
  'depop-taxonomy',
  'marketplace-own',
] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/**
 * Fields of a BuiltListing that a marketplace may require beyond title, description, price and
 * photos (whose presence is part of their limits). 'shipping' means any shipping information
 * (a price, a service or a profile); the dotted ones a specific part of it.
 */
export const REQUIRABLE_FIELDS = [
  'category',
  'brand',
  'size',
  'colour',
  'condition',
  'quantity',
  'originalPrice',
  'sku',
  'weight',
  'shipping',
  'shipping.profileId',
  'shipping.processingProfileId',
  'shipping.fromPostalCode',
] as const;
export type RequirableField = (typeof REQUIRABLE_FIELDS)[number];

export const CURRENCY_CODES = ['USD', 'GBP', 'EUR'] as const;

const maxOrNull = z.number().int().positive().nullable();

const TextLimitSchema = z.object({
  required: z.boolean(),
  /** In characters (Unicode code points); null = no limit we know of. */
  max: maxOrNull,
});

const DescriptionLimitSchema = TextLimitSchema.extend({
  /** Depop counts hashtags in the description; null = not limited. */
  maxHashtags: z.number().int().min(0).nullable(),
  allowsHtml: z.boolean(),
});

const PhotoLimitSchema = z.object({
  min: z.number().int().min(0),
  max: z.number().int().positive(),
});

/** Price bounds in major units of the listing's currency (Depop: "at least $1.00 or £1.00"). */
const PriceLimitSchema = z.object({
  min: z.number().min(0).nullable(),
  max: z.number().positive().nullable(),
});

const TagLimitSchema = z.object({
  max: z.number().int().min(0),
  maxLength: z.number().int().positive(),
});

export const MarketplaceLimitsSchema = z.object({
  title: TextLimitSchema,
  description: DescriptionLimitSchema,
  photos: PhotoLimitSchema,
  price: PriceLimitSchema,
  /** Most units one listing may offer; null = no limit we know of. */
  quantityMax: maxOrNull,
  skuMax: maxOrNull,
  tags: TagLimitSchema.nullable(),
});
export type MarketplaceLimits = z.infer<typeof MarketplaceLimitsSchema>;

/**
 * A marketplace's own condition values and the default mapping from ours. null vocabulary =
 * the marketplace has no condition field; a null in fromItem = that condition of ours cannot
 * be listed there without a mapping rule.
 */
export const ConditionVocabularySchema = z.object({
  values: z.array(z.string().min(1)).min(1),
  fromItem: z.record(z.enum(ITEM_CONDITIONS), z.string().min(1).nullable()),
});
export type ConditionVocabulary = z.infer<typeof ConditionVocabularySchema>;

export const MarketplaceSpecSchema = z
  .object({
    id: MarketplaceIdSchema,
    name: z.string().min(1),
    group: z.enum(['crosslisting', 'source']),
    /** crosslisting = the browser extension acts; source = a server-side API connector. */
    executor: z.enum(['extension', 'api']),
    supported: z.boolean(),
    /** A key the web maps to an SVG; no assets here. */
    logo: z.string().min(1),
    currencies: z.array(z.enum(CURRENCY_CODES)).min(1),
    limits: MarketplaceLimitsSchema,
    requiredFields: z.array(z.enum(REQUIRABLE_FIELDS)),
    /** Keys of BuiltListing.extra that must be present (Etsy who_made, Depop department …). */
    requiredExtra: z.array(z.string().min(1)),
    conditions: ConditionVocabularySchema.nullable(),
    categorySource: z.enum(CATEGORY_SOURCES),
  })
  .superRefine((spec, ctx) => {
    const { photos, price } = spec.limits;
    if (photos.min > photos.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'photos'],
        message: `${spec.id}: photos.min (${photos.min}) is greater than photos.max (${photos.max})`,
      });
    }
    if (price.min !== null && price.max !== null && price.min > price.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'price'],
        message: `${spec.id}: price.min (${price.min}) is greater than price.max (${price.max})`,
      });
    }
    if (spec.conditions) {
      for (const ours of ITEM_CONDITIONS) {
        const theirs = spec.conditions.fromItem[ours];
        if (theirs != null && !spec.conditions.values.includes(theirs)) {
          ctx.addIssue({
            code: 'custom',
            path: ['conditions', 'fromItem', ours],
            message: `${spec.id}: condition '${ours}' maps to '${theirs}', which is not one of ${spec.id}'s conditions (${spec.conditions.values.join(', ')})`,
          });
        }
      }
    }
  });
export type MarketplaceSpec = z.infer<typeof MarketplaceSpecSchema>;
export type Catalogue = Record<MarketplaceId, MarketplaceSpec>;

function executorFor(id: MarketplaceId): 'extension' | 'api' {
  return marketplaceGroup(id) === 'crosslisting' ? 'extension' : 'api';
}

function conditionMap(
  values: string[],
  fromItem: Record<ItemCondition, string | null>,
): ConditionVocabulary {
  return { values, fromItem };
}

/**
 * ◐ For marketplaces whose limits we do not know, the strictest plausible values, so a listing
 * that passes here is unlikely to be refused there. Configuration may relax them.
 */
const CONSERVATIVE_LIMITS: MarketplaceLimits = {
  title: { required: true, max: 80 },
  description: { required: true, max: 1000, maxHashtags: null, allowsHtml: false },
  photos: { min: 1, max: 8 },
  price: { min: 1, max: null },
  quantityMax: null,
  skuMax: null,
  tags: null,
};

/** ◐ A plain new/used vocabulary (Facebook, Whatnot). */
const NEW_OR_USED_CONDITIONS = conditionMap(['new', 'used'], {
  new_with_tags: 'new',
  new_without_tags: 'new',
  like_new: 'used',
  good: 'used',
  fair: 'used',
  poor: 'used',
});

/**
 * ◐ Vestiaire's condition grades, from the site; the partner API (vestiaireApi) is assumed to
 * take the same. Vestiaire does not take items in poor condition.
 */
const VESTIAIRE_CONDITIONS = conditionMap(
  ['never_worn_with_tag', 'never_worn', 'very_good', 'good', 'fair'],
  {
    new_with_tags: 'never_worn_with_tag',
    new_without_tags: 'never_worn',
    like_new: 'very_good',
    good: 'good',
    fair: 'fair',
    poor: null,
  },
);

type SpecData = Omit<MarketplaceSpec, 'id' | 'name' | 'group' | 'executor' | 'supported' | 'logo'>;

const SPEC_DATA: Record<MarketplaceId, SpecData> = {
  ebay: {
    currencies: ['USD', 'GBP', 'EUR'],
    limits: {
      title: { required: true, max: 80 }, // ✅
      description: { required: true, max: 500_000, maxHashtags: null, allowsHtml: true }, // ✅ incl. HTML
      photos: {
        min: 1, // ◐ a published offer needs a picture; configurable
        max: 24, // ✅
      },
      price: {
        min: 0.99, // ◐ README gives no price range; eBay's usual fixed-price floor
        max: null,
      },
      quantityMax: null,
      skuMax: 50, // ✅
      tags: null,
    },
    // ✅ category, condition and policies; the item location (ship-from postal code) is required to publish.
    requiredFields: ['category', 'condition', 'shipping.profileId', 'shipping.fromPostalCode'],
    requiredExtra: [],
    // ✅ vocabulary (allowed values vary per category). The mapping from ours is our choice:
    // eBay has nothing between USED_ACCEPTABLE and FOR_PARTS, so fair and poor share it.
    conditions: conditionMap(
      [
        'NEW',
        'LIKE_NEW',
        'NEW_OTHER',
        'NEW_WITH_DEFECTS',
        'USED_EXCELLENT',
        'USED_VERY_GOOD',
        'USED_GOOD',
        'USED_ACCEPTABLE',
        'FOR_PARTS_OR_NOT_WORKING',
      ],
      {
        new_with_tags: 'NEW',
        new_without_tags: 'NEW_OTHER',
        like_new: 'USED_EXCELLENT',
        good: 'USED_GOOD',
        fair: 'USED_ACCEPTABLE',
        poor: 'USED_ACCEPTABLE',
      },
    ),
    categorySource: 'ebay-taxonomy',
  },
  etsy: {
    currencies: ['USD', 'GBP', 'EUR'],
    limits: {
      title: { required: true, max: 140 }, // ✅
      description: { required: true, max: null, maxHashtags: null, allowsHtml: false }, // ✅ required, no stated max
      photos: {
        min: 1, // ◐ an active listing needs a photo
        max: 10, // ✅ via the API (20 on the site ◐)
      },
      price: {
        min: 0.2, // ◐ the API says "positive non-zero"; 0.20 is Etsy's usual floor
        max: 50_000, // ◐
      },
      quantityMax: null,
      skuMax: 32, // ◐ Etsy's listing form (the API states none)
      tags: { max: 13, maxLength: 20 }, // ✅
    },
    // ✅ quantity, taxonomy_id, shipping and processing profiles; who_made and when_made.
    requiredFields: ['category', 'quantity', 'shipping.profileId', 'shipping.processingProfileId'],
    requiredExtra: ['who_made', 'when_made'],
    conditions: null, // ✅ Etsy listings have no condition field
    categorySource: 'etsy-taxonomy',
  },
  shopify: {
    currencies: ['USD', 'GBP', 'EUR'],
    limits: {
      title: { required: true, max: 255 }, // ◐
      description: { required: false, max: null, maxHashtags: null, allowsHtml: true },
      photos: { min: 0, max: 250 }, // ✅
      price: { min: 0, max: null },
      quantityMax: null,
      skuMax: 255, // ◐ Shopify's variant SKU
      tags: { max: 250, maxLength: 255 }, // ✅ count; ◐ length
    },
    requiredFields: [],
    requiredExtra: [],
    conditions: null, // a shop's products carry no condition field
    categorySource: 'shopify-product-type',
  },
  depop: {
    currencies: ['USD', 'GBP'], // ✅
    limits: {
      title: { required: false, max: null }, // ✅ Depop has no title
      description: { required: true, max: 1000, maxHashtags: 5, allowsHtml: false }, // ✅
      photos: { min: 1, max: 8 }, // ✅
      price: { min: 1, max: null }, // ✅ at least $1.00 or £1.00
      quantityMax: null,
      skuMax: 50, // ✅
      tags: null,
    },
    // ✅ product_type (category), brand, condition, shipping; department in extra.
    // ◐ size is required only for product types with a size set; we require it by default
    // because most resold items are clothing. Configure it away for other catalogues.
    requiredFields: ['category', 'brand', 'condition', 'size', 'shipping'],
    requiredExtra: ['department'],
    conditions: conditionMap(
      ['brand_new', 'used_like_new', 'used_excellent', 'used_good', 'used_fair'], // ✅
      {
        new_with_tags: 'brand_new',
        new_without_tags: 'brand_new',
        like_new: 'used_like_new',
        good: 'used_good',
        fair: 'used_fair',
        poor: 'used_fair',
      },
    ),
    categorySource: 'depop-taxonomy',
  },
  poshmark: {
    currencies: ['USD'],
    limits: {
      title: { required: true, max: 80 }, // ◐
      description: { required: true, max: 1500, maxHashtags: null, allowsHtml: false }, // ◐
      photos: { min: 1, max: 16 }, // ◐
      price: { min: 3, max: null }, // ◐
      quantityMax: null,
      skuMax: null,
      tags: null,
    },
    requiredFields: ['category', 'size', 'brand', 'colour', 'originalPrice', 'condition'], // ◐
    requiredExtra: [],
    conditions: conditionMap(
      ['nwt', 'not_nwt'], // ◐ new with tags, or not
      {
        new_with_tags: 'nwt',
        new_without_tags: 'not_nwt',
        like_new: 'not_nwt',
        good: 'not_nwt',
        fair: 'not_nwt',
        poor: 'not_nwt',
      },
    ),
    categorySource: 'marketplace-own',
  },
  mercari: {
    currencies: ['USD'],
    limits: {
      title: { required: true, max: 80 }, // ◐
      description: { required: true, max: 1000, maxHashtags: null, allowsHtml: false }, // ◐
      photos: { min: 1, max: 12 }, // ◐
      price: { min: 1, max: 2000 }, // ◐
      quantityMax: 1, // ✅
      skuMax: null,
      tags: null,
    },
    requiredFields: ['category', 'condition', 'shipping'], // ◐
    requiredExtra: [],
    conditions: conditionMap(
      ['new', 'like_new', 'good', 'fair', 'poor'], // ◐
      {
        new_with_tags: 'new',
        new_without_tags: 'new',
        like_new: 'like_new',
        good: 'good',
        fair: 'fair',
        poor: 'poor',
      },
    ),
    categorySource: 'marketplace-own',
  },
  grailed: {
    currencies: ['USD'],
    limits: {
      title: { required: true, max: 60 }, // ◐
      description: { required: false, max: null, maxHashtags: null, allowsHtml: false }, // ◐ unknown
      photos: { min: 1, max: 8 }, // ◐
      price: { min: 1, max: null }, // ◐ unknown; conservative
      quantityMax: null,
      skuMax: null,
      tags: null,
    },
    requiredFields: ['brand', 'category', 'size', 'condition'], // ◐ designer, category, size
    requiredExtra: [],
    conditions: conditionMap(
      ['is_new', 'is_gently_used', 'is_used', 'is_worn'], // ◐ not in the README; from the site
      {
        new_with_tags: 'is_new',
        new_without_tags: 'is_new',
        like_new: 'is_gently_used',
        good: 'is_used',
        fair: 'is_worn',
        poor: 'is_worn',
      },
    ),
    categorySource: 'marketplace-own',
  },
  vinted: {
    currencies: ['USD', 'GBP', 'EUR'],
    limits: {
      title: { required: true, max: 100 }, // ◐ unknown; conservative
      description: { required: true, max: 2000, maxHashtags: null, allowsHtml: false }, // ◐ unknown
      photos: { min: 1, max: 20 }, // ◐
      price: { min: 1, max: null }, // ◐ unknown; conservative
      quantityMax: 1, // ◐ one item per listing
      skuMax: null,
      tags: null,
    },
    requiredFields: ['category', 'brand', 'size', 'condition'], // ◐
    requiredExtra: [],
    conditions: conditionMap(
      ['new_with_tags', 'new_without_tags', 'very_good', 'good', 'satisfactory'], // ◐
      {
        new_with_tags: 'new_with_tags',
        new_without_tags: 'new_without_tags',
        like_new: 'very_good',
        good: 'good',
        fair: 'satisfactory',
        poor: 'satisfactory',
      },
    ),
    categorySource: 'marketplace-own',
  },
  facebook: {
    currencies: ['USD', 'GBP', 'EUR'],
    limits: {
      title: { required: true, max: 200 }, // ◐
      description: { required: false, max: 9999, maxHashtags: null, allowsHtml: false }, // ◐ no HTML
      photos: { min: 1, max: 10 }, // ◐
      price: { min: 1, max: null }, // ◐ unknown; conservative
      quantityMax: null,
      skuMax: null,
      tags: null,
    },
    requiredFields: ['category', 'condition'], // ◐
    requiredExtra: [],
    conditions: NEW_OR_USED_CONDITIONS,
    categorySource: 'marketplace-own',
  },
  vestiaire: {
    // ◐ nothing about Vestiaire's form is in the README: conservative limits throughout.
    currencies: ['USD', 'GBP', 'EUR'],
    limits: CONSERVATIVE_LIMITS,
    requiredFields: ['category', 'brand', 'condition'], // ◐
    requiredExtra: [],
    conditions: VESTIAIRE_CONDITIONS,
    categorySource: 'marketplace-own',
  },
  vestiaireApi: {
    // ◐ partner API by request; assumed to match the site's form.
    currencies: ['USD', 'GBP', 'EUR'],
    limits: CONSERVATIVE_LIMITS,
    requiredFields: ['category', 'brand', 'condition'], // ◐
    requiredExtra: [],
    conditions: VESTIAIRE_CONDITIONS,
    categorySource: 'marketplace-own',
  },
  whatnot: {
    // ◐ Seller API by partner access; limits unknown.
    currencies: ['USD', 'GBP', 'EUR'],
    limits: CONSERVATIVE_LIMITS,
    requiredFields: ['category', 'condition'], // ◐
    requiredExtra: [],
    conditions: NEW_OR_USED_CONDITIONS,
    categorySource: 'marketplace-own',
  },
  sellwild: {
    // ◐ nothing known: conservative limits, no condition vocabulary.
    currencies: ['USD'],
    limits: CONSERVATIVE_LIMITS,
    requiredFields: ['category'],
    requiredExtra: [],
    conditions: null,
    categorySource: 'marketplace-own',
  },
  // Excluded from the supported list (spec §1); kept so ids resolve everywhere.
  tradesy: {
    currencies: ['USD'],
    limits: CONSERVATIVE_LIMITS,
    requiredFields: [],
    requiredExtra: [],
    conditions: null,
    categorySource: 'marketplace-own',
  },
  kidizen: {
    currencies: ['USD'],
    limits: CONSERVATIVE_LIMITS,
    requiredFields: [],
    requiredExtra: [],
    conditions: null,
    categorySource: 'marketplace-own',
  },
  sellhound: {
    currencies: ['USD'],
    limits: CONSERVATIVE_LIMITS,
    requiredFields: [],
    requiredExtra: [],
    conditions: null,
    categorySource: 'marketplace-own',
  },
};

/** Logo keys are lower-case marketplace ids; the web maps each to an SVG. */
function logoKey(id: MarketplaceId): string {
  return id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function specFor(id: MarketplaceId): MarketplaceSpec {
  const group = marketplaceGroup(id);
  return MarketplaceSpecSchema.parse({
    id,
    name: MARKETPLACE_NAMES[id],
    group,
    executor: executorFor(id),
    supported: !EXCLUDED_MARKETPLACES.includes(id),
    logo: logoKey(id),
    ...cloneData(SPEC_DATA[id]),
  });
}

export const defaultCatalogue: Readonly<Catalogue> = Object.freeze(
  Object.fromEntries(MARKETPLACE_IDS.map((id) => [id, specFor(id)])) as Catalogue,
);

/* ---------------------------------------------------------------------------------------------
 * Overrides from configuration. Objects merge deeply; arrays and scalars replace. Unknown keys
 * and unknown marketplaces are refused, so a typo in configuration fails at boot, loudly.
 * ------------------------------------------------------------------------------------------- */

const MarketplaceOverrideSchema = z
  .object({
    supported: z.boolean(),
    logo: z.string().min(1),
    currencies: z.array(z.enum(CURRENCY_CODES)).min(1),
    limits: z
      .object({
        title: TextLimitSchema.partial().strict(),
        description: DescriptionLimitSchema.partial().strict(),
        photos: PhotoLimitSchema.partial().strict(),
        price: PriceLimitSchema.partial().strict(),
        quantityMax: maxOrNull,
        skuMax: maxOrNull,
        tags: TagLimitSchema.nullable(),
      })
      .partial()
      .strict(),
    requiredFields: z.array(z.enum(REQUIRABLE_FIELDS)),
    requiredExtra: z.array(z.string().min(1)),
    conditions: z
      .object({
        values: z.array(z.string().min(1)).min(1),
        fromItem: z.partialRecord(z.enum(ITEM_CONDITIONS), z.string().min(1).nullable()),
      })
      .partial()
      .strict()
      .nullable(),
    categorySource: z.enum(CATEGORY_SOURCES),
  })
  .partial()
  .strict();
export type MarketplaceOverride = z.infer<typeof MarketplaceOverrideSchema>;

export const CatalogueOverridesSchema = z.partialRecord(
  MarketplaceIdSchema,
  MarketplaceOverrideSchema,
);
export type CatalogueOverrides = z.infer<typeof CatalogueOverridesSchema>;

/** Catalogue data is plain JSON, so a JSON round trip is a faithful deep copy. */
function cloneData<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(patch)) return cloneData(patch);
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = deepMerge(base[key], value);
  return out;
}

/**
 * The catalogue with configuration applied. Throws a ZodError naming the marketplace and the
 * path when the overrides are malformed or leave a marketplace inconsistent (min above max, a
 * condition mapped to a value outside the vocabulary).
 */
export function buildCatalogue(overrides: unknown = {}): Catalogue {
  const parsed = CatalogueOverridesSchema.parse(overrides);
  const out = {} as Catalogue;
  for (const id of MARKETPLACE_IDS) {
    const result = MarketplaceSpecSchema.safeParse(deepMerge(defaultCatalogue[id], parsed[id]));
    if (!result.success) {
      // Paths inside one spec would not say which marketplace is wrong.
      throw new z.ZodError(result.error.issues.map((i) => ({ ...i, path: [id, ...i.path] })));
    }
    out[id] = result.data;
  }
  return out;
}

export function marketplaceSpec(
  id: MarketplaceId,
  catalogue: Readonly<Catalogue> = defaultCatalogue,
): MarketplaceSpec {
  return catalogue[id];
}

export type ConditionMapping =
  { ok: true; value: string | null } | { ok: false; reason: 'unmapped' | 'no-condition' };

/**
 * Our condition in marketplace M's words. { ok: true, value: null } when M has no condition
 * field (nothing to send); { ok: false } when M has one and ours does not map to it.
 */
export function mapCondition(
  id: MarketplaceId,
  condition: ItemCondition | null,
  catalogue: Readonly<Catalogue> = defaultCatalogue,
): ConditionMapping {
  const vocabulary = catalogue[id].conditions;
  if (!vocabulary) return { ok: true, value: null };
  if (condition === null) return { ok: false, reason: 'no-condition' };
  const value = vocabulary.fromItem[condition];
  return value == null ? { ok: false, reason: 'unmapped' } : { ok: true, value };
}
