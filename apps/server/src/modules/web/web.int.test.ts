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
