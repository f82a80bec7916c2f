import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPermissions,
  ERROR_MESSAGES,
  PERMISSION_KEYS,
  type PermissionKey,
} from '@listloop/domain';
import type { RouteInfo } from '../src/platform/http/app';
import type { TestClient } from './client';
import { addMember, createAccount, signIn, type AccountFixture } from './fixtures';
import { queryRows, startTestServer, type TestServer } from './server';

const FORBIDDEN = ERROR_MESSAGES['auth/forbidden'];

/** A concrete path for a route of the table: every parameter an id-like value. */
function pathOf(route: RouteInfo): string {
  return route.url.replace(/:[A-Za-z]+/g, 'perm0000000000000000000001').replace('*', 'x.jpeg');
}

function optionsOf(route: RouteInfo): { body?: unknown } {
  return route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} };
}

/**
 * Every row of every table of ours, as one digest per table: a refused request must leave all
 * of them as they were.
 */
async function fingerprint(server: TestServer): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    server,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ digest: string | null }>(
      server,
      sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.identifier(name)} t`,
    );
    digests[name] = row?.digest ?? '';
  }
  return digests;
}

/**
 * For every route of the table whose access names a permission, a member whose role has every
 * permission but that one is refused with 403 and changes nothing, while a member who has them
 * all is not refused for their role. A route added later is walked the same way, unasked.
 */
describe('permissions: every route refuses a role without the key it names', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let everything: TestClient;
  const guarded = () => server.routes.filter((r) => r.permissions.length > 0);
  /** Requests refused per key, for the figures: written next to the other test results. */
  const refusals: Partial<Record<PermissionKey, number>> = {};

  async function memberWithRole(name: string, permissions: Record<string, boolean>) {
    const role = await owner.put('/api/rest/v1/enterprise/roles', { name, permissions });
    expect(role.status, role.text).toBe(200);
    const member = await addMember(server, account, { roleId: role.body.data.id as string });
    return signIn(server, member);
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    everything = await memberWithRole('everything', allPermissions(true));
  });
  afterAll(async () => {
    await server.close();
    const total = Object.values(refusals).reduce((sum, n) => sum + n, 0);
    const dir = path.resolve(import.meta.dirname, '../../../test-results');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `permission-refusals-${process.env.LISTLOOP_TEST_DB ?? 'pglite'}.json`),
      `${JSON.stringify({ total, perKey: refusals }, null, 2)}\n`,
    );
  });

  it('checks every permission key on at least one route', () => {
    const named = new Set(guarded().flatMap((r) => r.permissions));
    expect(PERMISSION_KEYS.filter((key) => !named.has(key))).toEqual([]);
  });

  it('names the sales, reports and delist keys where their work is done', () => {
    const keysOf = (method: string, url: string) =>
      [
        ...(server.routes.find((r) => r.method === method && r.url === url)?.permissions ?? []),
      ].sort();
    expect(keysOf('GET', '/api/rest/v1/sale_detection/events')).toEqual(['sales.read']);
    expect(keysOf('POST', '/api/rest/v1/sale_detection/dismiss')).toEqual(['sales.manage']);
    expect(keysOf('POST', '/api/rest/v1/executor/sales')).toEqual([
      'listings.delist',
      'sales.manage',
    ]);
    expect(keysOf('PUT', '/api/account/item/:userId/:itemId/mark-item-as-sold')).toEqual([
      'listings.delist',
      'sales.manage',
    ]);
    expect(keysOf('GET', '/api/account/item/export')).toEqual(['items.read', 'reports.read']);
  });

  for (const key of PERMISSION_KEYS) {
    it(`refuses every route that names ${key} to a role without it`, async () => {
      const routes = guarded().filter((r) => r.permissions.includes(key as PermissionKey));
      expect(routes.length, `no route names ${key}`).toBeGreaterThan(0);
      const lacking = await memberWithRole(`without ${key}`, {
        ...allPermissions(true),
        [key]: false,
      });
      const before = await fingerprint(server);
      for (const route of routes) {
        const refused = await lacking.request(route.method, pathOf(route), optionsOf(route));
        expect(refused.status, `${route.method} ${route.url}: ${refused.text}`).toBe(403);
        expect(refused.body).toMatchObject({ code: 'auth/forbidden', message: FORBIDDEN });
        refusals[key] = (refusals[key] ?? 0) + 1;
      }
      expect(await fingerprint(server)).toEqual(before);

      // The same calls from a role with every permission are not refused for the role: the
      // 403s above come from the missing key, not from the route refusing everyone.
      for (const route of routes) {
        const allowed = await everything.request(route.method, pathOf(route), optionsOf(route));
        expect(
          allowed.status === 403 && allowed.body?.message === FORBIDDEN,
          `${route.method} ${route.url} refuses a role with every permission`,
        ).toBe(false);
      }
    });
  }
});
