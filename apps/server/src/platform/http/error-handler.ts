import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@listloop/domain';
import { AppError } from './errors';
import { StorageError } from '../storage/storage';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function send(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  extra: Partial<ApiErrorBody> = {},
) {
  const body: ApiErrorBody = {
    statusCode,
    code,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    ...extra,
  };
  return reply.status(statusCode).type('application/json; charset=utf-8').send(body);
}

/** "email: Email must be a valid e-mail address" from the first few zod issues. */
function describeIssues(issues: { path: string; message: string }[]): string {
  const shown = issues.slice(0, 3).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `${shown.join('; ')}${more}`;
}

/** 1 MiB, 256 KiB, 1500 bytes: a body limit as a person reads it. */
function sizeText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function fastifyClientError(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is empty; send a JSON object.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'This content type is not accepted here; send JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        message: `The request body is too large: this address takes at most ${sizeText(request.routeOptions.bodyLimit)}.`,
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The request body does not match its Content-Length.' };
    default:
      break;
  }
  if (error instanceof SyntaxError)
    return { status: 400, message: 'The request body is not valid JSON.' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: error.message };
  }
  return null;
}

const UNSTORABLE_TEXT =
  'This request holds text the database cannot store (a NUL character or a broken Unicode escape); remove it and try again.';

/**
 * Postgres's refusal of a character it cannot store (22021 invalid byte sequence, 22P05
 * untranslatable character), directly or as the cause of the ORM's error: the input's fault.
 * The NUL guard refuses most such requests before they reach the database; this is the net.
 */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== null) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return send(reply, error.statusCode, error.code, error.message, error.extra);
    }
    if (error instanceof StorageError && error.code === 'invalid-argument') {
      return send(reply, 400, 'request/invalid', error.message);
    }
    if (
      error instanceof StorageError &&
      (error.code === 'object-not-found' || error.code === 'no-download-url')
    ) {
      return send(reply, 404, 'request/not-found', error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const where = error.validationContext ?? 'body';
        const path = [
          where === 'body' ? '' : where,
          v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        ]
          .filter(Boolean)
          .join('.');
        return { path, message: v.message ?? 'is not valid' };
      });
      return send(reply, 400, 'request/invalid', describeIssues(issues), { issues });
    }
    const clientError = fastifyClientError(error, request);
    if (clientError) {
      const code: ErrorCode =
        clientError.status === 429
          ? 'request/too-many'
          : clientError.status === 404
            ? 'request/not-found'
            : 'request/invalid';
      return send(reply, clientError.status, code, clientError.message);
    }
    if (isUnstorableText(error)) {
      return send(reply, 400, 'request/invalid', UNSTORABLE_TEXT);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'server/internal', ERROR_MESSAGES['server/internal']);
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      404,
      'request/not-found',
      `No route ${request.method} ${request.url.split('?')[0]}.`,
    ),
  );
}
