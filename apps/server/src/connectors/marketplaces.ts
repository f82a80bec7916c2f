import type { MarketplaceId } from '@listloop/domain';
import type { MarketplacesConfig } from '../platform/config';
import type { Connector, ConnectorRegistry, OAuthProvider, ConnectionAuth } from './contract';
import {
  sandboxEbayOAuthProvider,
  sandboxEtsyOAuthProvider,
  sandboxShopifyOAuthProvider,
  type SandboxEmulators,
} from './sandbox-oauth';
import type { PhotoFetcher } from './shared/photo-download';
import { createEbayConnector, type EbayConnector } from './ebay/connector';
import { EBAY_SCOPES, ebayOAuthProvider } from './ebay/oauth';
import { SHOPIFY_API_VERSION } from './shopify/client';
import {
  createShopifyConnector,
  type ShopifyConnector,
  type ShopifyConnectorOptions,
} from './shopify/connector';
import { normalizeShopDomain, SHOPIFY_SCOPES, shopifyOAuthProvider } from './shopify/oauth';
import { createEtsyConnector, type EtsyConnector } from './etsy/connector';
import { ETSY_SCOPES, etsyOAuthProvider } from './etsy/oauth';
import { createDepopConnector, type DepopConnector } from './depop/connector';

/** Listing URLs on the sandbox's pages, as the app shows them (sandbox.listingUrl). */
function withSandboxListingUrls<C extends Connector>(connector: C, sandbox: SandboxEmulators): C {
  return {
    ...connector,
    publish: async (input) => {
      const published = await connector.publish(input);
      return { ...published, listingURL: sandbox.listingUrl(published.listingURL) };
    },
    update: async (input) => {
      const published = await connector.update(input);
      return { ...published, listingURL: sandbox.listingUrl(published.listingURL) };
    },
  };
}

export interface MarketplaceWiring {
  config: MarketplacesConfig;
  /** The server's public address (PUBLIC_URL, or http://localhost:<PORT>). */
  publicUrl: string;
  auth: ConnectionAuth;
  connectors: ConnectorRegistry;
  /** Where the OAuth providers of the marketplaces a seller signs in to are kept. */
  providers: { register(provider: OAuthProvider): void };
  /** Present in sandbox mode. */
  sandbox: SandboxEmulators | null;
  /**
   * How connectors download photos whose addresses came from outside (a publish's uploads, the
   * import's): the server's guarded fetcher.
   */
  photoFetcher: PhotoFetcher;
  /** The metafield values of a Shopify listing (the account's metafield mapper). */
  shopifyMetafields?: ShopifyConnectorOptions['metafields'];
}

/**
 * Registers each API marketplace's connector and OAuth provider: in sandbox mode always,
 * pointed at the emulators inside this server; in live mode those whose app keys are
 * configured, pointed at the marketplace. Answers what it registered.
 */
