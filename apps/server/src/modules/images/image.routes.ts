import { StoredImageSchema } from '@listloop/domain';
import { z } from 'zod';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { forbidden } from '../../platform/http/errors';
import { errorResponses, type App } from '../../platform/http/types';
import type { ImageService, ServedImage } from './image.service';
import { SIGNED_IMAGE_VARIANTS, type ImageUrlSigner } from './image.signing';
import type { FastifyReply } from 'fastify';

/** Keys are unique per upload, so what an address answers never changes. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

const ImageQuerySchema = z.object({
  width: z.string().max(16).optional().describe('Pixels, 1 to 4000; in proportion alone'),
  height: z.string().max(16).optional().describe('Pixels, 1 to 4000; in proportion alone'),
  fit: z
    .string()
    .max(16)
    .optional()
    .describe('With width and height: bounds (inside), cover (covers, uncut) or crop (exact)'),
  'bg-color': z
    .string()
    .max(32)
    .optional()
    .describe('ffffff, fff, r,g,b or r,g,b,a: fills transparency and canvas padding'),
  canvas: z
    .string()
    .max(64)
    .optional()
    .describe('W,H or W:H, then optionally x{px},y{px} or offset-x{%},offset-y{%}'),
});

/** Sends a served image with its validators; `cacheControl` says who may keep it, and how long. */
function sendImage(reply: FastifyReply, served: ServedImage, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', served.etag);
  if (served.kind === 'not-modified') return reply.status(304).send();
  return reply
    .header('content-type', served.contentType)
    .header('content-length', served.size)
    .header('x-content-type-options', 'nosniff')
    .send(served.body);
}

/** A signed address may be kept until it expires, and no longer than a day. */
function signedCacheControl(exp: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.min(86_400, Number(exp) - Math.floor(now / 1000)));
  return `public, max-age=${seconds}, immutable`;
}

export async function imageRoutes(
  app: App,
  deps: { service: ImageService; signer: ImageUrlSigner },
) {
  const tags = ['images'];

  app.get(
    '/api/uploads/images/:imageId',
    {
      schema: {
        tags,
        summary: 'The record of an uploaded image (spec §3 Image) and its processing status',
        params: z.object({ imageId: z.string().min(1).max(64) }),
        response: { 200: StoredImageSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => deps.service.findOne(requireContext(request), request.params.imageId),
  );

  app.get(
    '/api/images/*',
    {
      schema: {
        tags,
        summary:
          'A stored image of the account, by storage key, resized on request (width, height, fit, bg-color, canvas)',
        params: z.object({ '*': z.string().max(1024) }),
        querystring: ImageQuerySchema,
      },
      config: { access: access.member('items.read') },
    },
    async (request, reply) => {
      const served = await deps.service.serve(
        requireContext(request),
        request.params['*'],
        request.query,
        request.headers['if-none-match'],
      );
      return sendImage(reply, served, CACHE_CONTROL);
    },
  );

  // Marketplaces fetch a listing's photos with no session: the signature is the authority.
  app.get(
    '/api/images/public/:imageId/:variant',
    {
      schema: {
        tags,
        summary:
          'A stored image by its signed, expiring address (the photos handed to marketplaces), as stored',
        params: z.object({
          imageId: z.string().min(1).max(64),
          variant: z.enum(SIGNED_IMAGE_VARIANTS),
        }),
        querystring: z.object({
          exp: z.string().max(32).optional().describe('Expiry, in seconds since 1970'),
          sig: z.string().max(128).optional().describe('HMAC-SHA256 of the path and expiry'),
        }),
      },
      config: { access: access.public },
    },
    async (request, reply) => {
      const { imageId, variant } = request.params;
      const { exp, sig } = request.query;
      const check = deps.signer.check(imageId, variant, exp, sig);
      if (check === 'expired') {
        throw forbidden('This image address has expired. Ask ListLoop for the listing again.');
      }
      if (check !== 'valid') {
        throw forbidden('This image address is not signed by ListLoop, or was changed.');
      }
      const served = await deps.service.servePublic(
        imageId,
        variant,
        request.headers['if-none-match'],
      );
      // Marketplace pages and apps on other origins may show it too.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return sendImage(reply, served, signedCacheControl(exp!));
    },
  );
}
