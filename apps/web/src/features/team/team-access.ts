import {
  permissionsBeyond,
  type AccessLevel,
  type PermissionKey,
  type Permissions,
  type TeamMember,
} from '@listloop/domain';
import { UI_PERMISSIONS } from '../../lib/session/ui-permissions';

/** Whether the signed-in member holds a permission (staff hold all), as `usePermission` says. */
export type Can = (key: PermissionKey) => boolean;

export const TEAM_TABS = ['members', 'roles'] as const;
export type TeamTab = (typeof TEAM_TABS)[number];

/** The permissions each tab of the Team screen reads and works with (its routes name them). */
export const TEAM_TAB_PERMISSIONS: Record<TeamTab, readonly PermissionKey[]> = {
  members: UI_PERMISSIONS['team.members'],
  roles: UI_PERMISSIONS['team.roles'],
};

/** The tabs the caller may open: each only with its key. */
export function teamTabs(can: Can): TeamTab[] {
  return TEAM_TABS.filter((tab) => TEAM_TAB_PERMISSIONS[tab].every(can));
}

export const MEMBER_ACTIONS = [
  'invite',
  'reinvite',
  'changeRole',
  'deactivate',
  'reactivate',
  'remove',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/**
 * The keys each member action needs, as its route names them: inviting, status changes and
 * removal are the team's (`team.manage`); giving a role is the roles' (`roles.manage`).
 */
export const MEMBER_ACTION_PERMISSIONS: Record<MemberAction, readonly PermissionKey[]> = {
  invite: UI_PERMISSIONS['team.invite'],
  reinvite: UI_PERMISSIONS['team.invite'],
  changeRole: UI_PERMISSIONS['team.changeRole'],
  deactivate: UI_PERMISSIONS['team.members'],
  reactivate: UI_PERMISSIONS['team.members'],
  remove: UI_PERMISSIONS['team.members'],
};

/** Why an action on a member is not offered; each has its sentence on screen. */
export type MemberBlock =
  'missingPermission' | 'ownerProtected' | 'memberAboveYou' | 'yourself' | 'notPending';

export type ActionState = { allowed: true } | { allowed: false; reason: MemberBlock };

export interface Caller {
  userId: string;
  accessLevel: AccessLevel;
  permissions: Permissions;
  /** Whether the caller owns the account (from their own row of the team list). */
  isOwner: boolean;
}

/**
 * What the caller may do to one member, with the reason for each refusal, by the same rules
 * the server keeps (decision 0029): the owner is the owner's, nobody acts on a member whose
 * role can do more than theirs, and each action needs its key. `memberRole` is null when the
 * member has no role, undefined when the caller cannot read roles (the server decides then).
 */
export function memberActionStates(
  member: Pick<TeamMember, 'userId' | 'status' | 'isOwner'>,
  memberRole: { permissions: Permissions } | null | undefined,
  caller: Caller,
  can: Can,
): Record<Exclude<MemberAction, 'invite'>, ActionState> {
  const self = member.userId === caller.userId;
  const common = (action: MemberAction): ActionState => {
    if (!MEMBER_ACTION_PERMISSIONS[action].every(can))
      return { allowed: false, reason: 'missingPermission' };
    if (member.isOwner && !self) return { allowed: false, reason: 'ownerProtected' };
    if (!self && memberRole && permissionsBeyond(memberRole.permissions, caller).length > 0)
      return { allowed: false, reason: 'memberAboveYou' };
    return { allowed: true };
  };
  const notSelf = (action: MemberAction): ActionState => {
    const state = common(action);
    if (state.allowed && self) return { allowed: false, reason: 'yourself' };
    return state;
  };
  // A new temporary password goes to the member alone, by e-mail: the server lets the team's
  // managers send one to any pending member.
  const reinvite: ActionState = !MEMBER_ACTION_PERMISSIONS.reinvite.every(can)
    ? { allowed: false, reason: 'missingPermission' }
    : member.status !== 'pending'
      ? { allowed: false, reason: 'notPending' }
      : { allowed: true };
  return {
    reinvite,
    changeRole: notSelf('changeRole'),
    deactivate: notSelf('deactivate'),
    reactivate: notSelf('reactivate'),
    remove: notSelf('remove'),
  };
}

/** The label a member's status reads as: a pending member whose invitation ran out says so. */
export type MemberStatusLabel = TeamMember['status'] | 'invitationExpired';

export function memberStatusLabel(
  member: Pick<TeamMember, 'status' | 'invitationExpired'>,
): MemberStatusLabel {
  return member.status === 'pending' && member.invitationExpired
    ? 'invitationExpired'
    : member.status;
}

/** Why a role cannot be given by the caller. */
export type RoleChoiceBlock = 'protectedRole' | 'grantBeyondOwn';

/**
 * The roles the caller may give a member, as the server decides it: the built-in roles only
 * by the owner, and no role holding a permission the caller lacks. The others are listed,
 * disabled, with the reason.
 */
export function roleChoices<R extends { isProtected: boolean; permissions: Permissions }>(
  roles: readonly R[],
  caller: Caller,
): { role: R; block: RoleChoiceBlock | null }[] {
  return roles.map((role) => ({
    role,
    block:
      role.isProtected && !caller.isOwner
        ? 'protectedRole'
        : permissionsBeyond(role.permissions, caller).length > 0
          ? 'grantBeyondOwn'
          : null,
  }));
}
