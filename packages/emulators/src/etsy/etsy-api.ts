import type { ServerResponse } from 'node:http';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { Clock } from '../core/clock';
import type { EmulatorServer } from '../core/emulator-server';
import type { Fault } from '../core/faults';
import {
  header,
  json,
  queryObject,
  type EmulatorRequest,
  type EmulatorResponse,
} from '../core/http';
import { describeAjvErrors } from '../core/openapi';
import type { EtsyApp, EtsyGrant, EtsyOAuth } from './etsy-oauth';

/** Every call of the Open API v3 application API starts here (the description's paths). */
export const ETSY_API_PREFIX = '/v3/application/';

/** A file of a multipart upload. */
export interface EtsyUpload {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface EtsyCallContext {
  request: EmulatorRequest;
  operationId: string;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The body (JSON, or form and multipart fields read by the description's types). */
  body: Record<string, unknown>;
  files: Record<string, EtsyUpload>;
  app: EtsyApp;
  /** The seller's token, when the call carried a valid one. */
  grant: EtsyGrant | null;
  baseUrl: string;
}

export type EtsyHandler = (ctx: EtsyCallContext) => EmulatorResponse | Promise<EmulatorResponse>;

/** ✅ Etsy's error answers are `{"error": "…"}`. */
export function etsyError(
  status: number,
  message: string,
  headers?: Record<string, string>,
): EmulatorResponse {
  return json(status, { error: message }, headers);
}

export interface EtsyRateLimits {
  /** Queries per second allowed per app; null: no limit. */
  perSecond: number | null;
  /** Queries in any rolling 24 hours per app; null: no limit. */
  perDay: number | null;
}

/**
 * ✅ Etsy limits each app per second and per rolling day, and says where it stands in
 * x-limit-per-second, x-remaining-this-second, x-limit-per-day and x-remaining-today. Off
 * unless asked for (tests and the sandbox switch it on to see the 429s).
 */
export class EtsyRateLimiter {
  limits: EtsyRateLimits = { perSecond: null, perDay: null };
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  set(limits: Partial<EtsyRateLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  clear(): void {
    this.hits.clear();
  }

  /** Counts a call; headers to answer with, or the seconds to wait when over a limit. */
  take(keystring: string): { headers: Record<string, string> } | { retryAfterSeconds: number } {
    const { perSecond, perDay } = this.limits;
    if (perSecond === null && perDay === null) return { headers: {} };
    const now = this.clock.now();
    const day = 86_400_000;
    const recent = (this.hits.get(keystring) ?? []).filter((at) => at > now - day);
    const thisSecond = recent.filter((at) => at > now - 1000);
    if (perSecond !== null && thisSecond.length >= perSecond) {
      const oldest = thisSecond[0] ?? now;
      this.hits.set(keystring, recent);
      return { retryAfterSeconds: Math.max(1, Math.ceil((oldest + 1000 - now) / 1000)) };
    }
    if (perDay !== null && recent.length >= perDay) {
      const oldest = recent[0] ?? now;
      this.hits.set(keystring, recent);
      return { retryAfterSeconds: Math.max(1, Math.ceil((oldest + day - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(keystring, recent);
    const headers: Record<string, string> = {};
    if (perSecond !== null) {
      headers['x-limit-per-second'] = String(perSecond);
      headers['x-remaining-this-second'] = String(perSecond - thisSecond.length - 1);
    }
    if (perDay !== null) {
      headers['x-limit-per-day'] = String(perDay);
      headers['x-remaining-today'] = String(perDay - recent.length);
    }
    return { headers };
  }
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | {
      kind: 'fields';
      mediaType: string;
      fields: Map<string, string[]>;
      files: Map<string, EtsyUpload>;
    }
  | { kind: 'invalid'; mediaType: string; error: string };

function mediaTypeOf(request: EmulatorRequest): string {
  return (header(request.headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function addField(fields: Map<string, string[]>, rawName: string, value: string): void {
  // `tags[]=a&tags[]=b` and `tags=a&tags=b` name the same field.
  const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
  fields.set(name, [...(fields.get(name) ?? []), value]);
}

async function readBody(request: EmulatorRequest): Promise<Body> {
  if (request.rawBody.length === 0) return { kind: 'none' };
  const mediaType = mediaTypeOf(request);
  if (mediaType === 'application/x-www-form-urlencoded') {
    const fields = new Map<string, string[]>();
    for (const [name, value] of new URLSearchParams(request.rawBody.toString('utf8'))) {
      addField(fields, name, value);
    }
    return { kind: 'fields', mediaType, fields, files: new Map() };
  }
  if (mediaType === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(request.rawBody), {
        headers: { 'content-type': header(request.headers, 'content-type') ?? '' },
      }).formData();
    } catch (error) {
      return { kind: 'invalid', mediaType, error: `Malformed multipart body: ${String(error)}` };
    }
    const fields = new Map<string, string[]>();
    const files = new Map<string, EtsyUpload>();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') addField(fields, name, value);
      else {
        files.set(name, {
          filename: value.name,
          contentType: value.type,
          bytes: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { kind: 'fields', mediaType, fields, files };
  }
  if (mediaType.includes('json')) {
    try {
      return { kind: 'json', value: JSON.parse(request.rawBody.toString('utf8')) as unknown };
    } catch (error) {
      return { kind: 'invalid', mediaType, error: `Malformed JSON: ${(error as Error).message}` };
    }
  }
  return { kind: 'invalid', mediaType, error: `content-type ${mediaType || '(none)'} is not read` };
}

type Schema = Record<string, unknown>;

function propertySchema(schema: Schema | undefined, name: string): Schema | undefined {
  const properties = schema?.properties as Record<string, Schema> | undefined;
  return properties?.[name];
}

/** A form value read as the type its schema gives it (forms carry only text). */
function readValue(text: string, schema: Schema | undefined): unknown {
  const type = schema?.type;
  const nullable = schema?.nullable === true;
  if (text === '' && nullable && type !== 'string') return null;
  if (type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : text;
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (type === 'boolean') {
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    return text;
  }
  return text;
}

/**
 * Form and multipart fields as the object the description's schema describes: numbers and
 * booleans from their text, arrays from repeated fields or ✅ a comma-separated value (Etsy's
 * own examples send `image_ids=378848,238298,030076`).
 */
function fieldsAsObject(
  fields: Map<string, string[]>,
  files: Map<string, EtsyUpload>,
  schema: Schema | undefined,
): { value: Record<string, unknown>; problems: string[] } {
  const value: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, texts] of fields) {
    const property = propertySchema(schema, name);
    if (property?.type === 'array') {
      const items = property.items as Schema | undefined;
      value[name] = texts
        .flatMap((text) => text.split(','))
        .map((text) => text.trim())
        .filter((text) => text !== '')
        .map((text) => readValue(text, items));
      continue;
    }
    if (texts.length > 1) problems.push(`${name} was sent ${texts.length} times`);
    value[name] = readValue(texts[texts.length - 1] ?? '', property);
  }
  for (const [name, file] of files) {
    // The validator sees a binary field as a string.
    value[name] = `(${file.bytes.length} bytes of ${file.contentType || 'unknown type'})`;
  }
  return { value, problems };
}

function operationScopes(operation: Operation): { oauth: boolean; scopes: string[] } {
  const security = (operation.security ?? []) as Array<Record<string, string[]>>;
  const oauth = security.some((requirement) => 'oauth2' in requirement);
  return { oauth, scopes: security.flatMap((requirement) => requirement.oauth2 ?? []) };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface EtsyApiOptions {
  server: EmulatorServer;
  oauth: EtsyOAuth;
  api: OpenAPIBackend;
  handlers: Record<string, EtsyHandler>;
  limiter: EtsyRateLimiter;
  /** ◐ Whether x-api-key must be `keystring:shared_secret` (Etsy's rule since 2026-02). */
  requireSharedSecret: boolean;
}

/**
 * The Open API v3 application API as Etsy answers it: the operation found in the description,
 * injected faults, the app's x-api-key, the rate limits, the seller's bearer token and its
 * scopes, the body in the media type the description gives (form, multipart or JSON) checked
 * against its schema, the operation carried out, and the answer checked against the
 * description too. Requests the real API would refuse, and answers the description does not
 * allow, are recorded as violations.
 */
export class EtsyApi {
  constructor(private readonly options: EtsyApiOptions) {
    for (const operationId of Object.keys(options.handlers)) {
      if (!options.api.getOperation(operationId)) {
        throw new Error(`Etsy emulator: no operation ${operationId} in the description`);
      }
    }
  }

  /** The answer to an API call; null when the connection was dropped (a fault). */
  async handle(
    request: EmulatorRequest,
    res: ServerResponse,
    baseUrl: string,
  ): Promise<EmulatorResponse | null> {
    const { api, server, oauth, limiter } = this.options;
    const headers = request.headers as Record<string, string | string[]>;
    const query = queryObject(request.query);
    const operation = api.matchOperation({
      method: request.method,
      path: request.path,
      headers,
      query,
    });
    if (!operation?.operationId) {
      this.violation(request, null, [`${request.method} ${request.path} is not an Etsy operation`]);
      return etsyError(404, `No resource at ${request.method} ${request.path}.`);
    }
    const operationId = operation.operationId;

    const fault = server.faults.take('api', operationId);
    if (fault?.kind === 'disconnect') {
      res.destroy();
      return null;
    }
    if (fault) return faultAnswer(fault);

    const key = this.checkApiKey(request, operationId);
    if ('refused' in key) return key.refused;
    const { app } = key;

    const counted = limiter.take(app.keystring);
    if ('retryAfterSeconds' in counted) {
      // ◐ Etsy's wording; the Retry-After header is what clients act on.
      return etsyError(429, 'You have exceeded your rate limit. Try again later.', {
        'retry-after': String(counted.retryAfterSeconds),
      });
    }

    const { oauth: needsToken, scopes } = operationScopes(operation);
    let grant: EtsyGrant | null = null;
    const outcome = oauth.authenticate(request);
    if (outcome.ok) {
      grant = outcome.grant;
      if (grant.keystring !== app.keystring) {
        return json(401, {
          error: 'invalid_token',
          error_description: 'The access token was issued to another app.',
        });
      }
      if (needsToken && scopes.length > 0 && !scopes.some((s) => grant?.scopes.includes(s))) {
        return etsyError(403, `The access token lacks the ${scopes.join(' or ')} scope.`);
      }
    } else if (needsToken || outcome.reason !== 'missing') {
      if (outcome.reason === 'missing' || outcome.reason === 'malformed') {
        this.violation(request, operationId, ['no bearer token in the Authorization header']);
      }
      // ◐ Etsy's wording of a refused token.
      return json(401, {
        error: 'invalid_token',
        error_description:
          outcome.reason === 'expired' ? 'access token is expired' : 'access token is invalid',
      });
    }

    const parsed = await this.readCallBody(request, operation);
    const validation = api.validateRequest(
      {
        method: request.method,
        path: request.path,
        headers,
        query,
        ...(parsed.body === undefined ? {} : { body: parsed.body }),
      },
      operation,
    );
    const problems = [...parsed.problems];
    if (!validation.valid) problems.push(...describeAjvErrors(validation.errors));
    if (problems.length > 0) {
      this.violation(request, operationId, problems);
      return this.checked(request, operationId, etsyError(400, problems.join('; ')));
    }

    const routed = api.router.parseRequest(
      { method: request.method, path: request.path, headers, query },
      operation,
    );
    const params = Object.fromEntries(
      Object.entries(routed.params as Record<string, string>).map(([k, v]) => [k, safeDecode(v)]),
    );
    const handler = this.options.handlers[operationId];
    if (!handler) {
      server.recordViolation({
        direction: 'response',
        api: 'etsy',
        operationId,
        method: request.method,
        path: request.path,
        status: null,
        messages: [`the Etsy emulator does not carry out ${operationId}`],
      });
      return etsyError(501, `The Etsy emulator does not carry out ${operationId}.`);
    }
    const answer = await handler({
      request,
      operationId,
      params,
      query: request.query,
      body: (parsed.body as Record<string, unknown> | undefined) ?? {},
      files: Object.fromEntries(parsed.files),
      app,
      grant,
      baseUrl,
    });
    const checked = this.checked(request, operationId, answer);
    if (Object.keys(counted.headers).length === 0) return checked;
    return { ...checked, headers: { ...checked.headers, ...counted.headers } };
  }

  /** Records a request the real API would refuse (a connector bug). */
  violation(request: EmulatorRequest, operationId: string | null, messages: string[]): void {
    this.options.server.recordViolation({
      direction: 'request',
      api: 'etsy',
      operationId,
      method: request.method,
      path: request.path,
      status: null,
      messages,
    });
  }

  private checkApiKey(
    request: EmulatorRequest,
    operationId: string,
  ): { app: EtsyApp } | { refused: EmulatorResponse } {
    const value = header(request.headers, 'x-api-key')?.trim() ?? '';
    const refuse = (status: number, message: string) => {
      this.violation(request, operationId, [`x-api-key: ${message}`]);
      return { refused: etsyError(status, message) };
    };
    // ✅ The description answers 401 "Missing or invalid API key."
    if (!value) return refuse(401, 'Missing x-api-key header.');
    const parts = value.split(':');
    if (parts.length > 2 || parts.some((part) => part === '')) {
      // ◐ Etsy's words since it asks for the shared secret.
      return refuse(403, "Invalid API key: should be in the format 'keystring:shared_secret'.");
    }
    const [keystring, secret] = parts;
    const app = this.options.oauth.app(keystring);
    if (!app) return refuse(401, 'Invalid API key.');
    if (secret === undefined) {
      if (this.options.requireSharedSecret) {
        return refuse(403, 'Shared secret is required in x-api-key header.');
      }
      return { app };
    }
    if (secret !== app.sharedSecret) return refuse(401, 'Invalid API key.');
    return { app };
  }

  private async readCallBody(
    request: EmulatorRequest,
    operation: Operation,
  ): Promise<{ body: unknown; files: Map<string, EtsyUpload>; problems: string[] }> {
    const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> })
      ?.content;
    const declared = Object.keys(content ?? {});
    const body = await readBody(request);
    const none = { files: new Map<string, EtsyUpload>() };
    if (declared.length === 0) {
      if (body.kind === 'none') return { ...none, body: undefined, problems: [] };
      return { ...none, body: undefined, problems: ['this operation takes no request body'] };
    }
    if (body.kind === 'none') return { ...none, body: {}, problems: [] };
    if (body.kind === 'invalid') return { ...none, body: {}, problems: [body.error] };
    const mediaType = body.kind === 'json' ? 'application/json' : body.mediaType;
    if (!declared.includes(mediaType)) {
      return {
        ...none,
        body: {},
        problems: [`the body must be ${declared.join(' or ')}, not ${mediaTypeOf(request)}`],
      };
    }
    if (body.kind === 'json') {
      if (!body.value || typeof body.value !== 'object' || Array.isArray(body.value)) {
        return { ...none, body: {}, problems: ['the JSON body must be an object'] };
      }
      return { ...none, body: body.value, problems: [] };
    }
    const read = fieldsAsObject(body.fields, body.files, content?.[mediaType]?.schema);
    return { body: read.value, files: body.files, problems: read.problems };
  }

  /** Validates an answer against the description; a mismatch is an emulator bug, recorded. */
  private checked(
    request: EmulatorRequest,
    operationId: string,
    response: EmulatorResponse,
  ): EmulatorResponse {
    const result = this.options.api.validateResponse(
      response.json ?? null,
      operationId,
      response.status,
    );
    if (!result.valid) {
      this.options.server.recordViolation({
        direction: 'response',
        api: 'etsy',
        operationId,
        method: request.method,
        path: request.path,
        status: response.status,
        messages: describeAjvErrors(result.errors),
      });
    }
    return response;
  }
}

/** Etsy's answers to the injected faults: 429 with Retry-After, a 5xx, an expired token. */
function faultAnswer(fault: Fault): EmulatorResponse {
  if (fault.kind === 'rate-limit') {
    return etsyError(429, 'You have exceeded your rate limit. Try again later.', {
      'retry-after': String(fault.retryAfterSeconds),
    });
  }
  if (fault.kind === 'expired-token') {
    return json(401, { error: 'invalid_token', error_description: 'access token is expired' });
  }
  return etsyError(
    fault.status,
    fault.status === 503 ? 'Service Unavailable' : 'An internal error occurred.',
  );
}
