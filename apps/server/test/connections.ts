import crypto from 'node:crypto';
import { expect } from 'vitest';
import { marketplaceGroup, type ConnectionStatus, type MarketplaceId } from '@listloop/domain';
import { sql } from 'drizzle-orm';
import type { TestClient } from './client';
import { createAccount, signIn, type AccountFixture } from './fixtures';
import { queryRows, type TestServer } from './server';

/**
 * Connects the signed-in seller's account to a marketplace through the API, as the
 * Marketplaces screen does: a connection record (what the browser extension acts for), and for
 * an API marketplace stored credentials too (by default for the source group; a stand-in
 * connector in the test takes any token). Answers the connection's id.
 */
export async function connectMarketplace(
  client: TestClient,
  marketplace: MarketplaceId,
  options: { credentials?: boolean; status?: ConnectionStatus; nickname?: string } = {},
): Promise<string> {
  const id = crypto.randomBytes(12).toString('hex');
  const made = await client.put(`/api/rest/v1/enterprise/connection/${id}`, {
    marketplace,
    nickname: options.nickname ?? `${marketplace} ${id.slice(0, 6)}`,
    ...(options.status ? { status: options.status } : {}),
  });
  expect(made.status, made.text).toBe(201);
  if (options.credentials ?? marketplaceGroup(marketplace) === 'source') {
    const stored = await client.put(`/integration-${marketplace}/v1/credentials`, {
      connectionId: id,
      credentials: {
        marketplaceAccount: { marketplaceID: marketplace },
        accessToken: `token-${id}`,
      },
    });
    expect(stored.status, stored.text).toBe(200);
  }
  return id;
}

/**
 * Links a connection to the marketplace's account, as signing in (OAuth) or a key the
 * marketplace checked does: no API takes this from a caller, so a test sets it in the database.
 */
export async function linkMarketplaceAccount(
  server: TestServer,
  connectionId: string,
  externalAccountId: string,
): Promise<void> {
  await queryRows(
    server,
    sql`UPDATE marketplace_connections SET external_account_id = ${externalAccountId} WHERE id = ${connectionId}`,
  );
}

/**
 * A signed-in seller on a server started with MARKETPLACES=sandbox, ready to list on every
 * sandbox marketplace: where eBay items ship from (connecting adds the seller's policies to it),
 * then each sandbox marketplace connected. Answers the connection ids by marketplace.
 */
export async function sandboxSeller(server: TestServer): Promise<{
  account: AccountFixture;
  owner: TestClient;
  connections: Record<string, string>;
}> {
  const account = await createAccount(server);
  const owner = await signIn(server, account);
  const defaults = await owner.put('/api/account/defaults/ebay', {
    defaults: { location: { postalCode: '10001', country: 'US' } },
  });
  expect(defaults.status, defaults.text).toBe(200);
  const connections = await server.container.sandboxConnections!.connectAccount(
    account.accountId,
    account.userId,
  );
  return { account, owner, connections };
}
