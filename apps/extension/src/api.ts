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

/** A call's answer: its status and JSON body (null when it had none or not JSON). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** The server refused the token (401): the runner stops and the popup says so. */
export class UnpairedError extends Error {}

/** The server could not be reached, or answered 5xx: try again later; nothing changed. */
export class ServerUnavailableError extends Error {}

/**
 * The executor protocol's calls (decision 0041), as the runner makes them. Every call sends the
 * token and nothing else: `credentials: 'omit'` keeps the browser's cookies out of it.
 */
export function createWorkClient(
  server: string,
  token: string,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
) {
  async function call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    let response: Response;
    try {
      response = await fetchImpl(`${server}${path}`, {
        method,
        credentials: 'omit',
        cache: 'no-store',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new ServerUnavailableError(`Could not reach ${server}: ${describe(error)}`);
    }
    const answer = { status: response.status, body: await readJson(response) };
    if (response.status === 401) {
      throw new UnpairedError(serverMessage(answer.body) ?? 'The token was refused.');
    }
    if (response.status >= 500) {
      throw new ServerUnavailableError(
        serverMessage(answer.body) ?? `The server answered ${response.status}.`,
      );
    }
    return answer;
  }

  return {
    call,
    /** The server's message of a refusal, for the results list. */
    messageOf: (answer: ApiAnswer) => serverMessage(answer.body) ?? `HTTP ${answer.status}`,
    async photo(url: string): Promise<{ bytes: Uint8Array; type: string }> {
      let response: Response;
      try {
        response = await fetchImpl(url, { method: 'GET', credentials: 'omit', cache: 'no-store' });
      } catch (error) {
        throw new ServerUnavailableError(`Could not fetch a photo: ${describe(error)}`);
      }
      if (!response.ok) {
        throw new ServerUnavailableError(`Could not fetch a photo: HTTP ${response.status}.`);
      }
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        type: response.headers.get('content-type')?.split(';')[0] ?? 'image/jpeg',
      };
    },
  };
}
export type WorkClient = ReturnType<typeof createWorkClient>;

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
