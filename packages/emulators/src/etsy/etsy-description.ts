import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIBackend } from 'openapi-backend';
import { loadApiDescription, type ApiCorrection } from '../core/openapi';

/** Etsy Open API v3 as last published in a public repository (June 2021), kept as published. */
export const ETSY_DESCRIPTION_FILE = fileURLToPath(
  new URL('../../api-descriptions/etsy/etsy_open_api_v3_2021-06.json', import.meta.url),
);

/** ✅ The listing states of today's API (Listings tutorial); the 2021 draft numbered them '0'…'5'. */
export const ETSY_LISTING_STATES = ['active', 'inactive', 'sold_out', 'draft', 'expired'] as const;
export type EtsyListingState = (typeof ETSY_LISTING_STATES)[number];

/** ✅ The associations getListingsByShop attaches on request (`includes`). */
export const ETSY_LISTING_ASSOCIATIONS = [
  'Shipping',
  'Images',
  'Shop',
  'User',
  'Translations',
  'Inventory',
  'Videos',
] as const;

const LISTINGS_PATH = '/v3/application/shops/{shop_id}/listings';
const LISTING_PATH = '/v3/application/shops/{shop_id}/listings/{listing_id}';
const SHOP_IMAGES_PATH = '/v3/application/shops/{shop_id}/listings/{listing_id}/images';
const LISTING_IMAGES_PATH = '/v3/application/listings/{listing_id}/images';
const LISTING_GET_PATH = '/v3/application/listings/{listing_id}';
const ME_PATH = '/v3/application/users/me';
const LISTING_SHIPPING_PROFILES_PATH = '/v3/application/shops/{shop_id}/listings/shipping-profiles';
const SHOP_SHIPPING_PROFILES_PATH = '/v3/application/shops/{shop_id}/shipping-profiles';
const READINESS_STATES_PATH = '/v3/application/shops/{shop_id}/readiness-state-definitions';
const FORM = 'application/x-www-form-urlencoded';

type Json = Record<string, unknown>;

