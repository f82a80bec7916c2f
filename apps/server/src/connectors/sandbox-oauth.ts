import { EBAY_SCOPES, ebayOAuthProvider } from './ebay/oauth';
import { shopifyOAuthProvider } from './shopify/oauth';
import { ETSY_SCOPES, etsyOAuthProvider } from './etsy/oauth';
import type { OAuthProvider, TokenSet } from './contract';

/**
 * What the connectors need of the sandbox's emulators (the sandbox module's
 * SandboxMarketplaces): where each is mounted for an app address, the in-process transport,
 * and the emulated apps' keys.
 */
export interface SandboxEmulators {
  /** The app's address when no request names one. */
  readonly appUrl: string;
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  readonly ebayClient: { clientId: string; clientSecret: string };
  readonly etsyApp: { keystring: string; sharedSecret: string };
  /** The emulated Shopify app: its client secret signs the emulator's webhooks. */
  readonly shopifyApp: { clientId: string; clientSecret: string };
  /** The secret the emulated Depop signs its webhooks with. */
  readonly depopWebhookSecret: string;
  /** The emulated eBay seller's username: eBay names no seller in its token answer. */
  readonly ebaySellerName: string;
  /** `<app>/sandbox/<m>` for an app address. */
  baseUrl(marketplace: 'ebay' | 'shopify' | 'etsy' | 'depop', appOrigin?: string): string;
  /** A listing URL as ListLoop stores it (sandbox pages under the app's address). */
  listingUrl(url: string | null | undefined): string | null;
  /** The app address an OAuth redirect URI belongs to. */
  appBaseOf(redirectUri: string): string;
  /** The RuName whose accept URL is `redirectUri` (eBay sends sellers to one URL per RuName). */
  ruNameFor(redirectUri: string): string;
  /** Lets the emulated Etsy send sellers back to this callback URL. */
  allowEtsyRedirect(redirectUri: string): void;
}

/*
 * The connectors' own OAuth providers, pointed at the emulators. The sign-in pages are opened
 * by the seller's browser, so their addresses follow the app address the seller uses, which
 * the redirect URI marketplace-auth computed (PUBLIC_URL or the request's origin) names: one
 * provider per redirect URI. Token calls go through the sandbox's in-process transport.
 */

/** Addresses remembered at once; a Host header is the client's to choose. */
const ADDRESSES_MAX = 100;

/** A provider per redirect URI, made once (and made again after many others). */
function perRedirect(
  build: (redirectUri: string) => OAuthProvider,
): (redirectUri: string) => OAuthProvider {
  const providers = new Map<string, OAuthProvider>();
  return (redirectUri) => {
    let provider = providers.get(redirectUri);
    if (!provider) {
      if (providers.size >= ADDRESSES_MAX) providers.clear();
      provider = build(redirectUri);
      providers.set(redirectUri, provider);
    }
    return provider;
  };
}

/** eBay names no seller in its token answer; the sandbox has exactly one. */
function withSeller(tokens: TokenSet, seller: string): TokenSet {
  return { ...tokens, externalAccountId: tokens.externalAccountId ?? seller };
}

export function sandboxEbayOAuthProvider(sandbox: SandboxEmulators): OAuthProvider {
  const client = sandbox.ebayClient;
  const build = (appBase: string, ruName: string) =>
    ebayOAuthProvider({
      authBaseUrl: sandbox.baseUrl('ebay', appBase),
      apiBaseUrl: sandbox.baseUrl('ebay', appBase),
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      ruName,
      scopes: EBAY_SCOPES,
      fetch: sandbox.fetch,
    });
  const providerFor = perRedirect((redirectUri) =>
    build(sandbox.appBaseOf(redirectUri), sandbox.ruNameFor(redirectUri)),
  );
  // A refresh names no RuName; any provider of the app does it.
  const refresher = build(sandbox.appUrl, 'none');
  return {
    marketplace: 'ebay',
    usesPkce: false,
    authorizeUrl: (input) => providerFor(input.redirectUri).authorizeUrl(input),
    exchangeCode: async (input) =>
      withSeller(await providerFor(input.redirectUri).exchangeCode(input), sandbox.ebaySellerName),
    refresh: async (refreshToken, extra) =>
      withSeller(await refresher.refresh(refreshToken, extra), sandbox.ebaySellerName),
  };
}

export function sandboxShopifyOAuthProvider(sandbox: SandboxEmulators): OAuthProvider {
  const build = (appBase: string) =>
    shopifyOAuthProvider({
      clientId: sandbox.shopifyApp.clientId,
      clientSecret: sandbox.shopifyApp.clientSecret,
      shopBaseUrl: (shop) => `${sandbox.baseUrl('shopify', appBase)}/shops/${shop}`,
      expiringTokens: true,
      fetch: sandbox.fetch,
    });
  const providerFor = perRedirect((redirectUri) => build(sandbox.appBaseOf(redirectUri)));
  const refresher = build(sandbox.appUrl);
  return {
    marketplace: 'shopify',
    usesPkce: false,
    needs: refresher.needs ?? ['shop'],
    authorizeUrl: (input) => providerFor(input.redirectUri).authorizeUrl(input),
    exchangeCode: (input) => providerFor(input.redirectUri).exchangeCode(input),
    refresh: (refreshToken, extra) => refresher.refresh(refreshToken, extra),
  };
}

export function sandboxEtsyOAuthProvider(sandbox: SandboxEmulators): OAuthProvider {
  const build = (appBase: string) =>
    etsyOAuthProvider({
      authBaseUrl: sandbox.baseUrl('etsy', appBase),
      apiBaseUrl: sandbox.baseUrl('etsy', appBase),
      clientId: sandbox.etsyApp.keystring,
      scopes: ETSY_SCOPES,
      fetch: sandbox.fetch,
    });
  const providerFor = perRedirect((redirectUri) => {
    // Etsy sends a seller back only to a callback URL registered with the app.
    sandbox.allowEtsyRedirect(redirectUri);
    return build(sandbox.appBaseOf(redirectUri));
  });
  const refresher = build(sandbox.appUrl);
  return {
    marketplace: 'etsy',
    usesPkce: refresher.usesPkce,
    ...(refresher.needs ? { needs: refresher.needs } : {}),
    authorizeUrl: (input) => providerFor(input.redirectUri).authorizeUrl(input),
    exchangeCode: (input) => providerFor(input.redirectUri).exchangeCode(input),
    refresh: (refreshToken, extra) => refresher.refresh(refreshToken, extra),
  };
}
