import {
  hasPermission,
  SALE_RECORDING_PERMISSIONS,
  type AccessLevel,
  type PermissionKey,
  type Permissions,
} from '@listloop/domain';

/**
 * Every permission-gated control of the web that is not a navigation area (those carry their
 * key in `app/shell/nav-areas.ts`), with the keys it needs, all of them, as its routes name
 * them. Screens ask through `useMayUse(<control>)`, so this list is what the web does;
 * `app/permission-gates.test.ts` walks every key against it.
 */
export const UI_PERMISSIONS = {
  /** Inventory: new item, import, edit in bulk, mark not listed. */
  'inventory.write': ['items.write'],
  'inventory.delete': ['items.delete'],
  'inventory.publish': ['listings.publish'],
  'inventory.delist': ['listings.delist'],
  /** The inventory's CSV export: a report of the items. */
  'inventory.export': ['reports.read', 'items.read'],
  /** The Reports screen's item report: start one, retry one, save one's defaults. */
  'reports.items': ['reports.read'],
  'itemEditor.write': ['items.write'],
  'itemEditor.delete': ['items.delete'],
  'itemEditor.publish': ['listings.publish'],
  'itemEditor.sales': ['sales.read'],
  'itemEditor.markSold': SALE_RECORDING_PERMISSIONS,
  'labels.write': ['items.write'],
  'rules.manage': ['rules.manage'],
  'sales.dismiss': ['sales.manage'],
  'sales.delist': ['listings.delist'],
  'marketplaces.manage': ['marketplaces.manage'],
  /** The Team screen's tabs and member actions (features/team/team-access.ts names the same). */
  'team.members': ['team.manage'],
  'team.invite': ['team.manage'],
  'team.changeRole': ['roles.manage'],
  'team.roles': ['roles.manage'],
  /** The account's own settings: the Slack notifications card. */
  'account.settings': ['account.manage'],
  /** The home dashboard's "Try again" on a failed list, and on a failed delist. */
  'home.retryList': ['listings.publish'],
  'home.retryDelist': ['listings.delist'],
  /** The picking list: checking items and packing or removing orders. */
  'pickingList.pack': ['sales.manage'],
  'pickingList.print': ['sales.manage'],
  /** The account's list settings (days of sales, in-person sales, printed layout). */
  'pickingList.settings': ['sales.manage'],
  /** The way to the account settings where the picking list is turned on. */
  'pickingList.turnOn': ['account.manage'],
  /** The profit and analytics screen's figures and their CSV downloads. */
  'analytics.view': ['reports.read'],
} as const satisfies Record<string, readonly PermissionKey[]>;
export type GatedControl = keyof typeof UI_PERMISSIONS;

/** Whether a member with these permissions may use the control (staff always may). */
export function mayUse(
  control: GatedControl,
  holder: { accessLevel: AccessLevel; permissions: Permissions | null | undefined },
): boolean {
  return UI_PERMISSIONS[control].every((required) =>
    hasPermission({ required, accessLevel: holder.accessLevel, permissions: holder.permissions }),
  );
}
