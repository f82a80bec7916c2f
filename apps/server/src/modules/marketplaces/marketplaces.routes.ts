import { z } from 'zod';
import {
  ConnectOptionsResponseSchema,
  MarketplaceCategoriesQuerySchema,
  MarketplaceCategoriesResponseSchema,
  EBAY_POLICY_TYPES,
  ETSY_PROFILE_KINDS,
  EbayBusinessPoliciesResponseSchema,
  EtsyShopProfilesResponseSchema,
  type MarketplacesMode,
} from '@listloop/domain';
import { activity, numberAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { OAuthProviders } from '../connections';
import type { ConnectorRegistry } from '../../connectors/contract';
import { connectOptions } from './connect-options';
import type { MarketplaceAccountService } from './marketplace-account.service';
import type { EtsyProfileService } from './etsy-profile.service';
import type { MarketplaceCategoryService } from './marketplace-category.service';
import {
  SetShopifyTagsResponseSchema,
  SetShopifyTagsSchema,
  type ShopifyTagsService,
} from './shopify-tags.service';

const UnavailableSchema = errorResponses[409];

const MetafieldDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  key: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  ownerType: z.string(),
});

const SHOPIFY_TOPICS = ['ORDERS_CREATE', 'PRODUCTS_CREATE', 'PRODUCTS_UPDATE'] as const;

