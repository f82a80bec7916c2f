import crypto from 'node:crypto';
import type { ApiErrorFormat } from '../core/emulator-server';
import type { Fault } from '../core/faults';
import { json, type EmulatorResponse } from '../core/http';

/** One entry of Depop's ErrorResponse: a code and a message. */
export interface DepopError {
  code: string;
  message: string;
}

/** ✅ Depop's error body: `{ id, errors: [{ code, message }] }`, a new id per answer. */
export function depopErrors(
  status: number,
  errors: readonly DepopError[],
  headers?: Record<string, string>,
): EmulatorResponse {
  return json(status, { id: crypto.randomUUID(), errors: [...errors] }, headers);
}

/** ✅ The 401 of a missing, unknown or revoked API key (the description's example). */
export const INVALID_API_KEY: DepopError = { code: 'unauthorized', message: 'invalid api key' };

/** ✅ The 429 body of the description's TooManyRequests. */
const TOO_MANY_REQUESTS: DepopError = {
  code: 'too_many_requests',
  message: 'Rate limit exceeded. Please retry later.',
};

/** ◐ What Depop says on a 5xx is not described; a gateway-style body in its error format. */
function serverError(status: number): DepopError {
  return {
    code: status === 502 ? 'unexpected_response' : 'internal_error',
    message:
      status === 502
        ? 'An upstream request at depop has failed to be processed.'
        : 'Something went wrong at Depop. Please retry later.',
  };
}

/** ✅ The product-not-found message of the description, by SKU or by id. */
export function productNotFound(ref: { sku?: string; productId?: number }): DepopError {
  const message =
    ref.sku !== undefined
      ? `Product (sku: ${ref.sku}, id: None, slug: None) not found`
      : `Product (id: ${ref.productId ?? 'None'}) not found`;
  return { code: 'product_not_found', message };
}

/** Depop's answers to what goes wrong before an operation runs, in its error format. */
export const depopErrorFormat: ApiErrorFormat = {
  invalidRequest: (messages) =>
    depopErrors(
      400,
      messages.map((message) => ({ code: 'bad-request', message })),
    ),
  unknownOperation: (method, path) =>
    depopErrors(404, [{ code: 'not_found', message: `${method} ${path} is not an API endpoint.` }]),
  notImplemented: (operationId) =>
    depopErrors(501, [
      { code: 'not_implemented', message: `The Depop emulator does not carry out ${operationId}.` },
    ]),
  unauthorized: () => depopErrors(401, [INVALID_API_KEY]),
  fault: (fault: Fault) => {
    if (fault.kind === 'rate-limit') {
      // ◐ The description gives no Retry-After; the emulator sends one so clients can honour it.
      return depopErrors(429, [TOO_MANY_REQUESTS], {
        'retry-after': String(fault.retryAfterSeconds),
      });
    }
    if (fault.kind === 'expired-token') return depopErrors(401, [INVALID_API_KEY]);
    return depopErrors(fault.status, [serverError(fault.status)]);
  },
};
