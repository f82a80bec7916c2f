import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ListingPreviewProblemSchema } from '@listloop/domain';

/** The Fastify instance routes are declared on: zod schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Error responses, for the OpenAPI description. */
export const ErrorBodySchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
  redirect: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  problems: z.array(ListingPreviewProblemSchema).optional(),
});

export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
} as const;

export const OkSchema = z.object({ ok: z.literal(true) });
