import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * request with cookies and neither Origin nor Referer is refused. Webhooks are signed instead.
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
    if (!request.url.startsWith('/api/')) return;
    const hasCookies = Boolean(request.headers.cookie);
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === null) {
      if (hasCookies) throw new AppError(403, 'auth/csrf');
      return;
    }
    if (!isAllowed(request, origin)) throw new AppError(403, 'auth/csrf');
  });
}
