import type { JoinData } from '@listloop/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const VALIDATE_JOIN_DATA_PATH = '/api/account-users/validate-join-data';

const JoinDataValidSchema = z.object({
  valid: z.literal(true),
  email: z.string(),
  companyName: z.string(),
});
export type ValidJoinData = z.infer<typeof JoinDataValidSchema>;

/** Checks an invitation's e-mail and temporary password before anything is changed. */
export function validateJoinData(input: JoinData): Promise<ValidJoinData> {
  return apiRequest(VALIDATE_JOIN_DATA_PATH, {
    method: 'POST',
    body: { email: input.email, temporaryPassword: input.temporaryPassword },
    schema: JoinDataValidSchema,
  });
}
