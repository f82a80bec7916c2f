import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const UPDATE_PASSWORD_PATH = '/api/rest/v1/enterprise/account-users/update-password';

/** A signed-in pending account user sets their own password and becomes active. */
export function updatePassword(password: string): Promise<{ ok: true }> {
  return apiRequest(UPDATE_PASSWORD_PATH, {
    method: 'PUT',
    body: { password },
    schema: z.object({ ok: z.literal(true) }),
  });
}
