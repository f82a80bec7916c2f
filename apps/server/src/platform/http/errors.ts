import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@listloop/domain';

/**
 * An error a person can act on. Services throw these; the error handler turns them into the
 * JSON body of ApiErrorBody with the status given here. Anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly extra: Pick<ApiErrorBody, 'redirect' | 'issues' | 'problems'> = {},
    /** Sent as Retry-After (whole seconds): when a temporary refusal is worth trying again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, issues?: ApiErrorBody['issues']) =>
  new AppError(400, 'request/invalid', message, issues ? { issues } : {});

export const notFound = (what = 'Not found.') => new AppError(404, 'request/not-found', what);

export const conflict = (message: string) => new AppError(409, 'request/conflict', message);

export const forbidden = (message?: string) => new AppError(403, 'auth/forbidden', message);

export const unauthorized = (code: ErrorCode, extra: Pick<ApiErrorBody, 'redirect'> = {}) =>
  new AppError(401, code, undefined, extra);
