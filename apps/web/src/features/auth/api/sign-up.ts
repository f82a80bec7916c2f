import { SignUpResultSchema, type SignUpInput, type SignUpResult } from '@listloop/domain';
import { apiRequest } from '../../../lib/api-client';

export const SIGN_UP_PATH = '/api/account';

/** Spec §7 POST /api/account: opens the account; the caller signs in next. */
export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return apiRequest(SIGN_UP_PATH, { method: 'POST', body: input, schema: SignUpResultSchema });
}
