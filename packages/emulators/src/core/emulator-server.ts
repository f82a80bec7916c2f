import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { OpenAPIBackend } from 'openapi-backend';
import { z } from 'zod';
import { ManualClock, systemClock, type Clock } from './clock';
import { FAULT_KINDS, Faults, type Fault, type FaultTarget } from './faults';
import {
  empty,
  header,
  json,
  parseBody,
  queryObject,
  readRequest,
  RequestTooLargeError,
  sendResponse,
  type EmulatorRequest,
  type EmulatorResponse,
  type ParsedBody,
} from './http';
import { describeAjvErrors, loadApiDescription, type ApiCorrection } from './openapi';
import { ViolationLog, type Violation } from './violations';

/** Who a bearer token belongs to, as the emulator's OAuth server issued it. */
export interface TokenGrant {
  clientId: string;
  userId: string;
  scopes: string[];
}

export type BearerOutcome =
  | { ok: true; grant: TokenGrant }
  | { ok: false; reason: 'missing' | 'malformed' | 'unknown' | 'expired' };

export interface RouteContext {
  request: EmulatorRequest;
  params: Record<string, string>;
  body: ParsedBody;
  /** Where the emulator is reached from outside (links, redirects, pagination URLs). */
  baseUrl: string;
}

export type RouteHandler = (ctx: RouteContext) => EmulatorResponse | Promise<EmulatorResponse>;

export interface ApiContext extends RouteContext {
  operationId: string;
  /** The request body as JSON (undefined when none was sent). */
  json: unknown;
  grant: TokenGrant | null;
}

export type OperationHandler = (ctx: ApiContext) => EmulatorResponse | Promise<EmulatorResponse>;

/** How a marketplace's API answers what goes wrong, in its own error format. */
export interface ApiErrorFormat {
  /** A request its description does not allow (400 in the marketplace's words). */
  invalidRequest(messages: string[], operationId: string): EmulatorResponse;
  /** A path or method the API does not have. */
  unknownOperation(method: string, path: string): EmulatorResponse;
  /** An operation of the description that this emulator does not carry out. */
  notImplemented(operationId: string): EmulatorResponse;
  unauthorized(reason: Exclude<BearerOutcome, { ok: true }>['reason']): EmulatorResponse;
  /** The token lacks every scope the operation accepts (the check is skipped without this). */
  forbidden?(operationId: string): EmulatorResponse;
  /** An injected fault (429, 5xx, 401); 'disconnect' never reaches here. */
  fault(fault: Fault, operationId: string): EmulatorResponse;
}

export interface OpenApiMountOptions {
  /** A short name for violations: 'sell.inventory'. */
  name: string;
  /** The published description (JSON or YAML). */
  descriptionFile: string;
  /** The API's base path from the description's servers ('/sell/inventory/v1'). */
  basePath: string;
  handlers: Record<string, OperationHandler>;
  errors: ApiErrorFormat;
  /** Operations answered without a bearer token. */
  publicOperations?: readonly string[];
  /** Known differences of the live API from the description (each with its reason). */
  corrections?: readonly ApiCorrection[];
}

interface Mount extends OpenApiMountOptions {
  api: OpenAPIBackend;
}

interface RouteStore {
  handler: RouteHandler;
  faultTarget: Exclude<FaultTarget, 'any' | 'api'> | null;
  name: string;
}

export interface EmulatorServerOptions {
  /** The marketplace's name, for pages and messages. */
  name: string;
  clock?: Clock;
  /**
   * The URL the emulator is reached at from outside, without a trailing slash; needed when a
   * server mounts it under a prefix (sandbox mode: `https://host/sandbox/ebay`). Defaults to
   * the address `listen` bound, or the request's Host.
   */
  publicBaseUrl?: string;
}

export interface RunningEmulator {
  url: string;
  close(): Promise<void>;
}

const CONTROL_PREFIX = '/__emulator';

const FaultBodySchema = z.object({
  kind: z.enum(FAULT_KINDS as [string, ...string[]]),
  count: z.coerce.number().int().min(1).max(10_000).optional(),
  retryAfterSeconds: z.coerce.number().int().min(0).max(86_400).optional(),
  status: z.coerce.number().int().min(500).max(599).optional(),
  target: z.enum(['api', 'oauth', 'any']).optional(),
  operationId: z.string().min(1).optional(),
});

