import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The 429 of every limit: what happened and when to try again (Retry-After says it too). */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    'request/too-many',
    `Too many requests from your address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}

/**
 * Signed image addresses are fetched by the marketplaces in bursts (every photo of every new
 * listing, from a few of their servers), and their signature is checked before any work.
 */
const UNLIMITED_PUBLIC_PREFIXES = ['/api/images/public/'];

/**
 * Every API route that needs no session gets a per-address limit (counted per route), unless
 * it keeps one of its own (joining a team) or says `rateLimit: false` (the webhooks, which
 * count refused deliveries instead). Sign-in takes this limit too, beside the failed-attempt
 * counters it keeps in the database. Routes outside /api are left alone: the web app's
 * files and the sandbox's emulated marketplaces. Counters live in this process's memory, so
 * each server process counts on its own.
 *
 * Registered before @fastify/rate-limit, whose own onRoute hook then reads the limit.
 */
export function registerPublicRateLimits(
  app: FastifyInstance,
  limits: { perIp: number; windowMs: number },
): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access?.kind !== 'public') return;
    if (route.config.rateLimit !== undefined) return;
    if (!route.url.startsWith('/api/')) return;
    if (UNLIMITED_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: limits.perIp,
        timeWindow: limits.windowMs,
        errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
      },
    };
  });
}
