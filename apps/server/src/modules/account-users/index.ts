// The account-users module's door: the team of an account (its members, their memberships and
// the member context a session runs in).
export { AccountUserService } from './account-user.service';
export type { LinkedMembership, MembershipLinks } from './member-links';
export type { AccountUserRow, NewAccountUserRow } from './account-user.repository';
export { toPublicAccountUser } from './account-user.mapper';