function pointer(...parts: string[]): string {
  return `/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

function object(value: unknown, where: string): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`Etsy description: ${where} is not an object`);
  }
  return value as Json;
}

function formSchema(operation: Json, where: string): Json {
  const content = object(object(operation.requestBody, `${where} requestBody`).content, where);
  return object(object(content[FORM], `${where} form body`).schema, `${where} form schema`);
}

/**
 * OpenAPI 3.0's `nullable` does not add null to an `enum` for the validator, so a nullable
 * enumeration the live API answers as null (recipient, occasion, units) reads as invalid.
 */
function nullableEnums(properties: Json): Json {
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => {
      const property = value as Json;
      if (property.nullable === true && Array.isArray(property.enum)) {
        return [name, { ...property, enum: [...(property.enum as unknown[]), null] }];
      }
      return [name, property];
    }),
  );
}

/** The description's own name for a country code, which validators do not know. */
const COUNTRY_FORMAT = 'ISO 3166-1 alpha-2';

/** The same rule as a pattern the validator reads. */
function countryCodes(schema: Json): Json {
  const properties = object(schema.properties, 'properties');
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, value]) => {
        const { format, ...rest } = value as Json;
        return [name, format === COUNTRY_FORMAT ? { ...rest, pattern: '^[A-Z]{2}$' } : value];
      }),
    ),
  };
}

function withFormSchema(operation: Json, schema: Json): Json {
  return { ...operation, requestBody: { content: { [FORM]: { schema } } } };
}

/**
 * Where today's live API differs from the June 2021 description, each with its reason. The
 * corrections are built from the published file itself, so what they leave alone stays exactly
 * as published.
 */
function buildCorrections(document: Json): ApiCorrection[] {
  const paths = object(document.paths, 'paths');
  const schemas = object(object(document.components, 'components').schemas, 'schemas');
  const listings = object(paths[LISTINGS_PATH], LISTINGS_PATH);
  const listing = object(paths[LISTING_PATH], LISTING_PATH);
  const create = object(listings.post, 'createListing');
  const put = object(listing.put, 'updateListing');
  const createBody = formSchema(create, 'createListing');
  const updateBody = formSchema(put, 'updateListing');
  const readinessStateId = {
    type: 'integer',
    minimum: 1,
    nullable: true,
    description: 'The processing profile (readiness state) of a physical listing.',
  };
  const errorResponses = Object.fromEntries(
    Object.entries(object(create.responses, 'createListing responses')).filter(
      ([status]) => status !== '201',
    ),
  );
  const {
    price: _price,
    quantity: _quantity,
    ...patchProperties
  } = object(updateBody.properties, 'updateListing properties');
  const shopListing = object(schemas.ShopListing, 'ShopListing');
  const shopReceipt = object(schemas.ShopReceipt, 'ShopReceipt');
  const transaction = object(schemas.ShopReceiptTransaction, 'ShopReceiptTransaction');
  const offering = object(
    schemas.ListingInventoryProductOffering,
    'ListingInventoryProductOffering',
  );

  const countrySchemas = ['Shop', 'ListingShippingProfile', 'ListingShippingProfileDestination'];
  const { get: shopImagesGet, ...shopImages } = object(paths[SHOP_IMAGES_PATH], SHOP_IMAGES_PATH);
  const listingGet = object(object(paths[LISTING_GET_PATH], LISTING_GET_PATH).get, 'getListing');
  const listingIdParameter = (Array.isArray(listingGet.parameters) ? listingGet.parameters : [])
    .map((parameter) => parameter as Json)
    .filter((parameter) => parameter.name === 'listing_id');

  // ◐ Today's reference lists a shop's shipping profiles at /shops/{shop_id}/shipping-profiles
  // (getShopShippingProfiles); the 2021 draft had them under /listings. Their processing days
  // moved to processing profiles, so today's profile has none.
  const shippingProfilesGet = object(
    object(paths[LISTING_SHIPPING_PROFILES_PATH], LISTING_SHIPPING_PROFILES_PATH).get,
    'getListingShippingProfiles',
  );
  const shippingProfile = object(schemas.ListingShippingProfile, 'ListingShippingProfile');
  const processingDays = [
    'min_processing_days',
    'max_processing_days',
    'processing_days_display_label',
  ];
  const shippingProfileWithCountries = countryCodes(shippingProfile);
  const shopShippingProfile = {
    ...shippingProfileWithCountries,
    required: (Array.isArray(shippingProfile.required) ? shippingProfile.required : []).filter(
      (name) => !processingDays.includes(String(name)),
    ),
    properties: Object.fromEntries(
      Object.entries(
        object(shippingProfileWithCountries.properties, 'ListingShippingProfile properties'),
      ).filter(([name]) => !processingDays.includes(name)),
    ),
  };
  const shopIdParameters = Array.isArray(shippingProfilesGet.parameters)
    ? shippingProfilesGet.parameters
    : [];
  // ◐ A processing profile (readiness state definition) as today's reference describes it: no
  // name, a readiness state and its processing days.
  const shopProcessingProfile = {
    type: 'object',
    required: [
      'shop_id',
      'readiness_state_id',
      'readiness_state',
      'min_processing_days',
      'max_processing_days',
      'processing_days_display_label',
    ],
    properties: {
      shop_id: { type: 'integer', minimum: 1 },
      readiness_state_id: { type: 'integer', minimum: 1 },
      readiness_state: { type: 'string', enum: ['ready_to_ship', 'made_to_order'] },
      min_processing_days: { type: 'integer', minimum: 0 },
      max_processing_days: { type: 'integer', minimum: 0 },
      processing_days_display_label: { type: 'string' },
    },
  };

  // ✅ ShopListingsWithAssociations: each listing with the associations asked for.
  const shopListingsWithAssociations = {
    type: 'object',
    required: ['count', 'results'],
    properties: {
      count: { type: 'integer', minimum: 0 },
      results: {
        type: 'array',
        items: {
          allOf: [
            { $ref: '#/components/schemas/ShopListing' },
            {
              type: 'object',
              properties: {
                images: { type: 'array', items: { $ref: '#/components/schemas/ListingImage' } },
                inventory: { $ref: '#/components/schemas/ListingInventory' },
              },
            },
          ],
        },
      },
    },
  };

  return [
    {
      pointer: pointer('paths'),
      reason:
        "The live API lists a listing's images at /v3/application/listings/{listing_id}/images (the shop-scoped GET of the 2021 draft is gone; the upload stays there); ◐ names the token's user and shop at /v3/application/users/me (getMe); ◐ lists a shop's shipping profiles at /v3/application/shops/{shop_id}/shipping-profiles (getShopShippingProfiles, without processing days) and its processing profiles at /v3/application/shops/{shop_id}/readiness-state-definitions (getShopReadinessStateDefinitions), none of which the 2021 draft had.",
      schema: {
        ...paths,
        [SHOP_IMAGES_PATH]: shopImages,
        [LISTING_IMAGES_PATH]: {
          get: { ...object(shopImagesGet, 'getListingImages'), parameters: listingIdParameter },
        },
        [SHOP_SHIPPING_PROFILES_PATH]: {
          get: {
            ...shippingProfilesGet,
            operationId: 'getShopShippingProfiles',
            security: [{ api_key: [], oauth2: ['shops_r'] }],
            responses: {
              ...object(shippingProfilesGet.responses, 'getListingShippingProfiles responses'),
              '200': {
                description: 'A list of shipping profiles',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['count', 'results'],
                      properties: {
                        count: { type: 'integer', minimum: 0 },
                        results: { type: 'array', items: shopShippingProfile },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        [READINESS_STATES_PATH]: {
          get: {
            operationId: 'getShopReadinessStateDefinitions',
            tags: ['Shop ProcessingProfiles'],
            description: 'The processing profiles of a shop, for its owner.',
            parameters: [
              ...shopIdParameters,
              {
                name: 'limit',
                in: 'query',
                required: false,
                schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
              },
              {
                name: 'offset',
                in: 'query',
                required: false,
                schema: { type: 'integer', minimum: 0, default: 0 },
              },
            ],
            security: [{ api_key: [], oauth2: ['shops_r'] }],
            responses: {
              '200': {
                description: 'A list of processing profiles',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['count', 'results'],
                      properties: {
                        count: { type: 'integer', minimum: 0 },
                        results: { type: 'array', items: shopProcessingProfile },
                      },
                    },
                  },
                },
              },
              ...errorResponses,
            },
          },
        },
        [ME_PATH]: {
          get: {
            operationId: 'getMe',
            tags: ['User'],
            description: "The token's user id and the id of their shop.",
            security: [{ api_key: [], oauth2: [] }],
            responses: {
              '200': {
                description: "The token's user and shop",
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['user_id', 'shop_id'],
                      properties: {
                        user_id: { type: 'integer', minimum: 1 },
                        shop_id: { type: 'integer', minimum: 1, nullable: true },
                      },
                    },
                  },
                },
              },
              ...errorResponses,
            },
          },
        },
      },
    },
    ...countrySchemas.map((name) => ({
      pointer: pointer('components', 'schemas', name),
      reason: `${name}'s country codes are given the format '${COUNTRY_FORMAT}', which validators do not know: the same rule as a pattern.`,
      schema: countryCodes(object(schemas[name], name)),
    })),
    {
      pointer: pointer('paths', LISTINGS_PATH),
      reason:
        'The live API calls the create operation createDraftListing, takes a processing profile (readiness_state_id) with it, and lists a shop’s listings by state at GET on the same path (getListingsByShop), which the 2021 draft did not have, ✅ with their associations on request (`includes`, repeated: Images, Inventory …), so a page of listings comes with their images and inventory in one call.',
      schema: {
        ...listings,
        post: withFormSchema(
          { ...create, operationId: 'createDraftListing' },
          {
            ...createBody,
            properties: {
              ...object(createBody.properties, 'createListing properties'),
              readiness_state_id: readinessStateId,
            },
          },
        ),
        get: {
          operationId: 'getListingsByShop',
          tags: ['ShopListing'],
          description: 'The listings of a shop in one state, for its owner.',
          parameters: [
            ...(Array.isArray(create.parameters) ? create.parameters : []),
            {
              name: 'state',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: [...ETSY_LISTING_STATES], default: 'active' },
            },
            {
              name: 'limit',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
            },
            {
              name: 'offset',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 0, default: 0 },
            },
            {
              name: 'sort_on',
              in: 'query',
              required: false,
              schema: {
                type: 'string',
                enum: ['created', 'price', 'updated', 'score'],
                default: 'created',
              },
            },
            {
              name: 'sort_order',
              in: 'query',
              required: false,
              schema: {
                type: 'string',
                enum: ['asc', 'ascending', 'desc', 'descending', 'up', 'down'],
                default: 'desc',
              },
            },
            {
              name: 'includes',
              in: 'query',
              required: false,
              style: 'form',
              explode: true,
              schema: {
                type: 'array',
                items: { type: 'string', enum: [...ETSY_LISTING_ASSOCIATIONS] },
              },
            },
          ],
          security: [{ api_key: [], oauth2: ['listings_r'] }],
          responses: {
            '200': {
              description: 'A list of listings, with the associations asked for',
              content: {
                'application/json': { schema: shopListingsWithAssociations },
              },
            },
            ...errorResponses,
          },
        },
      },
    },
    {
      pointer: pointer('paths', LISTING_PATH),
      reason:
        'updateListing is PATCH on the live API (the PUT of the 2021 draft is deprecated); ◐ price and quantity moved to updateListingInventory, and the processing profile can be changed.',
      schema: {
        ...listing,
        put: { ...put, operationId: 'updateListingByPut', deprecated: true },
        patch: withFormSchema(
          { ...put, operationId: 'updateListing' },
          {
            ...updateBody,
            properties: { ...patchProperties, readiness_state_id: readinessStateId },
          },
        ),
      },
    },
    {
      pointer: pointer('components', 'schemas', 'ShopListing'),
      reason:
        'Live listings carry their state as a word (active, inactive, sold_out, draft, expired), their type as a word, the SKUs of their products, their shipping profile and their taxonomy id; their unset enumerations are null.',
      schema: {
        ...shopListing,
        properties: {
          ...nullableEnums(object(shopListing.properties, 'ShopListing properties')),
          state: { type: 'string', enum: [...ETSY_LISTING_STATES] },
          listing_type: { type: 'string', enum: ['physical', 'download', 'both'] },
          skus: { type: 'array', items: { type: 'string' } },
          shipping_profile_id: { type: 'integer', minimum: 1, nullable: true },
          taxonomy_id: { type: 'integer', minimum: 1, nullable: true },
        },
      },
    },
    {
      pointer: pointer('components', 'schemas', 'ShopReceipt'),
      reason: 'Live receipts embed their transactions (what was bought, with the SKU).',
      schema: {
        ...shopReceipt,
        properties: {
          ...object(shopReceipt.properties, 'ShopReceipt properties'),
          transactions: {
            type: 'array',
            items: { $ref: '#/components/schemas/ShopReceiptTransaction' },
          },
        },
      },
    },
    {
      pointer: pointer('components', 'schemas', 'ShopReceiptTransaction'),
      reason:
        'Live transactions name the SKU of the product sold, and the date the seller is expected to ship it by (expected_ship_date, epoch seconds).',
      schema: {
        ...transaction,
        properties: {
          ...object(transaction.properties, 'ShopReceiptTransaction properties'),
          sku: { type: 'string', nullable: true },
          expected_ship_date: { type: 'integer', nullable: true },
        },
      },
    },
    {
      pointer: pointer('components', 'schemas', 'ListingInventoryProductOffering'),
      reason:
        'Live offerings carry the processing profile (readiness_state_id) they are sold with, as updateListingInventory takes it.',
      schema: {
        ...offering,
        properties: {
          ...object(offering.properties, 'ListingInventoryProductOffering properties'),
          readiness_state_id: readinessStateId,
        },
      },
    },
  ];
}

let corrections: ApiCorrection[] | null = null;

/** The corrections of the Etsy description (built once per process from the file). */
export function etsyCorrections(): readonly ApiCorrection[] {
  corrections ??= buildCorrections(JSON.parse(readFileSync(ETSY_DESCRIPTION_FILE, 'utf8')) as Json);
  return corrections;
}

/** The Etsy description, corrected, ready to route and validate (shared by every instance). */
export function loadEtsyDescription(): Promise<OpenAPIBackend> {
  return loadApiDescription(ETSY_DESCRIPTION_FILE, etsyCorrections());
}
