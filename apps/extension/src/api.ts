import { ExecutorWhoAmISchema, type ExecutorWhoAmI } from '@listloop/domain';

/** What asking the server "who does this token act as?" came to. */
export type WhoAmIResult =
  | { kind: 'ok'; who: ExecutorWhoAmI }
  /** The server refused the token (401): it was revoked, or never existed there. */
  | { kind: 'unpaired'; message: string }
  /** Anything else: the server could not be reached, or answered something unexpected. */
  | { kind: 'failed'; message: string };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The server's address as an origin (`https://listloop.example`), or null when it is not http(s). */
export function serverOrigin(server: string): string | null {
  try {
    const url = new URL(server);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The extension's one client of the ListLoop API. It authenticates with the executor token only:
 * `credentials: 'omit'` keeps the browser from attaching the member's session cookie, so the
 * extension can never act with more than its token allows.
 */
export function createApiClient(fetchImpl: FetchLike = (input, init) => fetch(input, init)) {
  async function get(server: string, token: string, path: string): Promise<Response> {
    return fetchImpl(`${server}${path}`, {
      method: 'GET',
      credentials: 'omit',
      cache: 'no-store',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
  }

  return {
    async whoAmI(server: string, token: string): Promise<WhoAmIResult> {
      let response: Response;
      try {
        response = await get(server, token, '/api/rest/v1/executor/me');
      } catch (error) {
        return { kind: 'failed', message: `Could not reach ${server}: ${describe(error)}` };
      }
      const body = await readJson(response);
      if (response.status === 401) {
        return { kind: 'unpaired', message: serverMessage(body) ?? 'The token was refused.' };
      }
      if (!response.ok) {
        return {
          kind: 'failed',
          message: serverMessage(body) ?? `The server answered ${response.status}.`,
        };
      }
      const who = ExecutorWhoAmISchema.safeParse(body);
      return who.success
        ? { kind: 'ok', who: who.data }
        : { kind: 'failed', message: 'The server answered in an unexpected shape.' };
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function serverMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
