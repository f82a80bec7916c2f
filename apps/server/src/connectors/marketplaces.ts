import { SHOPIFY_EMULATOR_APP } from '@listloop/emulators';
import type { MarketplacesConfig } from '../platform/config';
import type {
  Connector,
  ConnectorListingInput,
  ConnectorRegistry,
} from '../modules/listings/connector';
import type { OAuthProviders } from '../modules/connections/connection-token.service';
import type { SandboxMarketplaces } from '../modules/sandbox/sandbox-marketplaces';
import {
  sandboxEbayOAuthProvider,
  sandboxShopifyOAuthProvider,
} from '../modules/sandbox/sandbox-oauth';
import type { ConnectionAuth } from './shared/auth';
import { createEbayConnector, type EbayConnector } from './ebay/connector';
import { EBAY_SCOPES, ebayOAuthProvider } from './ebay/oauth';
import { SHOPIFY_API_VERSION } from './shopify/client';
import { createShopifyConnector, type ShopifyConnector } from './shopify/connector';
import { shopifyOAuthProvider } from './shopify/oauth';

/** A photo's absolute URL: ours are paths of this server (`/api/images/…`). */
function absoluteUrl(url: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  try {
    return new URL(url, `${publicUrl.replace(/\/+$/, '')}/`).toString();
  } catch {
    return url;
  }
}

/**
 * The eBay connector with the listing's photos given as absolute URLs: eBay takes picture
 * URLs only (its API refuses a path), and ours are paths of this server.
 */
function withAbsolutePhotos<C extends Connector>(connector: C, publicUrl: string): C {
  const absolute = <I extends ConnectorListingInput>(input: I): I => ({
    ...input,
    built: { ...input.built, photos: input.built.photos.map((p) => absoluteUrl(p, publicUrl)) },
  });
  return {
    ...connector,
    build: (input) => connector.build(absolute(input)),
    validate: (input) => connector.validate(absolute(input)),
    publish: (input) => connector.publish(absolute(input)),
    update: (input) => connector.update(absolute(input)),
  };
}

/** Listing URLs on the sandbox's pages, as the app shows them (sandbox.listingUrl). */
function withSandboxListingUrls<C extends Connector>(
  connector: C,
  sandbox: SandboxMarketplaces,
): C {
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
  providers: OAuthProviders;
  /** Present in sandbox mode. */
  sandbox: SandboxMarketplaces | null;
}

/**
 * Registers each API marketplace's connector and OAuth provider: in sandbox mode always,
 * pointed at the emulators inside this server; in live mode those whose app keys are
 * configured, pointed at the marketplace. Answers what it registered.
 */
export function registerMarketplaces(wiring: MarketplaceWiring): {
  ebay: EbayConnector | null;
  shopify: ShopifyConnector | null;
} {
  const { config, auth, connectors, providers, sandbox, publicUrl } = wiring;
  let ebay: EbayConnector | null = null;
  let shopify: ShopifyConnector | null = null;

  if (sandbox) {
    ebay = withSandboxListingUrls(
      withAbsolutePhotos(
        createEbayConnector({
          baseUrl: sandbox.baseUrl('ebay'),
          auth,
          fetch: sandbox.fetch,
          listingUrlBase: `${sandbox.baseUrl('ebay')}/itm/`,
        }),
        publicUrl,
      ),
      sandbox,
    );
    providers.register(sandboxEbayOAuthProvider(sandbox));
    shopify = withSandboxListingUrls(
      createShopifyConnector({
        auth,
        apiVersion: config.shopify?.apiVersion ?? SHOPIFY_API_VERSION,
        webhookSecret: SHOPIFY_EMULATOR_APP.clientSecret,
        clientId: SHOPIFY_EMULATOR_APP.clientId,
        shopBaseUrl: (shop) => `${sandbox.baseUrl('shopify')}/shops/${shop}`,
        fetch: sandbox.fetch,
        publicUrl,
      }),
      sandbox,
    );
    providers.register(sandboxShopifyOAuthProvider(sandbox));
  } else {
    if (config.ebay) {
      ebay = withAbsolutePhotos(
        createEbayConnector({ baseUrl: config.ebay.apiUrl, auth }),
        publicUrl,
      );
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
    if (config.shopify) {
      shopify = createShopifyConnector({
        auth,
        apiVersion: config.shopify.apiVersion,
        webhookSecret: config.shopify.clientSecret,
        clientId: config.shopify.clientId,
        publicUrl,
      });
      providers.register(
        shopifyOAuthProvider({
          clientId: config.shopify.clientId,
          clientSecret: config.shopify.clientSecret,
        }),
      );
    }
  }
  if (ebay) connectors.register(ebay);
  if (shopify) connectors.register(shopify);
  return { ebay, shopify };
}
