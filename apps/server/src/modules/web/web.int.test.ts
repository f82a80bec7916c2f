import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';

describe('hosting rules and the API description', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        TERMS_URL: 'https://legal.example/terms',
        PRIVACY_URL: 'https://legal.example/privacy',
      },
    });
  });
  afterAll(() => server.close());

  it.each([
    ['/terms', 'https://legal.example/terms'],
    ['/privacy', 'https://legal.example/privacy'],
  ])('%s redirects permanently to the external page', async (path, target) => {
    const response = await fetch(server.baseUrl + path, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(target);
  });

  it('serves the OpenAPI description generated from the route schemas, and its UI', async () => {
    const json = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/api/rest/v1/auth/session_login',
        '/api/rest/v1/auth/session',
        '/api/health',
        '/api/rest/v1/enterprise/roles',
      ]),
    );
    expect(json.paths['/api/rest/v1/auth/session_login']?.post?.requestBody).toBeDefined();
    const ui = await fetch(`${server.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('answers an unknown API path with a JSON 404, never the web app', async () => {
    const response = await fetch(`${server.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'request/not-found' });
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('serving the web app', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>ListLoop</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await server.close();
    const fs = await import('node:fs/promises');
    await fs.rm(dist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/app/import', '/app/anything/deeper', '/update-password'])(
    'answers %s with the app shell, revalidated every time',
    async (path) => {
      const response = await fetch(server.baseUrl + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    },
  );

  it('serves the build’s files to anybody, fingerprinted assets cached for good', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${server.baseUrl}/favicon.svg`)).status).toBe(200);
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    expect((await fetch(`${server.baseUrl}/assets/gone-9999.js`)).status).toBe(404);
  });

  it('keeps /api and /webhook for the server', async () => {
    const api = await fetch(`${server.baseUrl}/api/unknown`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${server.baseUrl}/webhook/unknown`)).status).toBe(404);
  });

  it('keeps them however the path is spelled: encoded letters and doubled slashes', async () => {
    for (const spelled of ['/%61pi/unknown', '//api/unknown', '/%77ebhook/unknown']) {
      const response = await fetch(`${server.baseUrl}${spelled}`);
      expect(response.status, spelled).toBe(404);
      expect(response.headers.get('content-type'), spelled).toMatch(/json/);
    }
  });
});
