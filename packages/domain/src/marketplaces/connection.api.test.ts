import { describe, expect, it } from 'vitest';
import {
  ConnectionIdSchema,
  ConnectionPutSchema,
  CredentialsPutSchema,
  StoredCredentialsSchema,
} from './connection.api';

describe('the connection contract', () => {
  it('takes URL-safe ids of 20 to 64 characters', () => {
    expect(ConnectionIdSchema.safeParse('a'.repeat(20)).success).toBe(true);
    expect(ConnectionIdSchema.safeParse('a'.repeat(19)).success).toBe(false);
    expect(ConnectionIdSchema.safeParse('a'.repeat(65)).success).toBe(false);
    expect(ConnectionIdSchema.safeParse(`${'a'.repeat(20)}/x`).success).toBe(false);
  });

  it('creates connections only on offered marketplaces, with a trimmed nickname', () => {
    expect(ConnectionPutSchema.parse({ marketplace: 'ebay', nickname: '  Main  ' })).toEqual({
      marketplace: 'ebay',
      nickname: 'Main',
    });
    expect(ConnectionPutSchema.safeParse({ marketplace: 'tradesy', nickname: 'x' }).success).toBe(
      false,
    );
    expect(ConnectionPutSchema.safeParse({ nickname: '   ' }).success).toBe(false);
  });

  it('refuses a marketplace account id from the caller: only the marketplace sets it', () => {
    const sent = ConnectionPutSchema.safeParse({
      marketplace: 'shopify',
      nickname: 'Main',
      externalAccountId: 'someone-else.myshopify.com',
    });
    expect(sent.success).toBe(false);
    expect(sent.error?.issues[0]?.message).toBe(
      'externalAccountId is set by ListLoop from the marketplace when you connect; it cannot be sent.',
    );
  });

  it('keeps credential fields it does not know, for the connector that does', () => {
    const credentials = StoredCredentialsSchema.parse({
      marketplaceAccount: { marketplaceID: 'etsy', shopId: 42 },
      accessToken: 'token-123',
      scope: 'listings_w',
    });
    expect(credentials).toMatchObject({ scope: 'listings_w', marketplaceAccount: { shopId: 42 } });
    expect(CredentialsPutSchema.safeParse({ connectionId: 'short', credentials }).success).toBe(
      false,
    );
  });
});
