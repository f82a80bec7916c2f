import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';

/**
 * The request logs of a real server, read as JSON lines: each request's lines carry its id,
 * and once the request is authenticated the account it acts in. No METRICS_TOKEN here, so
 * /metrics is not served.
 */
describe('request logs', () => {
  let server: TestServer;
  let account: AccountFixture;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    server = await startTestServer({ logger: pino({ level: 'info' }, stream) });
    account = await createAccount(server);
  });
  afterAll(() => server?.close());

  const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);

  it('writes the request id on every line, and the account once the request is signed in', async () => {
    const owner = await signIn(server, account);
    const read = await owner.get('/api/account/item?limit=1');
    expect(read.status, read.text).toBe(200);
    const done = lines.findLast(
      (line) => line.msg === 'request completed' && line.accountId === account.accountId,
    );
    expect(done).toBeDefined();
    expect(done!.reqId).toBeTruthy();
    // The request's first line is written before it is authenticated; the rest name the account.
    const own = linesOf(done!.reqId);
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(own[0]!.accountId).toBeUndefined();
  });

  it('names no account on a request nobody signed in to', async () => {
    const response = await fetch(`${server.baseUrl}/api/account/item?limit=1`);
    expect(response.status).toBe(401);
    const done = lines.findLast(
      (line) =>
        line.msg === 'request completed' &&
        (line.res as { statusCode?: number })?.statusCode === 401,
    );
    expect(done).toBeDefined();
    expect(done!.accountId).toBeUndefined();
  });

  it('serves no metrics without METRICS_TOKEN', async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer anything-at-all-anything' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'request/not-found' });
    expect(server.container.observability.scrapable).toBeNull();
  });
});
