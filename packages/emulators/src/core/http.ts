import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** A request as the emulator handlers see it, below the emulator's own base path. */
export interface EmulatorRequest {
  /** Upper case. */
  method: string;
  /** Percent-encoded, starting with '/', without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** What a handler answers; `json`, `html` and `text` are exclusive (JSON wins). */
export interface EmulatorResponse {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  html?: string;
  text?: string;
  /** A binary body (a photo), sent with the content-type given in `headers`. */
  bytes?: Buffer;
}

/** The most a request body may hold (the largest marketplace payloads are well under this). */
const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

export function json(
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): EmulatorResponse {
  return { status, json: body, ...(headers ? { headers } : {}) };
}

export function htmlResponse(status: number, body: string): EmulatorResponse {
  return { status, html: body };
}

export function text(status: number, body: string): EmulatorResponse {
  return { status, text: body };
}

export function empty(status = 204, headers?: Record<string, string>): EmulatorResponse {
  return { status, ...(headers ? { headers } : {}) };
}

export function redirect(location: string, status = 302): EmulatorResponse {
  return { status, headers: { location } };
}

/** A header's single value (the first when repeated). */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The query as a plain object, repeated keys as arrays (how the OpenAPI validator takes it). */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of query) {
    const seen = out[key];
    if (seen === undefined) out[key] = value;
    else out[key] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

export class RequestTooLargeError extends Error {
  override readonly name = 'RequestTooLargeError';
}

/**
 * Reads a Node request. `preRead` serves hosts that consumed the stream already (a server
 * mounting the emulator after its own body parsing) and hosts that rewrote the URL.
 */
export async function readRequest(
  req: IncomingMessage,
  preRead: { url?: string; body?: Buffer | string } = {},
): Promise<EmulatorRequest> {
  const url = new URL(preRead.url ?? req.url ?? '/', 'http://emulator.invalid');
  let rawBody: Buffer;
  if (preRead.body !== undefined) {
    rawBody = Buffer.isBuffer(preRead.body) ? preRead.body : Buffer.from(preRead.body);
  } else {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > BODY_LIMIT_BYTES) throw new RequestTooLargeError('Request body too large');
      chunks.push(buffer);
    }
    rawBody = Buffer.concat(chunks);
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    rawBody,
  };
}

export type ParsedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: URLSearchParams }
  | { kind: 'invalid'; error: string }
  | { kind: 'other'; contentType: string };

/** The body by its content type: JSON, an HTML form, nothing, or something else. */
export function parseBody(request: EmulatorRequest): ParsedBody {
  if (request.rawBody.length === 0) return { kind: 'none' };
  const contentType = (header(request.headers, 'content-type') ?? '').toLowerCase();
  const text = request.rawBody.toString('utf8');
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return { kind: 'form', value: new URLSearchParams(text) };
  }
  if (contentType.includes('json')) {
    try {
      return { kind: 'json', value: JSON.parse(text) as unknown };
    } catch (error) {
      return { kind: 'invalid', error: `Malformed JSON: ${(error as Error).message}` };
    }
  }
  return { kind: 'other', contentType };
}

export function sendResponse(res: ServerResponse, response: EmulatorResponse): void {
  const headers: Record<string, string> = { ...response.headers };
  let payload: string | undefined;
  if (response.json !== undefined) {
    payload = JSON.stringify(response.json);
    headers['content-type'] ??= 'application/json';
  } else if (response.html !== undefined) {
    payload = response.html;
    headers['content-type'] ??= 'text/html; charset=utf-8';
  } else if (response.text !== undefined) {
    payload = response.text;
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  }
  if (response.bytes !== undefined && payload === undefined) {
    headers['content-type'] ??= 'application/octet-stream';
    headers['content-length'] = String(response.bytes.length);
    res.writeHead(response.status, headers);
    res.end(response.bytes);
    return;
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(response.status, headers);
  res.end(payload);
}
