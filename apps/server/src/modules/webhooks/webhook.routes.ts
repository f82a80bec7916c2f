import { z } from 'zod';
import { access } from '../../platform/http/access';
import { tooManyRequests } from '../../platform/http/rate-limits';
import { errorResponses, type App } from '../../platform/http/types';
import type { Metrics } from '../../platform/observability/metrics';
import type { WebhookService } from './webhook.service';

/**
 * The largest body each marketplace's webhooks are taken with; a larger one is answered 413
 * before it is read (at once when Content-Length says so, else as soon as the bytes pass it).
 *
 * Shopify: an orders/create or products/update payload grows with its lines and variants. A
 * reseller's order is a few kilobytes; Shopify's own Node app library reads webhook bodies up
 * to 500 KB (@shopify/shopify-app-express), and Shopify sends a payload over 1,000,000 bytes
 * as a bare {"id": …} to its event-bus subscribers. 1 MiB takes everything Shopify sends as
 * a full payload.
 *
 * Depop: newOrder carries one purchase (its lines, each with a description of at most 1,000
 * characters, the buyer's address and the fees); a large bundle is tens of kilobytes. 256 KiB
 * leaves several times that.
 */
export const WEBHOOK_BODY_LIMITS = { shopify: 1024 * 1024, depop: 256 * 1024 } as const;

const WebhookAnswers = {
  200: z.object({ ok: z.literal(true) }),
  ...errorResponses,
  413: errorResponses[400],
} as const;

/**
 * Spec §2 hosting: /webhook goes to the core server. The marketplace's signature covers the
 * body's exact bytes, so these routes take it raw: in this scope every content type is read
 * as a Buffer, capped per marketplace, and nothing is parsed before the signature holds.
 *
 * Anyone can post here, so refusals are counted per client address: past
 * `limits.refusalsPerIp` refused deliveries (a 4xx: unsigned, forged, too large, malformed) in
 * the window, the address is answered 429 before its body is read. Verified deliveries are not
 * counted, so a marketplace's burst of genuine webhooks from a few of its servers is never
 * turned away. The webhooks declare no CSRF check: they come from the marketplaces' servers,
 * with a signature and no cookie of ours.
 */
export async function webhookRoutes(
  app: App,
  deps: {
    service: WebhookService;
    limits: { refusalsPerIp: number; windowMs: number };
    /** Counts the refusals made before the service sees a delivery (too large, too many). */
    metrics?: Pick<Metrics, 'webhookRefusal'>;
  },
) {
  const refusals = app.createRateLimit({
    max: deps.limits.refusalsPerIp,
    timeWindow: deps.limits.windowMs,
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: Math.min(...Object.values(WEBHOOK_BODY_LIMITS)) },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onRequest', async (request, reply) => {
      const counted = await refusals(request, { increment: false });
      if (!counted.isAllowed && counted.remaining <= 0) {
        reply.header('retry-after', String(Math.max(1, counted.ttlInSeconds)));
        throw tooManyRequests(counted.ttlInSeconds);
      }
    });
    scope.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 413 || reply.statusCode === 429) {
        const marketplace = request.routeOptions.url?.split('/').pop();
        if (marketplace) {
          deps.metrics?.webhookRefusal(
            marketplace,
            reply.statusCode === 413 ? 'too_large' : 'too_many',
          );
        }
      }
      if (reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429) {
        await refusals(request);
      }
    });
    const config = { access: access.public, csrf: false, rateLimit: false } as const;

    scope.post(
      '/webhook/shopify',
      {
        bodyLimit: WEBHOOK_BODY_LIMITS.shopify,
        schema: {
          tags: ['webhooks'],
          summary: 'Shopify webhooks (orders/create, products/create, products/update)',
          description:
            'Verified with the HMAC-SHA256 of the raw body (X-Shopify-Hmac-Sha256, the app’s ' +
            'secret) before the body is parsed; a wrong or missing signature answers 401 and ' +
            'records nothing, a body over 1 MiB answers 413. Each webhook is recorded once per ' +
            'X-Shopify-Webhook-Id: a repeated delivery answers 200 ' +
            'and records nothing new.',
          security: [],
          response: WebhookAnswers,
        },
        config,
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await deps.service.receive('shopify', request.headers, raw);
        return { ok: true as const };
      },
    );

    scope.post(
      '/webhook/depop',
      {
        bodyLimit: WEBHOOK_BODY_LIMITS.depop,
        schema: {
          tags: ['webhooks'],
          summary: 'Depop webhooks (newOrder, refunds, likes) for sellers connected by API key',
          description:
            'Verified with the HMAC-SHA256 of the timestamp and raw body (X-Depop-Signature, ' +
            'X-Depop-Timestamp within five minutes, the secret from Depop) before the body is ' +
            'parsed; a wrong or missing signature answers 401 and records nothing, a body over ' +
            '256 KiB answers 413. Each webhook is recorded once per its ' +
            'id: a repeated delivery answers 200 and records nothing new.',
          security: [],
          response: WebhookAnswers,
        },
        config,
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await deps.service.receive('depop', request.headers, raw);
        return { ok: true as const };
      },
    );
  });
}
