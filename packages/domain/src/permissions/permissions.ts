import type { AccessLevel } from '../account-users/account-user.schema';

/**
 * Spec §6 leaves the permission keys to us. They are defined once here; the role editor shows
 * each with the label under `permission.<key>` in the message catalogues.
 */
export const PERMISSION_KEYS = [
  'items.read',
  'items.write',
  'items.delete',
  'listings.publish',
  'listings.delist',
  'sales.read',
  'sales.manage',
  'marketplaces.manage',
  'rules.manage',
  'reports.read',
  'team.manage',
  'roles.manage',
  'account.manage',
  'activity.read',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** The areas of work the role editor groups the permission keys under, in its order. */
export const PERMISSION_GROUPS = [
  'items',
  'listings',
  'sales',
  'marketplaces',
  'rules',
  'reports',
  'team',
  'account',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export interface PermissionDefinition {
  group: PermissionGroup;
  /** The English label; the web shows the catalogue's `permission.<key>`, equal in en-US. */
  label: string;
  /** One English line on what the key allows (`permission.<key>.explanation`). */
  explanation: string;
}

/**
 * What each permission key is, for people: one list, so the role editor, the web's catalogues
 * (a unit test holds en-US to these texts) and anyone reading a role agree.
 */
export const PERMISSION_DEFINITIONS: Record<PermissionKey, PermissionDefinition> = {
  'items.read': {
    group: 'items',
    label: 'View items',
    explanation: 'See the inventory, its items, photos and labels.',
  },
  'items.write': {
    group: 'items',
    label: 'Create and edit items',
    explanation: 'Add items, change their details and photos, and import items from a file.',
  },
  'items.delete': {
    group: 'items',
    label: 'Delete items',
    explanation: 'Remove items from the inventory for good.',
  },
  'listings.publish': {
    group: 'listings',
    label: 'List and relist items',
    explanation: 'Put items up for sale on the connected marketplaces, and list them again.',
  },
  'listings.delist': {
    group: 'listings',
    label: 'Delist items',
    explanation: 'Take listings down from the marketplaces.',
  },
  'sales.read': {
    group: 'sales',
    label: 'View sales',
    explanation: 'See the sales detected on the marketplaces.',
  },
  'sales.manage': {
    group: 'sales',
    label: 'Manage sales',
    explanation:
      'Dismiss detected sales, and mark items sold (which also needs the right to delist).',
  },
  'marketplaces.manage': {
    group: 'marketplaces',
    label: 'Manage marketplace connections',
    explanation: 'Connect and disconnect marketplace accounts and pair the browser extension.',
  },
  'rules.manage': {
    group: 'rules',
    label: 'Manage rules',
    explanation: 'Change the pricing, mapping and default rules used when listing.',
  },
  'reports.read': {
    group: 'reports',
    label: 'View reports',
    explanation: 'See the reports and export the inventory.',
  },
  'team.manage': {
    group: 'team',
    label: 'Manage the team',
    explanation: 'Invite, deactivate and remove team members, within your own permissions.',
  },
  'roles.manage': {
    group: 'team',
    label: 'Manage roles',
    explanation:
      'Create, change and delete roles and give them to members, within your own permissions.',
  },
  'account.manage': {
    group: 'account',
    label: 'Manage the account',
    explanation: "Change the account's own settings.",
  },
  'activity.read': {
    group: 'account',
    label: "View the account's activity",
    explanation: 'See the log of what the members of the account did and when.',
  },
};

/** The keys of a group, in PERMISSION_KEYS order. */
export function permissionKeysOf(group: PermissionGroup): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => PERMISSION_DEFINITIONS[key].group === group);
}

export type Permissions = Partial<Record<PermissionKey, boolean>>;

/**
 * Recording a sale (marking an item sold, an executor's sale) takes the item down everywhere
 * else, so it needs the right to delist as well as the right to manage sales.
 */
export const SALE_RECORDING_PERMISSIONS = [
  'sales.manage',
  'listings.delist',
] as const satisfies readonly PermissionKey[];

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

export function allPermissions(granted: boolean): Record<PermissionKey, boolean> {
  return Object.fromEntries(PERMISSION_KEYS.map((key) => [key, granted])) as Record<
    PermissionKey,
    boolean
  >;
}

/** What the protected built-in viewer role may do: read, nothing else. */
export const VIEWER_PERMISSIONS: Record<PermissionKey, boolean> = {
  ...allPermissions(false),
  'items.read': true,
  'sales.read': true,
  'reports.read': true,
};

/**
 * The permissions a role effectively holds. The protected built-in admin role holds every key,
 * including keys added after the role was saved (its stored map predates them); any other role
 * holds exactly the keys its map sets to true.
 */
export function effectiveRolePermissions(role: {
  name: string;
  isProtected: boolean;
  permissions: Permissions | null | undefined;
}): Record<PermissionKey, boolean> {
  if (role.isProtected && role.name === 'admin') return allPermissions(true);
  return Object.fromEntries(
    PERMISSION_KEYS.map((key) => [key, role.permissions?.[key] === true]),
  ) as Record<PermissionKey, boolean>;
}

/**
 * Spec §6: a check with no permission asked is true; otherwise it is true only when the role
 * grants it. Provider staff bypass role checks (DESIGN.md "Tenancy and permissions").
 */
export function hasPermission(input: {
  required?: PermissionKey | null;
  accessLevel: AccessLevel;
  permissions?: Permissions | null;
}): boolean {
  if (!input.required) return true;
  if (input.accessLevel === 'staff') return true;
  return input.permissions?.[input.required] === true;
}

/**
 * The permissions `granted` names that the holder does not have themselves: what a person
 * would hand out beyond their own reach by giving this role (nobody grants what they lack).
 */
export function permissionsBeyond(
  granted: Permissions | null | undefined,
  holder: { accessLevel: AccessLevel; permissions?: Permissions | null },
): PermissionKey[] {
  return PERMISSION_KEYS.filter(
    (key) =>
      granted?.[key] === true &&
      !hasPermission({
        required: key,
        accessLevel: holder.accessLevel,
        permissions: holder.permissions ?? null,
      }),
  );
}
