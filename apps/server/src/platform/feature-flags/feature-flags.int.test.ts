import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createAccount, signIn } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { FeatureFlags } from './feature-flags';
import { RemoteFlagFile } from './remote-flag-file';

/** A local stand-in for the remote flag file, answering whatever the test sets. */
async function flagFileServer() {
  let answer: { status: number; body: string } = { status: 200, body: '{}' };
  const server = http.createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/flags.json`,
    set(status: number, body: unknown) {
      answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('feature flags from three sources', () => {
  let flagFile: Awaited<ReturnType<typeof flagFileServer>>;
  let server: TestServer;

  beforeAll(async () => {
    flagFile = await flagFileServer();
    flagFile.set(200, { flags: { newPricing: true, sharingV2: true, countryUS: false } });
    server = await startTestServer({ env: { FEATURE_FLAGS_URL: flagFile.url } });
  });
  afterAll(async () => {
    await server.close();
    await flagFile.close();
  });

  it('merges the remote file, the account flags and the always-on list into the session', async () => {
    const account = await createAccount(server, {
      accountFeatureFlags: { sharingV2: false, listingVideos: true },
    });
    const state = (await (await signIn(server, account)).get('/api/rest/v1/auth/session')).body;
    expect(state.featureFlags).toMatchObject({
      newPricing: true, // remote
      sharingV2: false, // the account overrides the remote file
      listingVideos: true, // the account's own
      countryUS: true, // always on, whatever the remote file says
      onboardingRework: false, // nobody turned it on
    });
  });

  it('keeps the last good flags when the file cannot be fetched, and logs a warning', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const remote = new RemoteFlagFile(flagFile.url, logger);
    await remote.start();
    expect(remote.current.newPricing).toBe(true);
    flagFile.set(500, 'oops');
    await remote.refresh();
    expect(remote.current.newPricing).toBe(true);
    flagFile.set(200, 'not json at all');
    await remote.refresh();
    expect(remote.current.newPricing).toBe(true);
    expect(
      lines.filter((l) => l.includes('Remote feature-flag file could not be loaded')),
    ).toHaveLength(2);
    remote.stop();
  });

  it('a check that fails logs a warning and counts as off', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const flags = await FeatureFlags.create(new RemoteFlagFile(null, logger), logger);
    expect(await flags.isEnabled('noSuchFlag', {})).toBe(false);
    expect(lines.some((l) => l.includes('Feature flag check failed'))).toBe(true);
    expect(await flags.isEnabled('countryIT', {})).toBe(true);
    await flags.close();
  });
});
