import crypto from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { signWebhook } from '@listloop/emulators';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { signDepopWebhook } from '../../connectors/depop/webhook';
import { WEBHOOK_BODY_LIMITS } from './webhook.routes';

const SHOPIFY_SECRET = 'shpss_intake-test-app-secret';
const DEPOP_SECRET = 'whsec_intake-test-depop-secret';
const MB = 1024 * 1024;

/** The flood: a deeply nested array, the costliest shape for a JSON parser. */
function nestedArrays(bytes: number): Buffer {
  const half = Math.floor(bytes / 2);
  return Buffer.concat([Buffer.alloc(half, '['), Buffer.alloc(half, ']')]);
}

function shopifyHeaders(body: string | Buffer, signature = signWebhook(SHOPIFY_SECRET, body)) {
  return {
    'content-type': 'application/json',
    'x-shopify-topic': 'orders/create',
    'x-shopify-hmac-sha256': signature,
    'x-shopify-shop-domain': 'intake-shop.myshopify.com',
    'x-shopify-api-version': '2025-07',
    'x-shopify-webhook-id': crypto.randomUUID(),
  };
}

function depopHeaders(body: string | Buffer, secret = DEPOP_SECRET) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    'content-type': 'application/json',
    'x-depop-timestamp': timestamp,
    'x-depop-signature': signDepopWebhook(secret, timestamp, body),
  };
}

function depopBody(): string {
  return JSON.stringify({
    id: `wh-${crypto.randomUUID()}`,
    event_type: 'v1:product.like',
    created_at: new Date().toISOString(),
    data: { seller_id: 424242, product_id: 7 },
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { code?: string; message?: string } | null;
}

function collect(response: http.IncomingMessage, resolve: (answer: Answer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Answer['body'] = null;
    try {
      body = text ? (JSON.parse(text) as Answer['body']) : null;
    } catch {
      body = null;
    }
    resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
  });
}

/**
 * Posts a body with its Content-Length. The server may answer (413) and close before the body
 * is through; the answer is what counts, and the broken pipe after it is expected.
 */
function post(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string,
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(bytes.length) },
      },
      (response) =>
        collect(response, (answer) => {
          answered = true;
          resolve(answer);
        }),
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(bytes);
  });
}

async function health(baseUrl: string): Promise<{ status: number }> {
  const response = await fetch(`${baseUrl}/api/health`);
  await response.arrayBuffer();
  return { status: response.status };
}

