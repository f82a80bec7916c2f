import type { PermissionKey } from '@listloop/domain';

/**
 * Permissions whose work has no screen in this app to do it on (reports beyond the inventory's
 * export). The account card lists what a role lets the seller do here, so it leaves them out
 * rather than name places that do not exist.
 */
const WITHOUT_A_SCREEN: ReadonlySet<PermissionKey> = new Set(['reports.read']);

/** The granted permissions the app's screens act on, in the order given. */
export function permissionsShown(granted: readonly PermissionKey[]): PermissionKey[] {
  return granted.filter((key) => !WITHOUT_A_SCREEN.has(key));
}
