import type { FastifyInstance } from 'fastify';

function isJson(contentType: unknown): boolean {
  const type = String(contentType ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * Every JSON answer, errors included, is `Cache-Control: no-store`: they carry a seller's
 * inventory, credentials' hints and session state, which no browser cache or proxy on the way
 * may keep or hand to the next person at the machine. Answers that are not JSON keep the
 * caching their routes chose (images by their ETag and signed expiry, the web app's
 * fingerprinted files for a year).
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isJson(reply.getHeader('content-type'))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
