import {
  createShopifyEmulator,
  type RunningEmulator,
  type ShopifyEmulator,
} from '@listloop/emulators';
import { expect } from 'vitest';
import { SHOPIFY_API_VERSION } from '../../shopify/client';
import {
  createShopifyConnector,
  type ShopifyConnector,
  type ShopifyConnectorOptions,
} from '../../shopify/connector';
import { SHOPIFY_SCOPES, shopifyOAuthProvider } from '../../shopify/oauth';
import type { OAuthProvider, TokenSet } from '../../contract';
import { ProviderConnectionAuth } from './provider-connection-auth';

/** ListLoop's Shopify app, as the tests register it with the emulator. */
export const SHOPIFY_APP = {
  clientId: 'listloop-test-client',
  clientSecret: 'listloop-test-secret',
  name: 'ListLoop',
};

/** The seller's shop. */
export const SHOP = 'vintage-threads.myshopify.com';

/** ListLoop's OAuth callback for Shopify. */
export const SHOPIFY_CALLBACK = 'https://listloop.test/api/user/auth/callback/shopify';

/** What the connections module answers once Shopify refuses to refresh the seller's token. */
export const SHOPIFY_RECONNECT = 'Reconnect your Shopify account in Marketplaces.';

/** The emulated Shopify of one test, and the seller's connection to it. */
export interface ShopifyHarness {
  emulator: ShopifyEmulator;
  running: RunningEmulator;
  /** ListLoop's OAuth provider for Shopify, pointed at the emulator. */
  provider: OAuthProvider;
  /** The seller's connection to {@link SHOP}, made through `provider`, as the connector is given it. */
  auth: ProviderConnectionAuth;
}

/**
 * Starts the Shopify emulator with ListLoop's app and the seller's shop, "Vintage Threads",
 * points the OAuth provider at it, and installs the app on the shop through the provider.
 * Close `running` after the test.
 */
export async function startShopifyHarness(): Promise<ShopifyHarness> {
  const emulator = createShopifyEmulator({
    apps: [SHOPIFY_APP],
    shops: [{ domain: SHOP, name: 'Vintage Threads' }],
  });
  const running = await emulator.listen();
  const provider = shopifyOAuthProvider({
    clientId: SHOPIFY_APP.clientId,
    clientSecret: SHOPIFY_APP.clientSecret,
    scopes: SHOPIFY_SCOPES,
    shopBaseUrl: (shop) => emulator.shopBaseUrl(shop),
  });
  const auth = new ProviderConnectionAuth(provider, await installShopifyApp(provider, emulator), {
    reconnectMessage: SHOPIFY_RECONNECT,
    extra: { shop: SHOP },
  });
  return { emulator, running, provider, auth };
}

/**
 * The whole install, as the seller types the shop's name ("Vintage-Threads"): authorize on the
 * shop, the redirect (302) to ListLoop's callback with the state, the shop and a code, the code
 * for tokens.
 */
export async function installShopifyApp(
  provider: OAuthProvider,
  emulator: ShopifyEmulator,
): Promise<TokenSet> {
  const authorize = provider.authorizeUrl({
    state: 'state-123',
    redirectUri: SHOPIFY_CALLBACK,
    codeChallenge: null,
    extra: { shop: 'Vintage-Threads' },
  });
  expect(authorize.startsWith(`${emulator.shopBaseUrl(SHOP)}/admin/oauth/authorize?`)).toBe(true);
  const redirect = await fetch(authorize, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const back = new URL(redirect.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(SHOPIFY_CALLBACK);
  expect(back.searchParams.get('state')).toBe('state-123');
  expect(back.searchParams.get('shop')).toBe(SHOP);
  return provider.exchangeCode({
    code: back.searchParams.get('code')!,
    redirectUri: SHOPIFY_CALLBACK,
    codeVerifier: null,
    extra: { shop: SHOP },
  });
}

/**
 * The Shopify connector against the harness's emulator, through the seller's connection, with
 * the app's secret for webhooks and ListLoop's public URL. `options` add to or replace any of that.
 */
export function shopifyTestConnector(
  harness: Pick<ShopifyHarness, 'emulator' | 'auth'>,
  options: Partial<ShopifyConnectorOptions> = {},
): ShopifyConnector {
  return createShopifyConnector({
    auth: harness.auth,
    apiVersion: SHOPIFY_API_VERSION,
    webhookSecret: SHOPIFY_APP.clientSecret,
    shopBaseUrl: (shop) => harness.emulator.shopBaseUrl(shop),
    publicUrl: 'https://listloop.test',
    ...options,
  });
}
