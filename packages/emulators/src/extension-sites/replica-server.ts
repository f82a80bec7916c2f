import fs from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReplicaState } from './replica';

/** A request as a replica site's handler sees it. */
export interface ReplicaRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** A submitted form (multipart or URL-encoded), parsed by the platform's own FormData. */
  form: FormData | null;
  /** A JSON body, when one was sent. */
  json: unknown;
  /** Whether the visitor holds a session of this replica (or the replica needs none). */
  signedIn: boolean;
  /** The address the visitor used (https://poshmark.com, or the test server's own). */
  origin: string;
}

export interface ReplicaAnswer {
  status: number;
  html?: string;
  json?: unknown;
  /** A redirect's target (status 302/303). */
  location?: string;
  /** A session this answer opens: set as the replica's session cookie. */
  session?: string;
  /** Ends the visitor's session (sign out). */
  endSession?: boolean;
}

export interface ReplicaSite {
  marketplace: string;
  /** The marketplace's own host names, which the end-to-end browser maps to this server. */
  hosts: readonly string[];
  state: ReplicaState;
  handle(request: ReplicaRequest): ReplicaAnswer | Promise<ReplicaAnswer>;
}

export interface RunningReplica {
  site: ReplicaSite;
  /** http(s)://127.0.0.1:port */
  url: string;
  port: number;
  close(): Promise<void>;
}

const SESSION_COOKIE = 'replica_session';
const BODY_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * The test certificate, issued to the seven marketplaces' host names and to no one else. It is
 * a fixture, as its key is: only a browser told to ignore certificate errors (the end-to-end
 * tests' Chromium) accepts it, and only for these replicas on this machine.
 */
export function replicaTls(): { key: Buffer; cert: Buffer } {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
  return {
    key: fs.readFileSync(path.join(dir, 'replica-tls.key')),
    cert: fs.readFileSync(path.join(dir, 'replica-tls.crt')),
  };
}

function cookiesOf(request: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name) jar.set(name, decodeURIComponent(rest.join('=')));
  }
  return jar;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT_BYTES) throw new Error('Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function parseRequest(
  request: IncomingMessage,
  site: ReplicaSite,
  secure: boolean,
): Promise<ReplicaRequest> {
  const host = request.headers.host ?? '127.0.0.1';
  const origin = `${secure ? 'https' : 'http'}://${host}`;
  const url = new URL(request.url ?? '/', origin);
  const method = (request.method ?? 'GET').toUpperCase();
  const type = request.headers['content-type'] ?? '';
  let form: FormData | null = null;
  let json: unknown;
  if (method !== 'GET' && method !== 'HEAD') {
    const body = await readBody(request);
    if (type.includes('application/json')) {
      json = body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined;
    } else if (
      type.includes('multipart/form-data') ||
      type.includes('application/x-www-form-urlencoded')
    ) {
      // The platform's Request parses both encodings, files included.
      form = await new Request(url, {
        method,
        headers: { 'content-type': type },
        body: new Uint8Array(body),
      }).formData();
    }
  }
  const session = cookiesOf(request).get(SESSION_COOKIE);
  const signedIn = !site.state.requireSignIn || (!!session && site.state.sessions.has(session));
  return { method, path: url.pathname, query: url.searchParams, form, json, signedIn, origin };
}

function send(response: ServerResponse, answer: ReplicaAnswer): void {
  const headers: Record<string, string | string[]> = { 'cache-control': 'no-store' };
  const cookies: string[] = [];
  if (answer.session) {
    cookies.push(`${SESSION_COOKIE}=${answer.session}; Path=/; HttpOnly; SameSite=Lax`);
  }
  if (answer.endSession) cookies.push(`${SESSION_COOKIE}=; Path=/; Max-Age=0`);
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (answer.location) headers.location = answer.location;
  let body = '';
  if (answer.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(answer.json);
  } else if (answer.html !== undefined) {
    headers['content-type'] = 'text/html; charset=utf-8';
    body = answer.html;
  }
  response.writeHead(answer.status, headers);
  response.end(body);
}

/**
 * Serves one replica site on loopback: plain HTTP for the page drivers' tests, or HTTPS with
 * the test certificate for the browser, which reaches it under the marketplace's host name.
 */
export async function startReplicaSite(
  site: ReplicaSite,
  options: { tls?: boolean; port?: number } = {},
): Promise<RunningReplica> {
  const secure = options.tls ?? false;
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      try {
        const parsed = await parseRequest(request, site, secure);
        send(response, await site.handle(parsed));
      } catch (error) {
        send(response, {
          status: 400,
          json: { error: error instanceof Error ? error.message : String(error) },
        });
      }
    })();
  };
  const server = secure ? createHttpsServer(replicaTls(), handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    site,
    port,
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
