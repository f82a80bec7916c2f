import {
  createEbayEmulator,
  type EbayEmulator,
  type EbayRules,
  type ManualClock,
  type PolicyType,
  type RunningEmulator,
} from '@listloop/emulators';
import { expect } from 'vitest';
import {
  createEbayConnector,
  type EbayConnector,
  type EbayConnectorOptions,
} from '../../ebay/connector';
import { EBAY_SCOPES, ebayOAuthProvider } from '../../ebay/oauth';
import type { OAuthProvider, TokenSet } from '../../contract';
import { ProviderConnectionAuth } from './provider-connection-auth';

/** ListLoop's eBay app, as the tests register it with the emulator. */
export const EBAY_CLIENT = {
  clientId: 'ListLoop-Test-PRD-1234567890-abcdef12',
  clientSecret: 'PRD-test-secret',
  ruName: 'ListLoop-ListLoop-Test-PRD-abcdefgh',
  acceptUrl: 'https://listloop.test/api/marketplaces/ebay/callback',
};

/** What the connections module answers once eBay refuses to refresh the seller's token. */
export const EBAY_RECONNECT = 'Reconnect your eBay account in Marketplaces.';

/** The emulated eBay of one test, and the seller's connection to it. */
export interface EbayHarness {
  emulator: EbayEmulator;
  running: RunningEmulator;
  /** ListLoop's OAuth provider for eBay, pointed at the emulator. */
  provider: OAuthProvider;
  /** The seller's connection, made through `provider`, as the connector is given it. */
  auth: ProviderConnectionAuth;
}

/**
 * Starts the eBay emulator on `clock` with ListLoop's app registered (and `rules`, if given),
 * points the OAuth provider at it, and connects the seller through the provider.
 * Close `running` after the test.
 */
export async function startEbayHarness(options: {
  clock: ManualClock;
  rules?: Partial<EbayRules>;
}): Promise<EbayHarness> {
  const { clock, rules } = options;
  const emulator = await createEbayEmulator({
    clock,
    clients: [
      {
        clientId: EBAY_CLIENT.clientId,
        clientSecret: EBAY_CLIENT.clientSecret,
        ruNames: { [EBAY_CLIENT.ruName]: EBAY_CLIENT.acceptUrl },
      },
    ],
    rules,
  });
  const running = await emulator.listen();
  const provider = ebayOAuthProvider({
    authBaseUrl: running.url,
    apiBaseUrl: running.url,
    clientId: EBAY_CLIENT.clientId,
    clientSecret: EBAY_CLIENT.clientSecret,
    ruName: EBAY_CLIENT.ruName,
    scopes: EBAY_SCOPES,
    now: () => clock.now(),
  });
  const auth = new ProviderConnectionAuth(provider, await connectEbaySeller(provider), {
    reconnectMessage: EBAY_RECONNECT,
  });
  return { emulator, running, provider, auth };
}

/**
 * The seller's consent, as the browser goes through it: the authorize URL redirects (302) to
 * ListLoop's accept URL with the state and a code, and the code is exchanged for tokens.
 */
export async function connectEbaySeller(provider: OAuthProvider): Promise<TokenSet> {
  const authorize = provider.authorizeUrl({
    state: 'state-123',
    redirectUri: EBAY_CLIENT.acceptUrl,
    codeChallenge: null,
    extra: {},
  });
  const redirect = await fetch(authorize, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const back = new URL(redirect.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(EBAY_CLIENT.acceptUrl);
  expect(back.searchParams.get('state')).toBe('state-123');
  return provider.exchangeCode({
    code: back.searchParams.get('code') ?? '',
    redirectUri: EBAY_CLIENT.acceptUrl,
    codeVerifier: null,
    extra: {},
  });
}

/**
 * The eBay connector against the harness's emulator, through the seller's connection, its
 * listing pages under `/itm/` there. `options` add to or replace any of that.
 */
export function ebayTestConnector(
  harness: Pick<EbayHarness, 'running' | 'auth'>,
  options: Partial<EbayConnectorOptions> = {},
): EbayConnector {
  return createEbayConnector({
    baseUrl: harness.running.url,
    auth: harness.auth,
    listingUrlBase: `${harness.running.url}/itm/`,
    ...options,
  });
}

/** The business policies the emulator seeds for EBAY_US: the seller's defaults. */
export function seededEbayPolicies(emulator: EbayEmulator): Record<PolicyType, string> {
  const seeded = emulator.seededPolicies.EBAY_US;
  if (!seeded) throw new Error('The emulator seeds EBAY_US policies');
  return seeded;
}
