import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { bearerTokenOf } from './request-context';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on routes whose callers prove themselves otherwise and never with our cookies:
     * the marketplaces' signed webhooks, and the emulated marketplaces of the sandbox.
     */
    csrf?: false;
  }
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF protection by Origin check: a state-changing request that carries cookies (or that
 * signs in) must come from one of our own origins: the public URL, the configured trusted
 * origins, or the host it was sent to. Browsers always send Origin on such requests; a
 * request with cookies and neither Origin nor Referer is refused.
 *
 * Which requests are checked is decided by the route the router matched, never by the URL as
 * written: the router decodes `/%61pi/…` to `/api/…` and a prefix test on the raw URL let
 * such a request through. Every state-changing route is checked, whatever its path (the
 * spec's `/integration-*` credentials paths included), unless it declares `csrf: false`.
 * A request no route matched changes nothing and is answered 404.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { publicUrl: string | null; trustedOrigins: string[] },
): void {
  const configured = new Set(
    [options.publicUrl, ...options.trustedOrigins].flatMap((o) => originOf(o ?? undefined) ?? []),
  );

  function isAllowed(request: FastifyRequest, origin: string): boolean {
    if (configured.has(origin)) return true;
    const host = request.headers.host;
    return host ? origin === `${request.protocol}://${host}` : false;
  }

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.routeOptions.url) return;
    if (request.routeOptions.config?.csrf === false) return;
    // The extension proves itself with its bearer token, which no other site can make a browser
    // send; the request hook then ignores any cookie it carries.
    if (bearerTokenOf(request) !== null) return;
    const hasCookies = Boolean(request.headers.cookie);
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === null) {
      if (hasCookies) throw new AppError(403, 'auth/csrf');
      return;
    }
    if (!isAllowed(request, origin)) throw new AppError(403, 'auth/csrf');
  });
}
