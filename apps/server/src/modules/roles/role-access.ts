import { permissionsBeyond, type Permissions } from '@listloop/domain';
import { AppError } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';

/**
 * Who may hand out which role, shared by the role operations and the team operations (adding a
 * member with a role). Pure rules on the caller's context: no reads.
 */

/** Nobody grants a permission they do not hold: a role is given out only within one's reach. */
export function assertWithinReach(ctx: RequestContext, permissions: Permissions): void {
  const beyond = permissionsBeyond(permissions, ctx);
  if (beyond.length > 0) {
    throw new AppError(
      403,
      'team/grant-beyond-own',
      `You cannot give a permission that your own role does not have: ${beyond.join(', ')}.`,
    );
  }
}

/** The built-in roles (admin, viewer) are given out by the account's owner only. */
export function assertMayGive(
  ctx: RequestContext,
  role: { isProtected: boolean; permissions: Permissions },
): void {
  if (role.isProtected && !ctx.membership.isOwner) throw new AppError(403, 'team/protected-role');
  assertWithinReach(ctx, role.permissions);
}

/**
 * Nobody changes, deactivates or removes a member who can do more than they can: a member whose
 * role holds a permission the caller lacks is out of the caller's reach (an admin is not
 * demoted by someone who may only manage roles).
 */
export function assertMayActOn(
  ctx: RequestContext,
  targetRole: { permissions: Permissions } | null,
): void {
  if (!targetRole) return;
  const beyond = permissionsBeyond(targetRole.permissions, ctx);
  if (beyond.length > 0) {
    throw new AppError(
      403,
      'team/member-above-you',
      `You cannot change, deactivate or remove a team member whose role can do what yours cannot: ${beyond.join(', ')}.`,
    );
  }
}

/** The owner's membership is changed by the owner alone. */
export function assertNotOwnerOfAnother(
  ctx: RequestContext,
  target: { userId: string; isOwner: boolean },
): void {
  if (target.isOwner && target.userId !== ctx.user.id) {
    throw new AppError(403, 'team/owner-protected');
  }
}
