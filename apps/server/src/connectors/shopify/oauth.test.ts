import { describe, expect, it } from 'vitest';
import { OAuthRefusedError } from '../contract';
import {
  InvalidShopDomainError,
  normalizeShopDomain,
  SHOPIFY_SCOPES,
  shopifyOAuthProvider,
} from './oauth';

describe('Shopify OAuth provider', () => {
  it('takes the shop as a seller types it', () => {
    expect(normalizeShopDomain('My-Shop')).toBe('my-shop.myshopify.com');
    expect(normalizeShopDomain(' my-shop.myshopify.com ')).toBe('my-shop.myshopify.com');
    expect(normalizeShopDomain('https://my-shop.myshopify.com/admin/products')).toBe(
      'my-shop.myshopify.com',
    );
    expect(normalizeShopDomain('127.0.0.1:4010', ['127.0.0.1:4010'])).toBe('127.0.0.1:4010');
    for (const bad of [
      '',
      'shop.example.com',
      'my_shop',
      'evil.com/.myshopify.com',
      '-x.myshopify.com',
    ]) {
      expect(() => normalizeShopDomain(bad)).toThrow(InvalidShopDomainError);
    }
  });

  it('sends the seller to their own shop’s authorize page for an offline token', () => {
    const provider = shopifyOAuthProvider({ clientId: 'cid', clientSecret: 'secret' });
    expect(provider).toMatchObject({ marketplace: 'shopify', usesPkce: false, needs: ['shop'] });
    const url = new URL(
      provider.authorizeUrl({
        state: 'st',
        redirectUri: 'https://app.test/cb',
        codeChallenge: null,
        extra: { shop: 'my-shop' },
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://my-shop.myshopify.com/admin/oauth/authorize',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'cid',
      scope: SHOPIFY_SCOPES.join(','),
      redirect_uri: 'https://app.test/cb',
      state: 'st',
    });
  });

  it('asks for expiring tokens, and tells a refusal from an outage', async () => {
    const sent: unknown[] = [];
    const answers: Response[] = [
      Response.json(
        { error: 'invalid_grant', error_description: 'The refresh token is invalid.' },
        { status: 400 },
      ),
      new Response('Service Unavailable', { status: 503 }),
      Response.json({
        access_token: 'shpat_1',
        scope: 'write_products',
        expires_in: 3600,
        refresh_token: 'shprt_1',
        refresh_token_expires_in: 60,
      }),
    ];
    const provider = shopifyOAuthProvider({
      clientId: 'cid',
      clientSecret: 'secret',
      now: () => 1_000,
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answers.shift()!;
      },
    });
    await expect(provider.refresh('shprt_old', { shop: 'my-shop' })).rejects.toThrow(
      OAuthRefusedError,
    );
    const outage = await provider.refresh('shprt_old', { shop: 'my-shop' }).catch((e) => e);
    expect(outage).not.toBeInstanceOf(OAuthRefusedError);
    expect(outage.message).toMatch(
      /could not sign ListLoop in to my-shop.myshopify.com just now \(503\)/,
    );
    const tokens = await provider.exchangeCode({
      code: 'c',
      redirectUri: 'x',
      codeVerifier: null,
      extra: { shop: 'my-shop' },
    });
    expect(tokens).toEqual({
      accessToken: 'shpat_1',
      refreshToken: 'shprt_1',
      expiresAt: 3_601_000,
      refreshTokenExpiresAt: 61_000,
      externalAccountId: 'my-shop.myshopify.com',
      scope: 'write_products',
    });
    expect(sent).toEqual([
      {
        client_id: 'cid',
        client_secret: 'secret',
        grant_type: 'refresh_token',
        refresh_token: 'shprt_old',
      },
      {
        client_id: 'cid',
        client_secret: 'secret',
        grant_type: 'refresh_token',
        refresh_token: 'shprt_old',
      },
      { client_id: 'cid', client_secret: 'secret', code: 'c', expiring: '1' },
    ]);
  });
});
