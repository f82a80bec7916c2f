// The roles module's door: an account's roles, the operations on them, and the rules on who
// may give or change which role (shared with the team's operations on members).
export { RoleService, type RoleMembers, type RoleView } from './role.service';
export type { RoleRow, NewRoleRow } from './role.repository';
export {
  assertMayActOn,
  assertMayGive,
  assertNotOwnerOfAnother,
  assertWithinReach,
} from './role-access';
