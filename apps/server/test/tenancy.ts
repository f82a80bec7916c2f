import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import type { TestClient } from './client';
import { addMember, createAccount, signIn, type AccountFixture } from './fixtures';
import { startTestServer, type TestServer } from './server';

/** The account whose rows the intruder goes after, with one row of each kind. */
export interface Victim {
  account: AccountFixture;
  client: TestClient;
  member: { userId: string; email: string };
  pendingMember: { userId: string; email: string };
  role: { id: string; name: string };
  /** The server, for rows only a job or a marketplace makes (an import of its listings). */
  server: TestServer;
}

export interface Intruder {
  account: AccountFixture;
  client: TestClient;
  role: { id: string };
}

export interface TenancyCase {
  /** "METHOD /url/:param" exactly as in the route table. */
  route: string;
  /** What this case tries. */
  title: string;
  /** May be async, to give the victim a row first (an upload, an image). */
  request: (
    victim: Victim,
    intruder: Intruder,
  ) => { path: string; body?: unknown } | Promise<{ path: string; body?: unknown }>;
  /** Default: the answer is 404. A list route instead proves no victim row is in the answer. */
  check?: (response: { status: number; body: any; text: string }, victim: Victim) => void;
  /** Proves the victim's data is as it was, read as the victim. */
  unchanged?: (victim: Victim) => Promise<void>;
}

/**
 * Proves, for every route of the table, that a user of another account can neither read nor
 * change a row: each route is either tried by a case (answers 404, changes nothing) or listed
 * in `ownDataOnly` with the reason it can name no other account's row. A route added by a
 * later issue and listed in neither fails the suite.
 */
export function describeTenancy(cases: TenancyCase[], ownDataOnly: Record<string, string>) {
  describe('tenancy: another account answers 404 and changes nothing', () => {
    let server: TestServer;
    let victim: Victim;
    let intruder: Intruder;

    beforeAll(async () => {
      server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
      const victimAccount = await createAccount(server, { companyName: 'Victim Vintage' });
      const victimClient = await signIn(server, victimAccount);
      const role = (
        await victimClient.put('/api/rest/v1/enterprise/roles', {
          name: 'victim listers',
          permissions: { 'items.read': true },
        })
      ).body.data;
      const member = await addMember(server, victimAccount, { roleId: role.id });
      const pendingMember = await addMember(server, victimAccount, {
        status: 'pending',
        roleId: null,
      });
      victim = {
        account: victimAccount,
        client: victimClient,
        member,
        pendingMember,
        role,
        server,
      };

      const intruderAccount = await createAccount(server, { companyName: 'Intruder Imports' });
      const intruderClient = await signIn(server, intruderAccount);
      const intruderRole = (
        await intruderClient.put('/api/rest/v1/enterprise/roles', { name: 'intruder role' })
      ).body.data;
      intruder = { account: intruderAccount, client: intruderClient, role: intruderRole };
    });
    afterAll(() => server.close());

    it('covers every non-public route of the table', () => {
      const covered = new Set([...cases.map((c) => c.route), ...Object.keys(ownDataOnly)]);
      const missing = server.routes
        .filter((r) => r.access !== 'public' && !r.url.startsWith('/api/docs'))
        .map((r) => `${r.method} ${r.url}`)
        .filter((key) => !covered.has(key));
      expect(missing, 'routes with no tenancy case and no reason').toEqual([]);
      const known = new Set(server.routes.map((r) => `${r.method} ${r.url}`));
      expect(
        [...covered].filter((key) => !known.has(key)),
        'cases for routes that do not exist',
      ).toEqual([]);
    });

    for (const testCase of cases) {
      it(`${testCase.route}: ${testCase.title}`, async () => {
        const { path, body } = await testCase.request(victim, intruder);
        const [method = 'GET'] = testCase.route.split(' ');
        const response = await intruder.client.request(
          method,
          path,
          body === undefined ? {} : { body },
        );
        if (testCase.check) testCase.check(response, victim);
        else {
          expect(response.status, response.text).toBe(404);
          expect(response.text).not.toContain(victim.account.email);
        }
        await testCase.unchanged?.(victim);
      });
    }
  });
}
