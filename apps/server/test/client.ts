/**
 * A small HTTP client that behaves like the web app in a browser: it keeps cookies, sends JSON
 * and an Origin header of the server it talks to.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaults: { origin?: string | null } = {},
  ) {}

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
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
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
