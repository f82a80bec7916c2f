import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const MESSAGE =
  'Text sent to ListLoop cannot contain a NUL character (\\u0000); remove it and try again.';

/** Whether a parsed JSON value holds a NUL character in any string or key (bounded depth). */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((entry) => holdsNul(entry, depth + 1));
  return Object.entries(value).some(
    ([key, entry]) => key.includes('\u0000') || holdsNul(entry, depth + 1),
  );
}

/**
 * Postgres stores no NUL character in text or JSON, so a request carrying one in its path,
 * query or JSON body is refused with a 400 before any route reads it, instead of failing in
 * the database. Binary bodies (photo uploads) are not text and are left alone.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      holdsNul(request.params) ||
      holdsNul(request.query) ||
      (!Buffer.isBuffer(request.body) && holdsNul(request.body))
    ) {
      throw badRequest(MESSAGE);
    }
  });
}
