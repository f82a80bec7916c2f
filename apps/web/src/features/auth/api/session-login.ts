import type { LoginInput } from '@listloop/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const SESSION_LOGIN_PATH = '/api/rest/v1/auth/session_login';

/** Spec §7: session_login is retried up to 2 times (network errors and 5xx only). */
export const SESSION_LOGIN_RETRIES = 2;

const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Exchanges e-mail and password for the httpOnly session cookie. Spec §7/§8: a failure is
 * logged as the warning 'Error creating cookie session' and raised for the form to show.
 */
export async function sessionLogin(input: LoginInput, retryDelayMs?: number): Promise<void> {
  try {
    await apiRequest(SESSION_LOGIN_PATH, {
      method: 'POST',
      body: { email: input.email, password: input.password },
      schema: OkSchema,
      retries: SESSION_LOGIN_RETRIES,
      retryDelayMs,
    });
  } catch (error) {
    console.warn('Error creating cookie session', error);
    throw error;
  }
}
