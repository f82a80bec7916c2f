import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { z } from 'zod';
import type { RouteInfo } from '../src/platform/http/app';
import type { TestClient } from './client';
import { createAccount, signIn } from './fixtures';
import { startTestServer, type TestServer } from './server';

/** A value of the wrong type for a zod schema: what a careless or hostile client sends. */
export function wrongValueFor(schema: z.ZodType): unknown {
  const type = schema.def.type;
  switch (type) {
    case 'string':
    case 'enum':
    case 'literal':
      return 12345;
    case 'number':
    case 'int':
    case 'bigint':
      return 'not a number';
    case 'boolean':
      return 'not a boolean';
    case 'array':
      return 'not a list';
    case 'object':
    case 'record':
      return ['not', 'an', 'object'];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'pipe':
    case 'transform':
      return wrongValueFor(innerOf(schema));
    default:
      return { unexpected: [1, { deeper: true }] };
  }
}

function innerOf(schema: z.ZodType): z.ZodType {
  const def = schema.def as unknown as { innerType?: z.ZodType; in?: z.ZodType };
  return (def.innerType ?? def.in ?? z.never()) as z.ZodType;
}

function shapeOf(schema: unknown): Record<string, z.ZodType> | null {
  let current = schema as z.ZodType | undefined;
  while (current && current.def && current.def.type !== 'object') {
    const inner = innerOf(current);
    if (inner === current || inner.def.type === 'never') return null;
    current = inner;
  }
  return current && current.def?.type === 'object'
    ? ((current as z.ZodObject).shape as Record<string, z.ZodType>)
    : null;
}

function hasRequiredKeys(schema: unknown): boolean {
  const shape = shapeOf(schema);
  if (!shape) return false;
  return Object.values(shape).some((field) => !field.safeParse(undefined).success);
}

function fill(url: string, value: string): string {
  return url.replace(/:(\w+)/g, () => encodeURIComponent(value));
}

type Probe = {
  title: string;
  path: string;
  rawBody?: string;
  body?: unknown;
  headers?: Record<string, string>;
  expectStatus?: number;
};

function probesFor(route: RouteInfo): Probe[] {
  const path = fill(route.url, 'x'.repeat(24));
  const probes: Probe[] = [];
  // The webhooks check the signature before they read the body: an unsigned body is refused
  // (401, or 404 where the marketplace is not set up) whatever it holds.
  const signed = route.url.startsWith('/webhook/');
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    probes.push({
      title: 'malformed JSON',
      path,
      rawBody: '{"oops": ',
      ...(signed ? {} : { expectStatus: 400 }),
    });
    probes.push({
      title: 'a text body',
      path,
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    if (route.body) {
      probes.push({
        title: 'a JSON array instead of an object',
        path,
        body: [1, 2, 3],
        expectStatus: 400,
      });
      probes.push({
        title: 'a JSON string instead of an object',
        path,
        rawBody: '"just a string"',
        expectStatus: 400,
      });
      if (hasRequiredKeys(route.body))
        probes.push({ title: 'missing fields', path, body: {}, expectStatus: 400 });
      const shape = shapeOf(route.body);
      if (shape && Object.keys(shape).length > 0) {
        const wrong = Object.fromEntries(
          Object.entries(shape).map(([key, field]) => [key, wrongValueFor(field)]),
        );
        probes.push({
          title: 'every field of the wrong type',
          path,
          body: wrong,
          expectStatus: 400,
        });
        // Postgres stores no NUL character: text holding one must be refused, not crash.
        probes.push({
          title: 'a NUL character in every field',
          path,
          body: Object.fromEntries(Object.keys(shape).map((key) => [key, 'nul\u0000byte'])),
        });
      }
    }
  }
  if (route.url.includes(':')) {
    probes.push({ title: 'an overlong path parameter', path: fill(route.url, 'z'.repeat(600)) });
    probes.push({
      title: 'a path parameter with odd bytes',
      path: route.url.replace(/:(\w+)/g, '%00%FF..%2F'),
    });
    probes.push({ title: 'a path parameter with a NUL byte', path: fill(route.url, 'ab\u0000cd') });
  }
  if (route.querystring || route.method === 'GET') {
    probes.push({
      title: 'repeated and nested query parameters',
      path: `${path}?id[]=a&id[]=b&query[x]=1&status=%FF&id=&id=`,
    });
    probes.push({
      title: 'NUL bytes in the query parameters',
      path: `${path}?q=a%00b&search=a%00b&cursor=a%00b&marketplace=a%00b&status=a%00b`,
    });
  }
  return probes;
}

/**
 * Every route of the table, fed malformed JSON, wrong types, missing fields and odd
 * parameters by a signed-in account owner: each answer is a 4xx (or a success where the input
 * happens to be acceptable) with a message a person can read, and never a 5xx.
 */
export function describeBadInput() {
  describe('bad input: every route answers with a clear 4xx, never a 5xx', () => {
    let server: TestServer;
    let client: TestClient;
    /** Provider staff, for the staff routes (anyone else is told they do not exist). */
    let staff: TestClient;

    beforeAll(async () => {
      server = await startTestServer({
        env: { LOGIN_MAX_PER_IP: '10000', LOGIN_MAX_PER_EMAIL: '10000' },
      });
      const account = await createAccount(server);
      client = await signIn(server, account);
      staff = await signIn(server, await createAccount(server, { accessLevel: 'staff' }));
    });
    afterAll(() => server.close());

    it('probes every route', async () => {
      // Signing out last, so every other route is probed with a live session.
      const routes = [...server.routes].sort(
        (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
      );
      expect(routes.length).toBeGreaterThan(10);
      const failures: string[] = [];
      for (const route of routes) {
        for (const probe of probesFor(route)) {
          const asker = route.access === 'staff' ? staff : client;
          const response = await asker.request(route.method, probe.path, {
            ...(probe.rawBody !== undefined ? { rawBody: probe.rawBody } : {}),
            ...(probe.body !== undefined ? { body: probe.body } : {}),
            ...(probe.headers ? { headers: probe.headers } : {}),
          });
          const label = `${route.method} ${route.url} with ${probe.title}: ${response.status} ${response.text.slice(0, 200)}`;
          if (response.status >= 500) failures.push(label);
          else if (probe.expectStatus && response.status !== probe.expectStatus)
            failures.push(`expected ${probe.expectStatus}; ${label}`);
          else if (
            response.status >= 400 &&
            !(typeof response.body?.message === 'string' && response.body.message.length > 0)
          ) {
            failures.push(`no readable message; ${label}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });
}
