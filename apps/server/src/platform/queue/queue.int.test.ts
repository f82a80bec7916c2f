import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAccount, signIn } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitUntil } from '../../../test/wait';
import { stableJobId } from './job';

/** pg-boss runs on the application's own database, PGlite or Postgres alike. */
describe('job queue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it(`works a job that was sent (on ${process.env.LISTLOOP_TEST_DB ?? 'pglite'})`, async () => {
    const account = await createAccount(server);
    await signIn(server, account);
    await signIn(server, account);
    const { db } = server.container.database;
    await db.execute(
      sql`update auth_sessions set expires_at = now() - interval '1 minute' where user_id = ${account.userId}`,
    );
    const count = async () => {
      const [row] = await queryRows<{ n: number }>(
        server,
        sql`select count(*)::int as n from auth_sessions where user_id = ${account.userId}`,
      );
      return row?.n;
    };
    expect(await count()).toBe(2);

    const { queue, jobs } = server.container;
    const jobId = await queue.send(jobs.purgeExpiredSessions, {});
    expect(jobId).toBeTruthy();
    await waitUntil(
      async () =>
        (await queue.getJob(jobs.purgeExpiredSessions.name, jobId!))?.state === 'completed',
    );
    expect(await count()).toBe(0);
  });

  it('sends several jobs in one go by their ids, and a second send of the same ids adds none', async () => {
    const { queue, jobs } = server.container;
    const ids = [0, 1, 2].map((n) => stableJobId('test.send-many', `${Date.now()}:${n}`));
    await queue.sendMany(
      jobs.purgeExpiredSessions,
      ids.map((id) => ({ id, payload: {} })),
    );
    await queue.sendMany(
      jobs.purgeExpiredSessions,
      ids.map((id) => ({ id, payload: {} })),
    );
    for (const id of ids) {
      await waitUntil(
        async () => (await queue.getJob(jobs.purgeExpiredSessions.name, id))?.state === 'completed',
      );
    }
    const [row] = await queryRows<{ n: number }>(
      server,
      sql`select count(*)::int as n from pgboss.job where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    );
    expect(row?.n).toBe(3);
    await expect(
      queue.sendMany(jobs.purgeExpiredSessions, [
        { id: stableJobId('test.send-many', 'bad'), payload: { unexpected: true } as never },
      ]),
    ).rejects.toThrow();
  });

  it('refuses a payload the job schema rejects, before it reaches the queue', async () => {
    const { queue, jobs } = server.container;
    await expect(
      queue.send(jobs.purgeExpiredSessions, { unexpected: true } as never),
    ).rejects.toThrow();
  });

  it('reports the queue in the health check', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'ok', kind: server.databaseKind },
      queue: { status: 'ok', working: true },
    });
  });
});
