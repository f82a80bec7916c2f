import { z } from 'zod';
import {
  BACKGROUND_REMOVAL_API,
  BACKGROUND_REMOVAL_HEADERS,
  BackgroundRemovalJobAnswerSchema,
  BackgroundRemovalJobParamsSchema,
  BackgroundRemovalKeptSchema,
  BackgroundRemovalStartSchema,
  BackgroundRemovalUsageSchema,
  BackgroundRemoverJsonSchema,
  BackgroundRemoverQuerySchema,
  MAX_IMAGE_UPLOAD_BYTES,
  type BackgroundRemovalJob,
} from '@listloop/domain';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { access } from '../../platform/http/access';
import { activity } from '../../platform/http/activity';
import { AppError, badRequest } from '../../platform/http/errors';
import { requireContext, type RequestContext } from '../../platform/http/request-context';
import { ErrorBodySchema, errorResponses, type App } from '../../platform/http/types';
import type { BackgroundRemovalService } from './background-removal.service';

/** How long the spec call waits for its picture before it answers 202 with the job to follow. */
export const SPEC_CALL_WAIT_MS = 120_000;

const write = { access: access.member('items.write') };
const IMAGE_TYPES = /^image\/[a-z0-9.+-]+$/i;

/** The fields a multipart call may carry beside its picture (the query's own names). */
const MULTIPART_FIELDS = ['originPlatform', 'output', 'colour'] as const;

/**
 * The one picture of a multipart/form-data call (in a file part of any name) and its text
 * fields. Everything is refused before the model is asked: a second file, a picture over
 * 25 MB, a part that is neither.
 */
