import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ValidationContext, type OpenAPIBackend } from 'openapi-backend';
import { parse as parseYaml } from 'yaml';
import { describeAjvErrors, loadApiDescription, type ApiCorrection } from '../core/openapi';

/** ✅ Depop's published Seller API description (OpenAPI 3.1), as published. */
export const DEPOP_DESCRIPTION_FILE = fileURLToPath(
  new URL('../../api-descriptions/depop/depop_seller_api_openapi.yml', import.meta.url),
);

/** ✅ Every product, order and shop path of the description starts here. */
export const DEPOP_API_BASE_PATH = '/api/v1';

/**
 * An RFC 3339 date-time (the description's `format: date-time`), as a pattern: the validator
 * knows no date-time format and would ignore it, with a warning on every compile.
 */
const DATE_TIME_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})$';
const UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const URI_PATTERN = '^[A-Za-z][A-Za-z0-9+.-]*:\\S*$';

const FORMAT_PATTERNS: Record<string, string> = {
  'date-time': DATE_TIME_PATTERN,
  uuid: UUID_PATTERN,
  uri: URI_PATTERN,
};

/** The same schemas, with the formats the validator lacks turned into the patterns they mean. */
function withFormatPatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withFormatPatterns);
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  // A $ref's siblings are dropped, as the core loader does for every description.
  if (typeof record.$ref === 'string') return { $ref: record.$ref };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] = withFormatPatterns(value);
  }
  const format = out.format;
  if (typeof format === 'string' && FORMAT_PATTERNS[format] && out.pattern === undefined) {
    delete out.format;
    out.pattern = FORMAT_PATTERNS[format];
  }
  return out;
}

let corrections: ApiCorrection[] | null = null;

/**
 * How the emulator reads Depop's description, with the file left as published:
 *
 * - Depop's paths end in '/' (`/api/v1/products/by-sku/{sku}/`), which the live API requires.
 *   openapi-backend strips the trailing slash of a request before matching but not of the
 *   description's paths, so no request would ever match. The paths are given without it, and
 *   below the API's base path so the emulator's own pages stay outside the API; the emulator
 *   checks the trailing slash itself (`requireTrailingSlash`).
 * - `format: date-time`, `uuid` and `uri` become the patterns they stand for.
 */
export function depopCorrections(): ApiCorrection[] {
  if (corrections) return corrections;
  const document = parseYaml(readFileSync(DEPOP_DESCRIPTION_FILE, 'utf8')) as {
    paths: Record<string, unknown>;
    components: Record<string, unknown>;
  };
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith(`${DEPOP_API_BASE_PATH}/`)) continue;
    const relative = path.slice(DEPOP_API_BASE_PATH.length).replace(/\/+$/, '') || '/';
    paths[relative] = withFormatPatterns(item);
  }
  corrections = [
    {
      pointer: '/paths',
      schema: paths,
      reason:
        "the description's paths end in '/', which openapi-backend's router never matches; they are given relative to /api/v1 and without it",
    },
    {
      pointer: '/components',
      schema: withFormatPatterns(document.components),
      reason: 'the validator has no date-time, uuid or uri format; the same rules as patterns',
    },
  ];
  return corrections;
}

export function loadDepopDescription(): Promise<OpenAPIBackend> {
  return loadApiDescription(DEPOP_DESCRIPTION_FILE, depopCorrections());
}

type SchemaCheck = (value: unknown) => string[];

const schemaChecks = new Map<string, Promise<SchemaCheck>>();

/**
 * A check of a value against one of the description's component schemas (`Webhook`): what the
 * emulator sends that no operation answers, its webhooks, is validated with it.
 */
export function depopSchemaCheck(name: string): Promise<SchemaCheck> {
  let check = schemaChecks.get(name);
  if (!check) {
    check = (async () => {
      const api = await loadDepopDescription();
      const schemas = (api.definition.components?.schemas ?? {}) as Record<string, object>;
      const schema = schemas[name];
      if (!schema) throw new Error(`The Depop description has no schema ${name}`);
      const validate = api.validator.getAjv(ValidationContext.RequestBody).compile(schema);
      return (value: unknown) => (validate(value) ? [] : describeAjvErrors(validate.errors));
    })();
    schemaChecks.set(name, check);
  }
  return check;
}
