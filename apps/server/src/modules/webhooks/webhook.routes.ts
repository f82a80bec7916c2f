import { z } from 'zod';
import { access } from '../../platform/http/access';
import { errorResponses, type App } from '../../platform/http/types';
import type { WebhookService } from './webhook.service';

/** Shopify's order payloads grow with their lines; larger than the API's 1 MB bodies. */
const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Spec §2 hosting: /webhook goes to the core server. The marketplace's signature covers the
 * body's exact bytes, so these routes take it raw: in this scope every content type is read
 * as a Buffer and nothing is parsed before it is verified.
 */
export async function webhookRoutes(app: App, deps: { service: WebhookService }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post(
      '/webhook/shopify',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['webhooks'],
          summary: 'Shopify webhooks (orders/create, products/create, products/update)',
          description:
            'Verified with the HMAC-SHA256 of the raw body (X-Shopify-Hmac-Sha256, the app’s ' +
            'secret); a wrong or missing signature answers 401 and records nothing. Each ' +
            'webhook is recorded once per X-Shopify-Webhook-Id: a repeated delivery answers 200 ' +
            'and records nothing new.',
          security: [],
          response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses },
        },
        config: { access: access.public },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await deps.service.receiveShopify(request.headers, raw);
        return { ok: true as const };
      },
    );

    scope.post(
      '/webhook/depop',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['webhooks'],
          summary: 'Depop webhooks (newOrder, refunds, likes) for sellers connected by API key',
          description:
            'Verified with the HMAC-SHA256 of the timestamp and raw body (X-Depop-Signature, ' +
            'X-Depop-Timestamp within five minutes, the secret from Depop); a wrong or missing ' +
            'signature answers 401 and records nothing. Each webhook is recorded once per its ' +
            'id: a repeated delivery answers 200 and records nothing new.',
          security: [],
          response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses },
        },
        config: { access: access.public },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await deps.service.receiveDepop(request.headers, raw);
        return { ok: true as const };
      },
    );
  });
}
