import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { parse as parseYaml } from 'yaml';

/**
 * OpenAPI 3.0 says the siblings of a `$ref` are ignored; eBay's descriptions put a
 * `description` beside nearly every `$ref`, which the validator's dereferencing mistakes for
 * schema. Dropping them is exactly the specification's reading, and leaves the files as
 * published.
 */
function withoutRefSiblings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRefSiblings);
  if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string') return { $ref: record.$ref };
    return Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, withoutRefSiblings(value)]),
    );
  }
  return node;
}

/**
 * A known difference of the live API from its published description: the schema at `pointer`
 * (a JSON pointer into the description) is replaced by the one the live API really takes. Each
 * says why, beside the emulator that uses it; the file itself stays as published.
 */
export interface ApiCorrection {
  pointer: string;
  schema: unknown;
  reason: string;
}

function applyCorrection(document: unknown, correction: ApiCorrection): void {
  const parts = correction.pointer
    .replace(/^#?\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = parts.pop();
  let node = document as Record<string, unknown> | undefined;
  for (const part of parts) node = node?.[part] as Record<string, unknown> | undefined;
  if (!node || last === undefined || !(last in node)) {
    throw new Error(`API correction: nothing at ${correction.pointer}`);
  }
  node[last] = correction.schema;
}

const loaded = new Map<string, Promise<OpenAPIBackend>>();

/**
 * A published API description ready to route and validate, loaded once per process: the
 * validators hold no per-emulator state, so every emulator instance shares them. Validators
 * are compiled on first use of each operation (a full compile of eBay's Inventory description
 * takes seconds; one operation takes milliseconds).
 */
export function loadApiDescription(
  file: string,
  corrections: readonly ApiCorrection[] = [],
): Promise<OpenAPIBackend> {
  const path = resolve(file);
  const key = [path, ...corrections.map((c) => c.pointer)].join('#');
  let backend = loaded.get(key);
  if (!backend) {
    backend = (async () => {
      const source = readFileSync(path, 'utf8');
      const document = withoutRefSiblings(
        path.endsWith('.json') ? JSON.parse(source) : parseYaml(source),
      ) as Document;
      for (const correction of corrections) applyCorrection(document, correction);
      const api = new OpenAPIBackend({
        definition: document,
        // Routing is done below the mount's base path, which the emulator strips itself.
        apiRoot: '/',
        quick: true,
        validate: true,
        coerceTypes: false,
        // Every problem of a request at once, as a marketplace lists them.
        ajvOpts: { allErrors: true },
      });
      await api.init();
      return api;
    })();
    loaded.set(key, backend);
    backend.catch(() => loaded.delete(key));
  }
  return backend;
}

/** The JSON path of an Ajv error in words: `requestBody.product.title must be string`. */
/** The parts of an Ajv error this reads (Ajv 8's shape, as openapi-backend reports it). */
interface SchemaError {
  instancePath: string;
  message?: string;
  params: object;
}

export function describeAjvErrors(errors: readonly SchemaError[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath
      .split('/')
      .filter(Boolean)
      .map((part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .join('.');
    const params = error.params as Record<string, unknown>;
    const detail =
      typeof params.missingProperty === 'string'
        ? ` '${params.missingProperty}'`
        : Array.isArray(params.allowedValues)
          ? ` (${params.allowedValues.join(', ')})`
          : '';
    return `${where || '(root)'} ${error.message ?? 'is invalid'}${detail}`;
  });
}