async function readMultipartPicture(
  request: FastifyRequest,
): Promise<{ picture: Buffer; fields: Record<string, string> }> {
  let picture: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (picture)
          throw badRequest('Send one picture per call: this one has more than one file.');
        picture = await part.toBuffer();
      } else if ((MULTIPART_FIELDS as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw badRequest(
          `${part.fieldname}: not a field of this call; send ${MULTIPART_FIELDS.join(', ')} and one picture.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'request/invalid', 'image: a picture can be at most 25 MB.');
    }
    if (code === 'FST_FILES_LIMIT') {
      throw badRequest('Send one picture per call: this one has more than one file.');
    }
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw badRequest(
        'The multipart body could not be read: send one picture file and the fields originPlatform, output and colour.',
      );
    }
    throw error;
  }
  if (!picture) throw badRequest('image: the multipart body has no picture file.');
  return { picture, fields };
}

/** A body or query checked by hand (its form depends on the content type): 400 naming the field. */
function parseOr400<S extends z.ZodType>(schema: S, value: unknown, where = ''): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
  const shown = issues.slice(0, 3).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  throw badRequest(shown.join('; '), issues);
}

/**
 * Spec §7 `POST /api/rest/v1/background_remover` and the job routes the editor follows
 * (decision 0051). Every route needs items.write: removing a background is editing a photo.
 */
export async function backgroundRemovalRoutes(
  app: App,
  deps: { service: BackgroundRemovalService },
) {
  const tags = ['background-removal'];
  const { service } = deps;

  const usageHeaders = async (reply: FastifyReply, ctx: RequestContext) => {
    const usage = await service.usage(ctx);
    reply.header(BACKGROUND_REMOVAL_HEADERS.used, String(usage.used));
    if (usage.limit !== null) reply.header(BACKGROUND_REMOVAL_HEADERS.limit, String(usage.limit));
  };

  /** The picture when the job is done; 202 with the job while it is not; 422 when it failed. */
  const answerPicture = async (
    reply: FastifyReply,
    ctx: RequestContext,
    started: BackgroundRemovalJob,
  ) => {
    const job = await service.waitForEnd(ctx, started.jobId, SPEC_CALL_WAIT_MS);
    reply.header(BACKGROUND_REMOVAL_HEADERS.jobId, job.jobId);
    await usageHeaders(reply, ctx);
    if (job.status === 'failed') {
      throw new AppError(
        422,
        'request/invalid',
        job.failure === 'notAnImage'
          ? 'The picture could not be read.'
          : job.failure === 'tooLarge'
            ? 'The picture has too many pixels.'
            : job.failure === 'sourceMissing'
              ? 'The photo was removed from the account.'
              : 'The background could not be removed from this picture. Try again.',
      );
    }
    if (job.status !== 'done') {
      reply.header('location', `${BACKGROUND_REMOVAL_API.jobs}/${job.jobId}`);
      return reply.status(202).send({ job });
    }
    const result = await service.result(ctx, job.jobId);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .type(result.contentType)
      .send(result.bytes as unknown as string);
  };

  // The picture may come as the raw body; the parser exists only for this route's scope.
  await app.register(async (scope) => {
    const pictureScope = scope as unknown as App;
    pictureScope.addContentTypeParser(
      IMAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Or as a file in a multipart/form-data body, with its fields beside it.
    await pictureScope.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_UPLOAD_BYTES,
        files: 1,
        fields: MULTIPART_FIELDS.length,
        fieldSize: 1024,
        parts: MULTIPART_FIELDS.length + 1,
      },
    });
    pictureScope.post(
      BACKGROUND_REMOVAL_API.remove,
      {
        bodyLimit: MAX_IMAGE_UPLOAD_BYTES,
        schema: {
          tags,
          summary: 'Remove the background of a picture and answer the picture (spec)',
          description:
            'Send the picture as a file in a multipart/form-data body (fields originPlatform, ' +
            'output, colour), or as the body (Content-Type: image/jpeg, image/png, image/webp, ' +
            'image/gif or image/avif; at most 25 MB and 50 megapixels) with `originPlatform`, ' +
            '`output` and `colour` in the query, or JSON `{ originPlatform, imageUrl, output?, ' +
            'colour? }` where imageUrl names one of the account’s photos. `output` is png ' +
            '(transparent; answered as image/png, the default), white or colour (with ' +
            '`colour` #rrggbb; answered as image/jpeg). The call waits for the job, up to ' +
            `${SPEC_CALL_WAIT_MS / 1000} s, then answers 202 { job } to follow at ` +
            `${BACKGROUND_REMOVAL_API.jobs}/{jobId}. Headers: ${BACKGROUND_REMOVAL_HEADERS.jobId}, ` +
            `${BACKGROUND_REMOVAL_HEADERS.used} and, with a limit, ` +
            `${BACKGROUND_REMOVAL_HEADERS.limit}. Past the account’s limit: 429 ` +
            'background-removal/limit-reached.',
          consumes: [
            'multipart/form-data',
            'application/json',
            'image/jpeg',
            'image/png',
            'image/webp',
          ],
          produces: ['image/png', 'image/jpeg'],
          querystring: z.record(z.string(), z.string()),
          response: {
            200: z.string().describe('The picture'),
            202: BackgroundRemovalJobAnswerSchema,
            ...errorResponses,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
            422: ErrorBodySchema,
          },
        },
        config: {
          activity: activity.none(
            'a new picture is made; the item and its photos change only when it is kept and the item saved',
          ),
          ...write,
        },
      },
      async (request, reply) => {
        const ctx = requireContext(request);
        const body: unknown = request.body;
        let started: BackgroundRemovalJob;
        if (request.isMultipart()) {
          const { picture, fields } = await readMultipartPicture(request);
          const query = parseOr400(BackgroundRemoverQuerySchema, { ...fields }, 'body');
          started = await service.startForPicture(ctx, picture, {
            ...query,
            originPlatform: query.originPlatform ?? 'api',
          });
        } else if (Buffer.isBuffer(body)) {
          const query = parseOr400(BackgroundRemoverQuerySchema, request.query, 'querystring');
          started = await service.startForPicture(ctx, body, {
            ...query,
            originPlatform: query.originPlatform ?? 'api',
          });
        } else {
          if (body === undefined || body === null || typeof body !== 'object') {
            throw badRequest(
              'Send the picture as a multipart file or as the body with Content-Type: image/*, or JSON { originPlatform, imageUrl }.',
            );
          }
          const input = parseOr400(BackgroundRemoverJsonSchema, body);
          started = await service.startForUrl(ctx, input);
        }
        return answerPicture(reply, ctx, started);
      },
    );
  });

  app.post(
    BACKGROUND_REMOVAL_API.jobs,
    {
      schema: {
        tags,
        summary: 'Start removing the background of one of the account’s photos',
        description:
          'Answers 202 { job }; follow it at …/jobs/{jobId}. The photo itself is never changed: ' +
          'keep the result as a new image, or discard it. Past the account’s limit: 429 ' +
          'background-removal/limit-reached.',
        body: BackgroundRemovalStartSchema,
        response: { 202: BackgroundRemovalJobAnswerSchema, ...errorResponses },
      },
      config: {
        activity: activity.none(
          'a new picture is made; the item and its photos change only when it is kept and the item saved',
        ),
        ...write,
      },
    },
    async (request, reply) => {
      const job = await service.startForImage(requireContext(request), request.body);
      return reply.status(202).send({ job });
    },
  );

  app.get(
    BACKGROUND_REMOVAL_API.usage,
    {
      schema: {
        tags,
        summary: 'How many pictures the account had processed, and its limit (null: none)',
        response: { 200: BackgroundRemovalUsageSchema, ...errorResponses },
      },
      config: write,
    },
    async (request) => service.usage(requireContext(request)),
  );

  app.get(
    `${BACKGROUND_REMOVAL_API.jobs}/:jobId`,
    {
      schema: {
        tags,
        summary: 'A background removal: its status and progress (0–100)',
        params: BackgroundRemovalJobParamsSchema,
        response: { 200: BackgroundRemovalJobAnswerSchema, ...errorResponses },
      },
      config: write,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { job: await service.find(requireContext(request), request.params.jobId) };
    },
  );

  app.get(
    `${BACKGROUND_REMOVAL_API.jobs}/:jobId/result`,
    {
      schema: {
        tags,
        summary: 'The picture a finished background removal made',
        description:
          'image/png (transparent) or image/jpeg (on white or a colour); 409 before it is done.',
        params: BackgroundRemovalJobParamsSchema,
        produces: ['image/png', 'image/jpeg'],
        response: { 200: z.string().describe('The picture'), ...errorResponses },
      },
      config: write,
    },
    async (request, reply) => {
      const result = await service.result(requireContext(request), request.params.jobId);
      return reply
        .header('cache-control', 'private, no-store')
        .type(result.contentType)
        .send(result.bytes as unknown as string);
    },
  );

  app.post(
    `${BACKGROUND_REMOVAL_API.jobs}/:jobId/keep`,
    {
      schema: {
        tags,
        summary: 'Keep the result as a new image of the account (the original stays)',
        description:
          'Answers the new image, made like an upload; put it in the item’s photos and save the ' +
          'item. Keeping again answers the same image.',
        params: BackgroundRemovalJobParamsSchema,
        body: z.object({}).strict().optional(),
        response: { 200: BackgroundRemovalKeptSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('the new image is recorded when the item it is put in is saved'),
        ...write,
      },
    },
    async (request) => service.keep(requireContext(request), request.params.jobId),
  );

  app.delete(
    `${BACKGROUND_REMOVAL_API.jobs}/:jobId`,
    {
      schema: {
        tags,
        summary: 'Discard a background removal and its result (a kept image stays)',
        params: BackgroundRemovalJobParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.none('discarding a result leaves the item and its photos as they were'),
        ...write,
      },
    },
    async (request, reply) => {
      await service.discard(requireContext(request), request.params.jobId);
      return reply.status(204).send(null);
    },
  );
}
