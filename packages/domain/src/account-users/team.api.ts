import { z } from 'zod';
import { ACCOUNT_USER_STATUSES, PublicAccountUserSchema } from './account-user.schema';

/** How many addresses one bulk invitation takes. */
export const BULK_INVITE_MAX = 500;

/** The role filter's value for members who hold no role. */
export const NO_ROLE_FILTER = 'none';

/** The team search's filters: name or e-mail (partial, any case), status, role id or `none`. */
export const TeamSearchQuerySchema = z.object({
  query: z.string().trim().max(200).optional(),
  status: z.enum(ACCOUNT_USER_STATUSES).optional(),
  role: z.string().trim().min(1).max(64).optional(),
});
export type TeamSearchQuery = z.infer<typeof TeamSearchQuerySchema>;

/**
 * A member as the team screen lists them: the public account user, whether they are the
 * account's owner, and whether a pending member's temporary password has run out (they cannot
 * join until they are invited again).
 */
export const TeamMemberSchema = PublicAccountUserSchema.extend({
  isOwner: z.boolean(),
  invitationExpired: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** One address of a bulk invitation and what became of it. */
export const BulkInviteResultSchema = z.object({
  email: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BulkInviteResult = z.infer<typeof BulkInviteResultSchema>;
