import { StoredImageSchema } from '@listloop/domain';
import { z } from 'zod';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ImageService } from './image.service';

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

export async function imageRoutes(app: App, deps: { service: ImageService }) {
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
      reply.header('cache-control', CACHE_CONTROL).header('etag', served.etag);
      if (served.kind === 'not-modified') return reply.status(304).send();
      return reply
        .header('content-type', served.contentType)
        .header('content-length', served.size)
        .header('x-content-type-options', 'nosniff')
        .send(served.body);
    },
  );
}
