import http from 'node:http';

/**
 * A small HTTP client that behaves like the web app in a browser: it keeps cookies, sends JSON
 * and an Origin header of the server it talks to. `localAddress` connects from another
 * loopback address (127.0.0.2, …), so the server sees another client address.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaults: { origin?: string | null; localAddress?: string } = {},
  ) {}

  /** The same signed-in browser pointed at another server (one on a restored or moved database). */
  carryCookiesFrom(other: TestClient): this {
    for (const [name, value] of other.cookies) this.cookies.set(name, value);
    return this;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookies(): boolean {
    return this.cookies.size > 0;
  }

  async request(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; headers: Headers; body: any; text: string }> {
    const headers: Record<string, string> = {};
    const origin = this.defaults.origin === undefined ? this.baseUrl : this.defaults.origin;
    if (origin) headers.origin = origin;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers);
    const response = this.defaults.localAddress
      ? await requestFrom(this.defaults.localAddress, this.baseUrl + path, method, headers, body)
      : await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, { body });
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, { body });
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, { body });
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}

/** One request over node:http from a chosen local address; answers what fetch would. */
function requestFrom(
  localAddress: string,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; headers: Headers; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? '']) answer.append(name, one);
        }
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: incoming.statusCode ?? 0, headers: answer, text: async () => text });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
