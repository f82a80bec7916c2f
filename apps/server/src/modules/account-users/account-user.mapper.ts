import type { PublicAccountUser } from '@listloop/domain';
import type { AccountUserRow } from './account-user.repository';

/** The spec's account-user shape, without the temporary password hash. */
export function toPublicAccountUser(row: AccountUserRow): PublicAccountUser {
  return {
    accountId: row.accountId,
    userId: row.userId,
    accessLevel: row.accessLevel,
    accountUserId: row.accountUserId || row.id,
    status: row.status,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    showSpeechAtPhotoStep: row.showSpeechAtPhotoStep,
    hasTemporaryPassword: row.temporaryPassword !== null && row.temporaryPassword !== undefined,
  };
}
