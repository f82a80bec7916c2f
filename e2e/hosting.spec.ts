import { expect, test } from './support/test';

test('/terms redirects permanently to the terms page', async ({ request }) => {
  const response = await request.get('/terms', { maxRedirects: 0 });

  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toMatch(/^https?:\/\//);
});

test('an unknown page of the app is served the app shell, an unknown API path is a 404', async ({
  request,
}) => {
  const page = await request.get('/app/some/deep/link');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');

  const api = await request.get('/api/no-such-route');
  expect(api.status()).toBe(404);
});
