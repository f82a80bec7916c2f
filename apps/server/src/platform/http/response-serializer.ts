import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * How answers are written (decision 0058). `compiled`: each route's zod response schema is
 * turned once into JSON Schema and a fast-json-stringify serialiser, which writes the answer
 * without validating it (properties the schema does not name are dropped, as zod's strip does).
 * `checked`, the tests': zod encodes the answer as before (a wrong answer is still a 500) and the
 * compiled serialiser writes the same value; the two must parse to the same JSON, or the request
 * fails with a 500 and a line on stderr naming the route and the first place they differ. The
 * answer sent is the compiled serialiser's, so the tests read what production writes.
 */
export type ResponseSerializerMode = 'compiled' | 'checked';

/** A response schema's serialiser, and why it is plain JSON.stringify when it is. */
export interface CompiledResponseSchema {
  serialize(data: unknown): string;
  /** Null when fast-json-stringify writes it; else what kept it from being compiled. */
  fallback: string | null;
  /** A union fast-json-stringify writes after validating the value against each branch. */
  usesValidator: boolean;
}

/** What a fast-json-stringify serialiser cannot write as zod's encode would. */
const UNFAITHFUL_TYPES: Record<string, string> = {
  transform: 'a transform',
  custom: 'a custom schema',
  bigint: 'a bigint',
  map: 'a Map',
  set: 'a Set',
  symbol: 'a symbol',
  function: 'a function',
  promise: 'a promise',
  nan: 'NaN',
  undefined: 'undefined',
  void: 'void',
  catch: 'a catch',
  success: 'a success',
  file: 'a file',
};

type JsonSchema = { [keyword: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is one subschema, a list of them, or a map of name → subschema. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'additionalItems', 'not', 'propertyNames'];
const SCHEMA_LIST = ['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', 'definitions', '$defs'];

/**
 * zod's JSON Schema made to mean, for fast-json-stringify, what zod's encode does:
 * - `default` goes: encode applies no default (a missing value is an error), while
 *   fast-json-stringify would write the default for it;
 * - `additionalProperties: false` goes: fast-json-stringify drops undeclared properties without
 *   it, and with it the validator that picks a union's branch would refuse an object with one
 *   more property than the branch, where zod strips it;
 * - `anyOf: [X, {type: 'null'}]` (a nullable object, enum or literal) becomes X with
 *   `nullable: true`, which fast-json-stringify writes without validating at run time.
 */
function forSerialisation(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'default' || keyword === '$schema') continue;
    if (keyword === 'additionalProperties' && value === false) continue;
    if (SCHEMA_MAP.includes(keyword) && isObject(value)) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, forSerialisation(sub)]),
      );
    } else if (SCHEMA_LIST.includes(keyword) && Array.isArray(value)) {
      out[keyword] = value.map(forSerialisation);
    } else if (ONE_SCHEMA.includes(keyword) && isObject(value)) {
      out[keyword] = forSerialisation(value);
    } else {
      out[keyword] = value;
    }
  }
  const literals = Array.isArray(out.anyOf) ? literalUnion(out.anyOf) : null;
  if (literals) {
    const { anyOf: _anyOf, ...rest } = out;
    return { ...rest, ...literals };
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((branch) => isObject(branch) && branch.type === 'null');
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (
      nullAt >= 0 &&
      Object.keys(anyOf[nullAt] as JsonSchema).length === 1 &&
      isObject(other) &&
      !('anyOf' in other || 'oneOf' in other || 'allOf' in other || '$ref' in other)
    ) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * A union of literals and enums (`z.union([z.literal(2), z.literal(3)])`, a nullable enum) as
 * one `{type, enum}`: fast-json-stringify writes each value by its type, without a validator.
 */
function literalUnion(branches: unknown[]): JsonSchema | null {
  const types = new Set<string>();
  const values: unknown[] = [];
  for (const branch of branches) {
    if (!isObject(branch) || typeof branch.type !== 'string' || !PRIMITIVE_TYPES.has(branch.type))
      return null;
    if (Object.keys(branch).some((keyword) => !['type', 'const', 'enum'].includes(keyword)))
      return null;
    types.add(branch.type);
    if (branch.type === 'null') values.push(null);
    else if ('const' in branch) values.push(branch.const);
    else if (Array.isArray(branch.enum)) values.push(...(branch.enum as unknown[]));
    else return null;
  }
  const [only] = types;
  return { type: types.size === 1 ? only : [...types], enum: values };
}

/** Whether a JSON Schema still has a keyword fast-json-stringify decides with a validator. */
function needsValidator(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(needsValidator);
  if (!isObject(schema)) return false;
  if ('anyOf' in schema || 'oneOf' in schema || 'if' in schema) return true;
  return Object.values(schema).some(needsValidator);
}

/** The zod schema of a route's response, as fastify-type-provider-zod reads it. */
export function responseZodSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  if (isObject(maybeSchema) && maybeSchema.properties instanceof $ZodType)
    return maybeSchema.properties;
  throw new InvalidSchemaError(JSON.stringify(maybeSchema));
}

