import {
  hasPermission,
  PERMISSION_GROUPS,
  PERMISSION_KEYS,
  permissionKeysOf,
  type AccessLevel,
  type PermissionGroup,
  type PermissionKey,
  type Permissions,
} from '@listloop/domain';

/** Why a permission's checkbox cannot be changed. */
export type MatrixLock = 'builtIn' | 'notHeld';

export interface MatrixCell {
  key: PermissionKey;
  checked: boolean;
  /** null: the caller may tick or untick it. */
  lock: MatrixLock | null;
}

export interface MatrixGroup {
  group: PermissionGroup;
  cells: MatrixCell[];
}

/**
 * The role editor's permission matrix, grouped as the domain groups the keys. A built-in role
 * is read-only; otherwise a key the caller does not hold cannot be changed (nobody grants what
 * they lack, and the server checks the role before the change too).
 */
export function roleMatrix(
  permissions: Permissions,
  caller: { accessLevel: AccessLevel; permissions: Permissions },
  options: { builtIn: boolean },
): MatrixGroup[] {
  return PERMISSION_GROUPS.map((group) => ({
    group,
    cells: permissionKeysOf(group).map((key) => ({
      key,
      checked: permissions[key] === true,
      lock: options.builtIn
        ? 'builtIn'
        : hasPermission({ required: key, ...caller })
          ? null
          : 'notHeld',
    })),
  }));
}

/** The permissions with one key ticked or unticked; a locked key is left as it was. */
export function togglePermission(
  matrix: MatrixGroup[],
  permissions: Permissions,
  key: PermissionKey,
  checked: boolean,
): Permissions {
  const cell = matrix.flatMap((g) => g.cells).find((c) => c.key === key);
  if (!cell || cell.lock) return permissions;
  return { ...permissions, [key]: checked };
}

/** Every key with its value, as the save route takes them. */
export function permissionsPayload(permissions: Permissions): Record<PermissionKey, boolean> {
  return Object.fromEntries(
    PERMISSION_KEYS.map((key) => [key, permissions[key] === true]),
  ) as Record<PermissionKey, boolean>;
}