describe('webhook intake: small bodies, verified before parsed', () => {
  let server: TestServer;
  const parse = vi.spyOn(JSON, 'parse');
  /** Whether the server ever handed a body starting with this text to JSON.parse. */
  const parsedBodyStarting = (prefix: string) =>
    parse.mock.calls.some(([text]) => typeof text === 'string' && text.startsWith(prefix));

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        SHOPIFY_CLIENT_ID: 'intake-test-app',
        SHOPIFY_CLIENT_SECRET: SHOPIFY_SECRET,
        DEPOP_WEBHOOK_SECRET: DEPOP_SECRET,
        // This suite refuses on purpose; the refusal limit has its own suite below.
        WEBHOOK_REFUSALS_PER_IP: '1000',
      },
    });
  });
  afterEach(() => parse.mockClear());
  afterAll(async () => {
    parse.mockRestore();
    await server.close();
  });

  it('refuses a flood of 4.9 MB anonymous bodies with 413 before reading them; health keeps answering', async () => {
    const flood = nestedArrays(4.9 * MB);
    const deliveries = ['/webhook/shopify', '/webhook/depop'].flatMap((path) =>
      Array.from({ length: 20 }, () =>
        post(server.baseUrl, path, { 'content-type': 'application/json' }, flood),
      ),
    );
    // Health, asked one after another while the flood is in flight.
    const during: { status: number }[] = [];
    let flooding = true;
    const probe = (async () => {
      while (flooding || during.length < 3) during.push(await health(server.baseUrl));
    })();
    const answers = await Promise.all(deliveries);
    flooding = false;
    await probe;

    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body?.code).toBe('request/invalid');
      expect(answer.body?.message).toMatch(/too large.*at most (1 MiB|256 KiB)/);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(answers.map((a) => a.body?.message)).toContain(
      'The request body is too large: this address takes at most 1 MiB.',
    );
    expect(parsedBodyStarting('[[[[')).toBe(false);
    // The health check kept answering throughout. How quickly is a figure of the bench
    // (`BENCH_PARTS=webhook-flood`), where the flood and the server are separate processes;
    // here they share one event loop and a busy machine, so time is not asserted.
    expect(during.length).toBeGreaterThanOrEqual(3);
    expect(during.every((h) => h.status === 200)).toBe(true);
  });

  it('cuts off a body with no Content-Length at the cap, without waiting for its end', async () => {
    const answer = await new Promise<{ status: number; written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const request = http.request(new URL('/webhook/depop', server.baseUrl), {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        answered = true;
        resolve({ status: response.statusCode ?? 0, written });
        response.resume();
        request.destroy();
      });
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(64 * 1024, '[');
      // The request is never ended: only a server that stops reading at the cap can answer.
      const pump = () => {
        while (!answered && written < 64 * MB) {
          written += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        if (!answered) reject(new Error(`no answer after ${written} bytes`));
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(answer.written).toBeGreaterThan(WEBHOOK_BODY_LIMITS.depop);
  });

  it('checks the signature before parsing: an unsigned or forged body is 401 whatever it holds', async () => {
    const nested = nestedArrays(100 * 1024);
    for (const body of [nested, Buffer.from('not json at all')]) {
      const { 'x-shopify-hmac-sha256': _none, ...unsigned } = shopifyHeaders(body);
      const shopify = await post(server.baseUrl, '/webhook/shopify', unsigned, body);
      expect(shopify.status).toBe(401);
      expect(shopify.body?.message).toMatch(/not a genuine Shopify webhook/);

      const forged = await post(
        server.baseUrl,
        '/webhook/shopify',
        shopifyHeaders(body, signWebhook('another-app-secret', body)),
        body,
      );
      expect(forged.status).toBe(401);
      expect(forged.body?.message).toMatch(/signature \(X-Shopify-Hmac-Sha256\) does not match/);

      const depop = await post(
        server.baseUrl,
        '/webhook/depop',
        depopHeaders(body, 'whsec_not-the-secret'),
        body,
      );
      expect(depop.status).toBe(401);
      expect(depop.body?.message).toMatch(/signature \(X-Depop-Signature\) does not match/);
    }
    expect(parsedBodyStarting('[[[[')).toBe(false);
    expect(parsedBodyStarting('not json')).toBe(false);
  });

  it('parses a verified body, and refuses one that is not a JSON object with 400', async () => {
    for (const body of ['[1, 2, 3]', 'not json']) {
      const shopify = await post(server.baseUrl, '/webhook/shopify', shopifyHeaders(body), body);
      expect(shopify.status).toBe(400);
      expect(shopify.body?.message).toMatch(
        /Shopify webhook (carries a JSON object|body is not JSON)/,
      );
      const depop = await post(server.baseUrl, '/webhook/depop', depopHeaders(body), body);
      expect(depop.status).toBe(400);
      expect(depop.body?.message).toMatch(/Depop webhook (carries a JSON object|body is not JSON)/);
    }
  });

  it('takes a genuine webhook as large as the cap, and answers 413 one byte over it', async () => {
    const padded = (bytes: number) => {
      const base = { id: 1, line_items: [], note: '' };
      const empty = JSON.stringify(base).length;
      return JSON.stringify({ ...base, note: 'x'.repeat(bytes - empty) });
    };
    const atCap = padded(WEBHOOK_BODY_LIMITS.shopify);
    expect(Buffer.byteLength(atCap)).toBe(WEBHOOK_BODY_LIMITS.shopify);
    const headers = shopifyHeaders(atCap);
    const taken = await post(server.baseUrl, '/webhook/shopify', headers, atCap);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const rows = await queryRows<{ delivery_id: string }>(
      server,
      sql`SELECT delivery_id FROM webhook_deliveries WHERE delivery_id = ${headers['x-shopify-webhook-id']}`,
    );
    expect(rows).toHaveLength(1);

    const over = padded(WEBHOOK_BODY_LIMITS.shopify + 1);
    const refused = await post(server.baseUrl, '/webhook/shopify', shopifyHeaders(over), over);
    expect(refused.status).toBe(413);

    const depopOver = `${depopBody().slice(0, -1)}, "pad": "${'x'.repeat(WEBHOOK_BODY_LIMITS.depop)}"}`;
    const depopRefused = await post(
      server.baseUrl,
      '/webhook/depop',
      depopHeaders(depopOver),
      depopOver,
    );
    expect(depopRefused.status).toBe(413);
    expect(depopRefused.body?.message).toBe(
      'The request body is too large: this address takes at most 256 KiB.',
    );
  });
});

describe('limits on routes anyone can call', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        DEPOP_WEBHOOK_SECRET: DEPOP_SECRET,
        WEBHOOK_REFUSALS_PER_IP: '3',
        PUBLIC_MAX_PER_IP: '5',
      },
    });
  });
  afterAll(() => server.close());

  it('a server without Shopify keys answers 404 without reading the body as JSON', async () => {
    const answer = await post(server.baseUrl, '/webhook/shopify', {}, 'not json');
    expect(answer.status).toBe(404);
    expect(answer.body?.message).toMatch(/no Shopify app keys/);
  });

  it('counts refused webhook deliveries per address, never verified ones', async () => {
    // The 404 above was the first refusal. Verified deliveries, however many, do not count.
    for (let i = 0; i < 8; i += 1) {
      const body = depopBody();
      const taken = await post(server.baseUrl, '/webhook/depop', depopHeaders(body), body);
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    }
    for (let i = 0; i < 2; i += 1) {
      const body = depopBody();
      const forged = await post(
        server.baseUrl,
        '/webhook/depop',
        depopHeaders(body, 'whsec_forger'),
        body,
      );
      expect(forged.status).toBe(401);
    }
    // Three refusals: the address is now answered 429 before its body is read, even when the
    // body is genuine, until the window passes.
    const body = depopBody();
    const held = await post(server.baseUrl, '/webhook/depop', depopHeaders(body), body);
    expect(held.status).toBe(429);
    expect(held.body?.code).toBe('request/too-many');
    expect(held.body?.message).toMatch(
      /^Too many requests from your address\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.headers['cache-control']).toBe('no-store');
    const flood = await post(
      server.baseUrl,
      '/webhook/shopify',
      { 'content-type': 'application/json' },
      nestedArrays(4.9 * MB),
    );
    expect(flood.status).toBe(429);
  });

  it('limits each public API route per address, with Retry-After and a message', async () => {
    for (let i = 0; i < 5; i += 1) expect((await health(server.baseUrl)).status).toBe(200);
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('request/too-many');
    expect(body.message).toMatch(
      /^Too many requests from your address\. Try again in \d+ seconds?\.$/,
    );
    // Counted per route: signing out is still open to this address.
    const signOut = await fetch(`${server.baseUrl}/api/rest/v1/auth/logout`, { method: 'POST' });
    expect(signOut.status).toBe(204);
  });
});
