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
