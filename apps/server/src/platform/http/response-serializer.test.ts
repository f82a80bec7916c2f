import { describe, expect, it, vi } from 'vitest';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import {
  compileResponseSchema,
  CompiledSerializerMismatchError,
  responseSerializerCompiler,
} from './response-serializer';

/** What the server wrote before decision 0058: zod's encode, then JSON.stringify. */
function zodAnswer(schema: z.ZodType, data: unknown): unknown {
  const encoded = safeEncode(schema, data);
  if (!encoded.success) throw encoded.error;
  return JSON.parse(JSON.stringify(encoded.data));
}

const Listing = z
  .object({
    status: z.enum(['listed', 'not_listed']).default('not_listed'),
    listedID: z.string().nullable().default(null),
  })
  .catchall(z.unknown());

const Answer = z.object({
  id: z.string(),
  count: z.number().int(),
  price: z.number().nullable().default(null),
  condition: z.enum(['good', 'fair']).nullable().default(null),
  dimensions: z.object({ length: z.number(), width: z.number() }).nullable().default(null),
  version: z.union([z.literal(2), z.literal(3)]).default(3),
  sold: z.literal(true).nullable(),
  note: z.string().optional(),
  at: z.date(),
  extra: z.unknown(),
  pair: z.tuple([z.string(), z.number()]),
  listings: z.record(z.string(), Listing),
});

const answer = {
  id: 'item1',
  count: 2,
  price: null,
  condition: 'good',
  dimensions: { length: 1, width: 2 },
  version: 2,
  sold: null,
  at: new Date(Date.UTC(2026, 0, 2)),
  extra: { any: ['thing', 1, null] },
  pair: ['a', 1],
  listings: {
    ebay: { status: 'listed', listedID: 'E1', shipping: { paidBy: 'buyer' } },
    poshmark: { status: 'not_listed', listedID: null },
  },
};

describe('compiled response serialisers', () => {
  it('write what zod’s encode writes, nullable and literal unions without a validator', () => {
    const compiled = compileResponseSchema(Answer);
    expect(compiled.fallback).toBeNull();
    expect(compiled.usesValidator).toBe(false);
    expect(JSON.parse(compiled.serialize(answer))).toEqual(zodAnswer(Answer, answer));
    const other = { ...answer, condition: null, dimensions: null, sold: true, note: 'n' };
    expect(JSON.parse(compiled.serialize(other))).toEqual(zodAnswer(Answer, other));
  });

  it('drop the properties a schema does not name, in a union’s branch too, as zod strips them', () => {
    const Notice = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('sale'), itemId: z.string() }),
      z.object({ kind: z.literal('bulk'), total: z.number() }),
    ]);
    const Page = z.object({ notices: z.array(Notice) });
    const page = {
      notices: [
        { kind: 'sale', itemId: 'i1', secret: 'hash' },
        { kind: 'bulk', total: 3, itemId: 'not this one' },
      ],
      internal: true,
    };
    const compiled = compileResponseSchema(Page);
    expect(compiled.usesValidator).toBe(true);
    expect(JSON.parse(compiled.serialize(page))).toEqual(zodAnswer(Page, page));
    expect(compiled.serialize(page)).not.toContain('hash');
  });

  it('write no default for a missing value: zod’s encode refuses it, and so do they', () => {
    const compiled = compileResponseSchema(Answer);
    const { price: _price, ...withoutPrice } = answer;
    expect(safeEncode(Answer, withoutPrice as never).success).toBe(false);
    expect(() => compiled.serialize(withoutPrice)).toThrow(/price/);
  });

  it('fall back to JSON.stringify for what JSON Schema cannot say, and say why', () => {
    const Codec = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    expect(compileResponseSchema(Codec).fallback).toBe('a codec');
    expect(compileResponseSchema(z.object({ n: z.bigint() })).fallback).toBe('a bigint');
    expect(compileResponseSchema(z.object({ ok: z.boolean() })).fallback).toBeNull();
  });

  it('compile a schema once, however many routes answer with it', () => {
    expect(compileResponseSchema(Answer)).toBe(compileResponseSchema(Answer));
  });
});

describe('the response serialiser compiler', () => {
  const route = { method: 'GET', url: '/api/thing', httpStatus: '200' };

  it('compiles a route’s schema on its first answer, not when the route is added', () => {
    const onCompiled = vi.fn();
    const serialize = responseSerializerCompiler(
      'compiled',
      onCompiled,
    )({
      ...route,
      schema: z.object({ name: z.string() }),
    });
    expect(onCompiled).not.toHaveBeenCalled();
    serialize({ name: 'a' });
    serialize({ name: 'b' });
    expect(onCompiled).toHaveBeenCalledOnce();
    expect(onCompiled).toHaveBeenCalledWith(
      'GET /api/thing (200)',
      expect.objectContaining({ fallback: null }),
    );
  });

  it('writes unvalidated answers outside the tests', () => {
    const serialize = responseSerializerCompiler('compiled')({
      ...route,
      schema: z.object({ name: z.string() }),
    });
    expect(serialize({ name: 5, other: 1 })).toBe('{"name":"5"}');
  });

  it('in the tests, validates with zod and answers the compiled serialiser’s text', () => {
    const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
    const serialize = responseSerializerCompiler('checked')({ ...route, schema });
    expect(JSON.parse(serialize({ name: 'a', tags: ['x'], other: 1 }))).toEqual({
      name: 'a',
      tags: ['x'],
    });
    expect(() => serialize({ name: 5, tags: [] })).toThrow(ResponseSerializationError);
  });

  it('in the tests, fails loudly where the compiled serialiser writes something else', () => {
    // zod's encode trims a trimmed string; JSON Schema cannot, so stored text must be trimmed.
    const schema = z.object({ title: z.string().trim() });
    const serialize = responseSerializerCompiler('checked')({ ...route, schema });
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => serialize({ title: ' Jacket ' })).toThrow(CompiledSerializerMismatchError);
    expect(stderr).toHaveBeenCalledWith(
      expect.stringContaining(
        'GET /api/thing (200) does not write what the zod schema does: title',
      ),
    );
    expect(serialize({ title: 'Jacket' })).toBe('{"title":"Jacket"}');
  });
});
