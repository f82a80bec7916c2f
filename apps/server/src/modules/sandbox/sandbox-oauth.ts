import { SHOPIFY_EMULATOR_APP } from '@listloop/emulators';
import { EBAY_SCOPES, ebayOAuthProvider } from '../../connectors/ebay/oauth';
import { shopifyOAuthProvider } from '../../connectors/shopify/oauth';
import { ETSY_SCOPES, etsyOAuthProvider } from '../../connectors/etsy/oauth';
import type { OAuthProvider, TokenSet } from '../../connectors/contract';
import { appBaseOf, SANDBOX_EBAY_SELLER, type SandboxMarketplaces } from './sandbox-marketplaces';

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
function withSeller(tokens: TokenSet): TokenSet {
  return { ...tokens, externalAccountId: tokens.externalAccountId ?? SANDBOX_EBAY_SELLER.username };
}

export function sandboxEbayOAuthProvider(sandbox: SandboxMarketplaces): OAuthProvider {
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
    build(appBaseOf(redirectUri), sandbox.ruNameFor(redirectUri)),
  );
  // A refresh names no RuName; any provider of the app does it.
  const refresher = build(sandbox.appUrl, 'none');
  return {
    marketplace: 'ebay',
    usesPkce: false,
    authorizeUrl: (input) => providerFor(input.redirectUri).authorizeUrl(input),
    exchangeCode: async (input) =>
      withSeller(await providerFor(input.redirectUri).exchangeCode(input)),
    refresh: async (refreshToken, extra) =>
      withSeller(await refresher.refresh(refreshToken, extra)),
  };
}

export function sandboxShopifyOAuthProvider(sandbox: SandboxMarketplaces): OAuthProvider {
  const build = (appBase: string) =>
    shopifyOAuthProvider({
      clientId: SHOPIFY_EMULATOR_APP.clientId,
      clientSecret: SHOPIFY_EMULATOR_APP.clientSecret,
      shopBaseUrl: (shop) => `${sandbox.baseUrl('shopify', appBase)}/shops/${shop}`,
      expiringTokens: true,
      fetch: sandbox.fetch,
    });
  const providerFor = perRedirect((redirectUri) => build(appBaseOf(redirectUri)));
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

export function sandboxEtsyOAuthProvider(sandbox: SandboxMarketplaces): OAuthProvider {
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
    return build(appBaseOf(redirectUri));
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
