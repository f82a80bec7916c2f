import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';

/**
 * Recording is declared, so it cannot be forgotten: every route that changes something for a
 * member (not a GET, access member) says in `config.activity` what it records, or that it
 * records nothing and why. A new route with neither fails here.
 */
describe('activity declarations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('every mutating member route records its activity or says why not', () => {
    const silent = server.routes
      .filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS' && r.access === 'member')
      .filter((r) => r.activity === null)
      .map((r) => `${r.method} ${r.url}`);
    expect(silent, 'mutating member routes with no activity declaration').toEqual([]);
  });
});