const compiledSchemas = new WeakMap<$ZodType, CompiledResponseSchema>();

/**
 * A zod response schema's serialiser, compiled once per schema (the error answers' schema is
 * shared by every route). Plain JSON.stringify where the JSON Schema could not say what zod does
 * (a transform or codec, a Map…) or fast-json-stringify refused it.
 */
export function compileResponseSchema(schema: $ZodType): CompiledResponseSchema {
  const known = compiledSchemas.get(schema);
  if (known) return known;
  const compiled = compile(schema);
  compiledSchemas.set(schema, compiled);
  return compiled;
}

function compile(schema: $ZodType): CompiledResponseSchema {
  const unfaithful = new Set<string>();
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      // A date, an unknown or an any becomes {}, which fast-json-stringify writes with
      // JSON.stringify, as zod's answer is written; the rest is found by the override.
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
      override: (ctx) => {
        const def = ctx.zodSchema._zod.def as { type: string; reverseTransform?: unknown };
        const why = UNFAITHFUL_TYPES[def.type];
        if (why) unfaithful.add(why);
        if (def.type === 'pipe' && def.reverseTransform) unfaithful.add('a codec');
      },
    });
  } catch (error) {
    return jsonStringify(`its JSON Schema failed: ${(error as Error).message}`);
  }
  if (unfaithful.size > 0) return jsonStringify([...unfaithful].join(', '));
  const prepared = forSerialisation(jsonSchema);
  try {
    const serialize = fastJson(prepared as Parameters<typeof fastJson>[0]) as (
      data: unknown,
    ) => string;
    return { serialize, fallback: null, usesValidator: needsValidator(prepared) };
  } catch (error) {
    return jsonStringify(`fast-json-stringify refused it: ${(error as Error).message}`);
  }
}

function jsonStringify(why: string): CompiledResponseSchema {
  return { serialize: (data) => JSON.stringify(data), fallback: why, usesValidator: false };
}

/** The first place two JSON values differ, as a path (`items.3.generalDetails.price`). */
export function firstDifference(a: unknown, b: unknown, path: string[] = []): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  const at = (key: string) => [...path, key];
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], at(key));
      if (found !== null) return found;
    }
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i += 1) {
      const found = firstDifference(a[i], b[i], at(String(i)));
      if (found !== null) return found;
    }
  }
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 200) ?? 'undefined';
  return `${path.join('.') || '(the answer)'}: ${show(a)} where zod gives ${show(b)}`;
}

/** The compiled serialiser wrote something else than zod's answer (the tests only). */
export class CompiledSerializerMismatchError extends Error {
  constructor(route: string, detail: string, options?: { cause?: unknown }) {
    super(
      `The compiled response serialiser of ${route} does not write what the zod schema does: ${detail}`,
      options,
    );
    this.name = 'CompiledSerializerMismatchError';
  }
}

/**
 * Fastify's serializer compiler for the zod response schemas, in the mode given. A schema is
 * compiled on its first answer, not at start: fast-json-stringify takes tens of milliseconds a
 * schema, and most routes' error statuses are never answered by a given process.
 */
export function responseSerializerCompiler(
  mode: ResponseSerializerMode,
  /** Told of each route's serialiser as it is compiled (the app logs the fallbacks). */
  onCompiled?: (route: string, compiled: CompiledResponseSchema) => void,
): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url, httpStatus }) => {
    const schema = responseZodSchema(maybeSchema);
    const route = `${method} ${url} (${httpStatus})`;
    let compiledSchema: CompiledResponseSchema | null = null;
    const compiled = (): CompiledResponseSchema => {
      if (compiledSchema === null) {
        compiledSchema = compileResponseSchema(schema);
        onCompiled?.(route, compiledSchema);
      }
      return compiledSchema;
    };
    if (mode === 'compiled') return (data: unknown) => compiled().serialize(data);
    return (data: unknown) => {
      const encoded = safeEncode(schema, data);
      if (!encoded.success) {
        throw new ResponseSerializationError(method, url, { cause: encoded.error });
      }
      const expected = JSON.stringify(encoded.data);
      let written: string;
      try {
        written = compiled().serialize(data);
      } catch (error) {
        throw mismatch(route, `it threw ${(error as Error).message}`, error);
      }
      const difference = firstDifference(JSON.parse(written), JSON.parse(expected));
      if (difference !== null) throw mismatch(route, difference);
      return written;
    };
  };
}

function mismatch(route: string, detail: string, cause?: unknown) {
  const error = new CompiledSerializerMismatchError(route, detail, { cause });
  // The tests' logger is silent: the failed request's 500 alone would not say why.
  console.error(error.message);
  return error;
}