export async function marketplaceRoutes(
  app: App,
  deps: {
    mode: MarketplacesMode;
    providers: OAuthProviders;
    connectors: ConnectorRegistry;
    accounts: MarketplaceAccountService;
    categories: MarketplaceCategoryService;
    etsyProfiles: EtsyProfileService;
    tags: ShopifyTagsService;
    /**
     * PUBLIC_URL, or the server's own address: where Shopify is told to send the store's
     * webhooks. Never the request's Host header, which is the client's to write.
     */
    appUrl: string;
  },
) {
  const tags = ['marketplaces'];
  const { accounts } = deps;

  app.get(
    '/api/marketplaces/connect-options',
    {
      schema: {
        tags,
        summary: 'How each marketplace can be connected on this server',
        description:
          '`mode` is `sandbox` when the marketplaces are ListLoop’s emulators running inside ' +
          'this server (nothing reaches a real marketplace; the app marks such connections), ' +
          '`live` otherwise. Each entry is one way to connect a marketplace: `oauth` (GET ' +
          '/api/user/auth/web-auth-url with `marketplace` and each of `needs`, such as `shop`), ' +
          '`token` (an API key stored with PUT /integration-{marketplaceId}/v1/credentials) or ' +
          '`extension` (the browser extension).',
        response: { 200: ConnectOptionsResponseSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async () => connectOptions(deps.mode, deps.providers, deps.connectors),
  );

  app.get(
    '/api/marketplaces/ebay/business-polices/:policyType/:policyValue',
    {
      schema: {
        tags,
        summary: 'The seller’s eBay business policies of one kind (path spelling as in the spec)',
        description:
          'From eBay’s Account API, for the account’s eBay connection. `policyValue`: a policy ' +
          'id (that policy), `*` (all of them), or a name (the policy of that exact name, else ' +
          'those whose name contains it, ignoring case). Without an eBay connection: 409.',
        params: z.object({
          policyType: z.enum([...EBAY_POLICY_TYPES, 'FULFILLMENT', 'PAYMENT', 'RETURN']),
          policyValue: z.string().trim().min(1).max(200),
        }),
        response: {
          200: EbayBusinessPoliciesResponseSchema,
          ...errorResponses,
          503: UnavailableSchema,
        },
      },
      config: { access: access.member() },
    },
    async (request) => {
      const { policyType, policyValue } = request.params;
      const type = policyType.toLowerCase() as (typeof EBAY_POLICY_TYPES)[number];
      return {
        policies: await accounts.businessPolicies(requireContext(request), type, policyValue),
      };
    },
  );

  app.get(
    '/api/marketplaces/etsy/profiles/:kind',
    {
      schema: {
        tags,
        summary: 'The seller’s Etsy shipping or processing profiles',
        description:
          'From Etsy’s Open API, for the account’s Etsy connection: `shipping` the shop’s ' +
          'shipping profiles (getShopShippingProfiles, deleted ones left out) with their ' +
          'titles; `processing` its processing profiles (getShopReadinessStateDefinitions), ' +
          'which Etsy gives no name: a readiness state and its processing days. An Etsy ' +
          'listing names each by its id. Kept on the server for five minutes. Another kind: ' +
          '400; without an Etsy connection, or one made before ListLoop asked to read the ' +
          'shop: 409; Etsy unreachable: 503.',
        params: z.object({ kind: z.enum(ETSY_PROFILE_KINDS) }),
        response: {
          200: EtsyShopProfilesResponseSchema,
          ...errorResponses,
          503: UnavailableSchema,
        },
      },
      config: { access: access.member() },
    },
    async (request) => ({
      profiles: await deps.etsyProfiles.profiles(requireContext(request), request.params.kind),
    }),
  );

  app.get(
    '/api/marketplaces/:marketplace/categories',
    {
      schema: {
        tags,
        summary: 'A marketplace’s own categories, found by words of their names, or named by id',
        description:
          'eBay (its Taxonomy API: the default category tree of the site ListLoop lists on, ' +
          'read through the account’s eBay connection) and Etsy (its seller taxonomy). `q`: ' +
          'words that each start a word of the category’s path ("men jeans"); `ids`: ' +
          'comma-separated ids to name. Each category has its path of names and whether a ' +
          'listing may be in it (eBay lists only in categories without subcategories). Trees ' +
          'are kept on the server for a day. Another marketplace: 400; eBay without a ' +
          'connection: 409; the marketplace unreachable: 503.',
        params: z.object({ marketplace: z.string().min(1).max(64) }),
        querystring: MarketplaceCategoriesQuerySchema,
        response: {
          200: MarketplaceCategoriesResponseSchema,
          ...errorResponses,
          503: UnavailableSchema,
        },
      },
      config: { access: access.member('items.read') },
    },
    async (request) =>
      deps.categories.find(requireContext(request), request.params.marketplace, request.query),
  );

  app.get(
    '/api/marketplaces/shopify/metafields',
    {
      schema: {
        tags,
        summary: 'The metafield definitions of the connected Shopify store',
        description:
          'Searches the store’s metafield definitions (Shopify Admin API), a page at a time: ' +
          '`after` is the `endCursor` of the page before. Without a Shopify connection: 409.',
        querystring: z.object({
          ownerType: z.enum(['PRODUCT', 'PRODUCTVARIANT']).optional(),
          query: z.string().trim().max(200).optional(),
          first: z.coerce.number().int().min(1).max(250).optional(),
          after: z.string().trim().min(1).max(500).optional(),
        }),
        response: {
          200: z.object({
            definitions: z.array(MetafieldDefinitionSchema),
            hasNextPage: z.boolean(),
            endCursor: z.string().nullable(),
          }),
          ...errorResponses,
          503: UnavailableSchema,
        },
      },
      config: { access: access.member() },
    },
    async (request) => {
      const { ownerType, query, first, after } = request.query;
      return accounts.metafieldDefinitions(requireContext(request), {
        ...(ownerType ? { ownerType } : {}),
        ...(query ? { query } : {}),
        ...(first !== undefined ? { first } : {}),
        ...(after ? { after } : {}),
      });
    },
  );

  app.post(
    '/api/marketplaces/shopify/subscription',
    {
      schema: {
        tags,
        summary: 'Subscribe the connected Shopify store to ListLoop’s webhooks now',
        description:
          'The topics of the account’s config.shopify.webhooksAvailable (ORDERS_CREATE by ' +
          'default), delivered to <public url>/webhook/shopify. Topics already subscribed ' +
          'there are left as they are. Connecting a store does this too.',
        response: {
          200: z.object({
            callbackUrl: z.string(),
            topics: z.array(z.enum(SHOPIFY_TOPICS)),
            created: z.array(z.enum(SHOPIFY_TOPICS)),
            existing: z.array(z.enum(SHOPIFY_TOPICS)),
          }),
          ...errorResponses,
          503: UnavailableSchema,
        },
      },
      config: {
        activity: activity.none('asks Shopify again for the webhooks the connection already has'),
        access: access.member('marketplaces.manage'),
      },
    },
    async (request) => {
      return accounts.subscribeShopify(requireContext(request), deps.appUrl);
    },
  );

  app.patch(
    '/api/rest/v1/item/set-shopify-tags-based-on-characteristics',
    {
      schema: {
        tags: ['items'],
        summary:
          'Set each item’s Shopify tags from its brand, category, colour, size and condition',
        description:
          'Derives the tags by rule ("Brand: Levi’s", or plain "Levi’s" with `style: plain`) ' +
          'and writes them into the items’ Shopify listings as their `tags`: tags an earlier ' +
          'derivation made are replaced, the seller’s own kept. Ids and SKUs of items the ' +
          'caller cannot see are listed in `notFound`.',
        body: SetShopifyTagsSchema,
        response: { 200: SetShopifyTagsResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('items.bulk_updated', ({ response }) => {
          const count = numberAt(response, 'updated') ?? 0;
          return count > 0 ? { id: null, details: { count, marketplaces: ['shopify'] } } : null;
        }),
        access: access.member('items.write'),
      },
    },
    async (request) => deps.tags.setTags(requireContext(request), request.body),
  );
}
