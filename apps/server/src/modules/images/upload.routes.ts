import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_PATH } from '@listloop/domain';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { requireContext } from '../../platform/http/request-context';
import type { App } from '../../platform/http/types';
import { UNDEFINED_USER_UID, type UploadServer } from './upload.tus';

/**
 * Spec §5: without a signed-in user an upload fails with 'Undefined user uid'. The request
 * context refuses such a request before the handler runs; this names the refusal as the spec
 * does and hands it on to the API's error handler.
 */
function undefinedUserUid(error: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (error instanceof AppError && error.code === 'auth/user-logged-out') {
    throw new AppError(401, 'auth/user-logged-out', UNDEFINED_USER_UID);
  }
  throw error;
}

/**
 * The tus 1.0 endpoint for photos: POST creates an upload, HEAD reads its offset, PATCH sends
 * bytes from an offset, DELETE cancels, OPTIONS describes the server. The bytes are passed to
 * tus untouched; everything but OPTIONS needs a member who may edit items.
 */
export async function uploadRoutes(app: App, deps: { uploads: UploadServer }) {
  const tags = ['uploads'];
  const member = {
    access: access.member('items.write'),
    activity: activity.none('an upload becomes part of an item only when the item is saved'),
  };

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const ctx = requireContext(request);
    const caller = { accountId: ctx.accountId, userId: ctx.user.id };
    const uploadId = (request.params as { '*'?: string })['*'];
    if (uploadId !== undefined) await deps.uploads.assertOwnUpload(caller, uploadId);
    reply.hijack();
    // Headers set by hooks (a renewed session cookie) would be lost with the hijack.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    await deps.uploads.handle(request.raw, reply.raw, caller);
  }

  await app.register(async (scope) => {
    // tus bodies are read by tus itself, as a stream.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );

    scope.route({
      method: 'POST',
      url: IMAGE_UPLOAD_PATH,
      schema: { tags, summary: 'tus: create an upload (Upload-Length, Upload-Metadata)' },
      config: member,
      errorHandler: undefinedUserUid,
      handler: handle,
    });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${IMAGE_UPLOAD_PATH}/*`,
      schema: {
        tags,
        summary: 'tus: HEAD reads the offset, PATCH sends bytes from Upload-Offset, DELETE cancels',
      },
      config: member,
      errorHandler: undefinedUserUid,
      handler: handle,
    });
    scope.route({
      method: 'OPTIONS',
      url: IMAGE_UPLOAD_PATH,
      schema: { tags, summary: 'tus: the protocol version, extensions and maximum size' },
      config: { access: access.public },
      handler: async (request, reply) => {
        reply.hijack();
        await deps.uploads.handle(request.raw, reply.raw, null);
      },
    });
  });
}
