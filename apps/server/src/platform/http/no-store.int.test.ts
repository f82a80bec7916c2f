import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { startTestServer, type TestServer } from '../../../test/server';

describe('Cache-Control: every JSON answer is no-store', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('on answers, public and signed in', async () => {
    const answers = [
      await owner.get('/api/health'),
      await owner.get('/api/rest/v1/auth/session'),
      await owner.get(`/api/account/label/${account.userId}`),
      await owner.get('/integration-ebay/v1/credentials/' + account.accountId),
      await owner.post(`/api/account/label/${account.userId}`, { name: 'Summer' }),
      await owner.get('/api/docs/json'),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBeLessThan(300);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('on error answers: signed out, forbidden, not found, bad input, too large', async () => {
    const anonymous = new TestClient(server.baseUrl);
    const forged = new TestClient(server.baseUrl, { origin: 'https://evil.example' });
    const answers = [
      await anonymous.get(`/api/account/label/${account.userId}`),
      await forged.request('POST', '/api/rest/v1/auth/session_login', {
        body: { email: account.email, password: account.password },
      }),
      await owner.get('/api/no-such-route'),
      await owner.get('/no-such-page.json'),
      await owner.request('POST', `/api/account/label/${account.userId}`, { rawBody: '{"name":' }),
      await owner.request('POST', `/api/account/label/${account.userId}`, {
        rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 403, 404, 404, 400, 413]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('leaves images their own caching', async () => {
    const stored = await server.container.services.images.storeImage(
      { accountId: account.accountId, userId: account.userId, countryCode: 'US' },
      await makeJpeg({ width: 200, height: 100 }),
      'image/jpeg',
    );
    const image = await fetch(`${server.baseUrl}${stored.image.url}`, {
      headers: { cookie: owner.cookieHeader },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });
});