const AdvanceClockSchema = z.object({ ms: z.coerce.number().int().min(0) });

/**
 * The machinery shared by the marketplace emulators: a Node request handler that routes to
 * API operations validated against the published description (requests and answers, both
 * recorded as violations when wrong), plain routes (OAuth, pages), a control surface under
 * `/__emulator/*`, fault injection and an injectable clock. Usable standalone (`listen`) or
 * mounted by a host server with the prefix stripped (`handler`).
 */
export class EmulatorServer {
  readonly name: string;
  readonly clock: Clock;
  readonly faults = new Faults();
  readonly violationLog = new ViolationLog();
  private readonly router = FindMyWay({ ignoreTrailingSlash: true });
  private readonly controlRouter = FindMyWay({ ignoreTrailingSlash: true });
  private readonly mounts: Mount[] = [];
  private readonly resetHooks: Array<() => void> = [];
  private authenticator: ((request: EmulatorRequest) => BearerOutcome) | null = null;
  private configuredBaseUrl: string | null;
  private listeningUrl: string | null = null;

  constructor(options: EmulatorServerOptions) {
    this.name = options.name;
    this.clock = options.clock ?? systemClock;
    this.configuredBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '') ?? null;
    this.registerCoreControls();
  }

  get violations(): readonly Violation[] {
    return this.violationLog.list();
  }

  /** Node's `(req, res)` form, for `http.createServer` or a host server's raw route. */
  readonly handler = (req: IncomingMessage, res: ServerResponse): void => {
    void this.handle(req, res);
  };

  /** The same with what a host has already read: its rewritten URL and the raw body. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    preRead: { url?: string; body?: Buffer | string } = {},
  ): Promise<void> {
    try {
      const request = await readRequest(req, preRead);
      const response = await this.dispatch(request, res);
      if (response) sendResponse(res, response);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = error instanceof RequestTooLargeError ? 413 : 500;
      sendResponse(res, json(status, { error: (error as Error).message }));
    }
  }

  /** The public base URL for links in answers to `request`. */
  baseUrl(request?: EmulatorRequest): string {
    if (this.configuredBaseUrl) return this.configuredBaseUrl;
    if (this.listeningUrl) return this.listeningUrl;
    const host = request ? header(request.headers, 'host') : undefined;
    return host ? `http://${host}` : 'http://127.0.0.1';
  }

  setPublicBaseUrl(url: string): void {
    this.configuredBaseUrl = url.replace(/\/+$/, '');
  }

  /** A plain route (OAuth endpoints, pages). `faultTarget: 'oauth'` lets OAuth faults hit it. */
  route(
    method: HTTPMethod | HTTPMethod[],
    path: string,
    handler: RouteHandler,
    options: { faultTarget?: 'oauth'; name?: string } = {},
  ): void {
    const store: RouteStore = {
      handler,
      faultTarget: options.faultTarget ?? null,
      name: options.name ?? path,
    };
    this.router.on(method, path, () => undefined, store);
  }

  /** A control route under `/__emulator` (never validated, never faulted). */
  control(method: HTTPMethod | HTTPMethod[], path: string, handler: RouteHandler): void {
    const store: RouteStore = { handler, faultTarget: null, name: path };
    this.controlRouter.on(method, path, () => undefined, store);
  }

  /** Bearer tokens of the API mounts are checked by this (the emulator's OAuth server). */
  setAuthenticator(authenticate: (request: EmulatorRequest) => BearerOutcome): void {
    this.authenticator = authenticate;
  }

  /** Called by `reset()`, after violations and faults are cleared. */
  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  reset(): void {
    this.violationLog.clear();
    this.faults.clear();
    for (const hook of this.resetHooks) hook();
  }

  async mountOpenApi(options: OpenApiMountOptions): Promise<void> {
    const api = await loadApiDescription(options.descriptionFile, options.corrections);
    const known = new Set(api.getOperations().map((op) => op.operationId));
    for (const operationId of Object.keys(options.handlers)) {
      if (!known.has(operationId)) {
        throw new Error(`${options.name}: no operation ${operationId} in its description`);
      }
    }
    this.mounts.push({ ...options, basePath: options.basePath.replace(/\/+$/, ''), api });
  }

  /** Every OAuth scope an operation of the mounted APIs accepts. */
  scopes(): string[] {
    const all = new Set<string>();
    for (const mount of this.mounts) {
      for (const operation of mount.api.getOperations()) {
        for (const scope of operationScopes(operation.security)) all.add(scope);
      }
    }
    return [...all];
  }

  recordViolation(violation: Omit<Violation, 'at'>): void {
    this.violationLog.record({ ...violation, at: this.clock.now() });
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<RunningEmulator> {
    const server = createServer(this.handler);
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolvePromise());
    });
    const address = server.address() as AddressInfo;
    const url = `http://${host}:${address.port}`;
    this.listeningUrl = url;
    return {
      url,
      close: () =>
        new Promise<void>((resolvePromise, reject) => {
          server.closeAllConnections();
          server.close((error) => (error ? reject(error) : resolvePromise()));
          if (this.listeningUrl === url) this.listeningUrl = null;
        }),
    };
  }

  private async dispatch(
    request: EmulatorRequest,
    res: ServerResponse,
  ): Promise<EmulatorResponse | null> {
    const baseUrl = this.baseUrl(request);
    const method = request.method as HTTPMethod;
    if (request.path === CONTROL_PREFIX || request.path.startsWith(`${CONTROL_PREFIX}/`)) {
      const found = this.controlRouter.find(method, request.path.slice(CONTROL_PREFIX.length));
      if (!found) return json(404, { error: `No control route ${method} ${request.path}` });
      const store = found.store as RouteStore;
      return store.handler({
        request,
        params: cleanParams(found.params),
        body: parseBody(request),
        baseUrl,
      });
    }

    const mount = this.mounts.find(
      (m) => request.path === m.basePath || request.path.startsWith(`${m.basePath}/`),
    );
    if (mount) return this.dispatchApi(mount, request, res, baseUrl);

    const found = this.router.find(method, request.path);
    if (!found) return json(404, { error: `No route ${method} ${request.path}` });
    const store = found.store as RouteStore;
    if (store.faultTarget) {
      const fault = this.faults.take(store.faultTarget, store.name);
      if (fault?.kind === 'disconnect') {
        res.destroy();
        return null;
      }
      if (fault) return plainFault(fault);
    }
    return store.handler({
      request,
      params: cleanParams(found.params),
      body: parseBody(request),
      baseUrl,
    });
  }

  private async dispatchApi(
    mount: Mount,
    request: EmulatorRequest,
    res: ServerResponse,
    baseUrl: string,
  ): Promise<EmulatorResponse | null> {
    const relative = request.path.slice(mount.basePath.length) || '/';
    const query = queryObject(request.query);
    const headers = request.headers as Record<string, string | string[]>;
    const body = parseBody(request);
    const jsonBody = body.kind === 'json' ? body.value : undefined;
    const operation = mount.api.matchOperation({
      method: request.method,
      path: relative,
      headers,
      query,
    });
    const violation = (messages: string[], operationId: string | null) =>
      this.recordViolation({
        direction: 'request',
        api: mount.name,
        operationId,
        method: request.method,
        path: request.path,
        status: null,
        messages,
      });
    if (!operation?.operationId) {
      violation([`${request.method} ${relative} is not an operation of ${mount.name}`], null);
      return mount.errors.unknownOperation(request.method, request.path);
    }
    const operationId = operation.operationId;

    const fault = this.faults.take('api', operationId);
    if (fault?.kind === 'disconnect') {
      res.destroy();
      return null;
    }
    if (fault) return mount.errors.fault(fault, operationId);

    let grant: TokenGrant | null = null;
    if (!mount.publicOperations?.includes(operationId)) {
      const outcome: BearerOutcome = this.authenticator
        ? this.authenticator(request)
        : { ok: false, reason: 'unknown' };
      if (!outcome.ok) {
        if (outcome.reason === 'missing' || outcome.reason === 'malformed') {
          violation(['no bearer token in the Authorization header'], operationId);
        }
        return mount.errors.unauthorized(outcome.reason);
      }
      grant = outcome.grant;
      const accepted = operationScopes(operation.security);
      const held = outcome.grant.scopes;
      if (
        mount.errors.forbidden &&
        accepted.length > 0 &&
        !accepted.some((s) => held.includes(s))
      ) {
        return mount.errors.forbidden(operationId);
      }
    }

    const problems: string[] = [];
    if (body.kind === 'invalid') problems.push(body.error);
    if (body.kind === 'other' || body.kind === 'form') {
      problems.push(`content-type ${header(request.headers, 'content-type')} is not JSON`);
    }
    const validation = mount.api.validateRequest(
      { method: request.method, path: relative, headers, query, body: jsonBody },
      operation,
    );
    if (!validation.valid) problems.push(...describeAjvErrors(validation.errors));
    if (problems.length > 0) {
      violation(problems, operationId);
      return this.checked(
        mount,
        request,
        operationId,
        mount.errors.invalidRequest(problems, operationId),
      );
    }

    const parsed = mount.api.router.parseRequest(
      { method: request.method, path: relative, headers, query },
      operation,
    );
    const params = Object.fromEntries(
      Object.entries(parsed.params as Record<string, string>).map(([key, value]) => [
        key,
        safeDecode(value),
      ]),
    );
    const handler = mount.handlers[operationId];
    if (!handler) {
      // The real API has the operation; a test that needs it must fail, not pass quietly.
      this.recordViolation({
        direction: 'response',
        api: mount.name,
        operationId,
        method: request.method,
        path: request.path,
        status: null,
        messages: [`the ${this.name} emulator does not carry out ${operationId}`],
      });
      return mount.errors.notImplemented(operationId);
    }
    const response = await handler({
      request,
      params,
      body,
      baseUrl,
      operationId,
      json: jsonBody,
      grant,
    });
    return this.checked(mount, request, operationId, response);
  }

  /** Validates an answer against the description; a mismatch is an emulator bug, recorded. */
  private checked(
    mount: Mount,
    request: EmulatorRequest,
    operationId: string,
    response: EmulatorResponse,
  ): EmulatorResponse {
    // A body-less answer is JSON null to the validator (a 204 must have none).
    const result = mount.api.validateResponse(response.json ?? null, operationId, response.status);
    if (!result.valid) {
      this.recordViolation({
        direction: 'response',
        api: mount.name,
        operationId,
        method: request.method,
        path: request.path,
        status: response.status,
        messages: describeAjvErrors(result.errors),
      });
    }
    return response;
  }

  private registerCoreControls(): void {
    this.control('GET', '/violations', () => json(200, { violations: this.violations }));
    this.control('DELETE', '/violations', () => {
      this.violationLog.clear();
      return empty();
    });
    this.control('GET', '/faults', () => json(200, { faults: this.faults.list() }));
    this.control('POST', '/faults', (ctx) => {
      const parsed = FaultBodySchema.safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      this.faults.inject(parsed.data as Parameters<Faults['inject']>[0]);
      return json(201, { faults: this.faults.list() });
    });
    this.control('DELETE', '/faults', () => {
      this.faults.clear();
      return empty();
    });
    this.control('POST', '/clock/advance', (ctx) => {
      if (!(this.clock instanceof ManualClock)) {
        return json(409, { error: 'This emulator runs on the system clock.' });
      }
      const parsed = AdvanceClockSchema.safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      return json(200, { now: this.clock.advance(parsed.data.ms) });
    });
    this.control('POST', '/reset', () => {
      this.reset();
      return empty();
    });
  }
}

/** A control call's input: a JSON body, an HTML form, or the query string. */
export function controlInput(body: ParsedBody, query?: URLSearchParams): Record<string, unknown> {
  if (body.kind === 'json' && body.value && typeof body.value === 'object') {
    return body.value as Record<string, unknown>;
  }
  if (body.kind === 'form') return Object.fromEntries(body.value);
  return query ? Object.fromEntries(query) : {};
}

function operationScopes(security: ReadonlyArray<Record<string, string[]>> | undefined): string[] {
  return (security ?? []).flatMap((requirement) => Object.values(requirement).flat());
}

function cleanParams(params: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A fault on a plain route (an OAuth endpoint): the generic answer of a gateway. */
function plainFault(fault: Fault): EmulatorResponse {
  if (fault.kind === 'rate-limit') {
    return json(
      429,
      { error: 'temporarily_unavailable', error_description: 'Too many requests' },
      { 'retry-after': String(fault.retryAfterSeconds) },
    );
  }
  if (fault.kind === 'expired-token') {
    return json(401, {
      error: 'invalid_client',
      error_description: 'client authentication failed',
    });
  }
  return json(fault.status, { error: 'server_error', error_description: 'Internal server error' });
}