export function registerMarketplaces(wiring: MarketplaceWiring): {
  ebay: EbayConnector | null;
  shopify: ShopifyConnector | null;
  etsy: EtsyConnector | null;
  depop: DepopConnector | null;
} {
  const { config, auth, connectors, providers, sandbox, publicUrl, photoFetcher } = wiring;
  let ebay: EbayConnector | null = null;
  let shopify: ShopifyConnector | null = null;
  let etsy: EtsyConnector | null = null;
  let depop: DepopConnector | null = null;

  if (sandbox) {
    ebay = withSandboxListingUrls(
      createEbayConnector({
        baseUrl: sandbox.baseUrl('ebay'),
        auth,
        fetch: sandbox.fetch,
        photoFetcher,
        listingUrlBase: `${sandbox.baseUrl('ebay')}/itm/`,
      }),
      sandbox,
    );
    providers.register(sandboxEbayOAuthProvider(sandbox));
    shopify = withSandboxListingUrls(
      createShopifyConnector({
        auth,
        apiVersion: config.shopify?.apiVersion ?? SHOPIFY_API_VERSION,
        webhookSecret: sandbox.shopifyApp.clientSecret,
        shopBaseUrl: (shop) => `${sandbox.baseUrl('shopify')}/shops/${shop}`,
        fetch: sandbox.fetch,
        photoFetcher,
        publicUrl,
        ...(wiring.shopifyMetafields ? { metafields: wiring.shopifyMetafields } : {}),
      }),
      sandbox,
    );
    providers.register(sandboxShopifyOAuthProvider(sandbox));
    // Etsy's photos are downloaded and uploaded: their signed addresses come back to this
    // server through the photo fetcher's in-process transport (the container's wiring).
    etsy = withSandboxListingUrls(
      createEtsyConnector({
        baseUrl: sandbox.baseUrl('etsy'),
        apiKey: sandbox.etsyApp.keystring,
        sharedSecret: sandbox.etsyApp.sharedSecret,
        auth,
        fetch: sandbox.fetch,
        photoFetcher,
        listingUrlBase: `${sandbox.baseUrl('etsy')}/listing/`,
      }),
      sandbox,
    );
    providers.register(sandboxEtsyOAuthProvider(sandbox));
    depop = withSandboxListingUrls(
      createDepopConnector({
        baseUrl: sandbox.baseUrl('depop'),
        auth,
        fetch: sandbox.fetch,
        publicUrl,
        listingUrlBase: `${sandbox.baseUrl('depop')}/products/`,
        webhookSecret: sandbox.depopWebhookSecret,
      }),
      sandbox,
    );
  } else {
    if (config.ebay) {
      // Photos of imported listings come from URLs sellers wrote: public addresses only.
      ebay = createEbayConnector({ baseUrl: config.ebay.apiUrl, auth, photoFetcher });
      providers.register(
        ebayOAuthProvider({
          authBaseUrl: config.ebay.authUrl,
          apiBaseUrl: config.ebay.apiUrl,
          clientId: config.ebay.clientId,
          clientSecret: config.ebay.clientSecret,
          ruName: config.ebay.ruName,
          scopes: EBAY_SCOPES,
        }),
      );
    }
    if (config.etsy) {
      etsy = createEtsyConnector({
        baseUrl: config.etsy.apiUrl,
        apiKey: config.etsy.apiKey,
        sharedSecret: config.etsy.sharedSecret,
        auth,
        photoFetcher,
      });
      providers.register(
        etsyOAuthProvider({
          authBaseUrl: config.etsy.authUrl,
          apiBaseUrl: config.etsy.apiUrl,
          clientId: config.etsy.apiKey,
          scopes: ETSY_SCOPES,
        }),
      );
    }
    // No app keys: each seller connects their own API key (a token connection).
    depop = createDepopConnector({
      baseUrl: config.depop.apiUrl,
      auth,
      publicUrl,
      ...(config.depop.webhookSecret ? { webhookSecret: config.depop.webhookSecret } : {}),
    });
    if (config.shopify) {
      shopify = createShopifyConnector({
        auth,
        apiVersion: config.shopify.apiVersion,
        webhookSecret: config.shopify.clientSecret,
        publicUrl,
        photoFetcher,
        ...(wiring.shopifyMetafields ? { metafields: wiring.shopifyMetafields } : {}),
      });
      providers.register(
        shopifyOAuthProvider({
          clientId: config.shopify.clientId,
          clientSecret: config.shopify.clientSecret,
        }),
      );
    }
  }
  for (const connector of [ebay, shopify, etsy, depop]) {
    if (connector) connectors.register(connector);
  }
  connectors.seal(requiredMarketplaces(config));
  return { ebay, shopify, etsy, depop };
}

/**
 * The marketplaces that must have a connector once the server has booted: in sandbox mode
 * every API marketplace (each has its emulator); in live mode Depop (each seller connects their
 * own API key, so it needs no app keys) and each of eBay, Etsy and Shopify whose app keys are
 * configured. The sell-by-extension marketplaces have none: the extension lists on them.
 */
export function requiredMarketplaces(config: MarketplacesConfig): MarketplaceId[] {
  if (config.mode === 'sandbox') return ['ebay', 'shopify', 'etsy', 'depop'];
  return [
    ...(config.ebay ? (['ebay'] as const) : []),
    ...(config.shopify ? (['shopify'] as const) : []),
    ...(config.etsy ? (['etsy'] as const) : []),
    'depop',
  ];
}

/**
 * The marketplaces' OAuth terms the sandbox issues tokens with as if a seller had connected:
 * the scopes each connector asks for, and how Shopify names a shop.
 */
export const SANDBOX_OAUTH_TERMS = {
  scopes: { ebay: EBAY_SCOPES, etsy: ETSY_SCOPES, shopify: SHOPIFY_SCOPES },
  shopDomain: normalizeShopDomain,
};

/** Shopify's tagging rules, which the tags module applies to items. */
export { shopifyTagging } from './shopify/tags';
/** A listing's Shopify metafield values under an account's mapping (the metafields module). */
export { metafieldValuesFromMapping as shopifyMetafieldValues } from './shopify/mapper';
