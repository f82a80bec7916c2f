import { describe, expect, it } from 'vitest';
import {
  allPermissions,
  effectiveRolePermissions,
  PERMISSION_DEFINITIONS,
  PERMISSION_GROUPS,
  permissionKeysOf,
  hasPermission,
  isPermissionKey,
  PERMISSION_KEYS,
  permissionsBeyond,
  type PermissionKey,
  type Permissions,
  VIEWER_PERMISSIONS,
} from './permissions';
import type { AccessLevel } from '../account-users/account-user.schema';

describe('PERMISSION_KEYS', () => {
  it('has no duplicates', () => {
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
  });

  it.each(PERMISSION_KEYS)('%s is a permission key', (key) => {
    expect(isPermissionKey(key)).toBe(true);
  });

  it.each(['', 'items', 'ITEMS.READ', 'items.read ', 'admin', 'constructor', 'toString'])(
    '%j is not a permission key',
    (value) => {
      expect(isPermissionKey(value)).toBe(false);
    },
  );
});

describe('allPermissions', () => {
  it.each([true, false])('sets every key to %j', (granted) => {
    const all = allPermissions(granted);
    expect(Object.keys(all).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(Object.values(all).every((value) => value === granted)).toBe(true);
  });
});

describe('VIEWER_PERMISSIONS', () => {
  it('grants reading only', () => {
    const granted = PERMISSION_KEYS.filter((key) => VIEWER_PERMISSIONS[key]);
    expect(granted.sort()).toEqual(['items.read', 'reports.read', 'sales.read']);
    expect(Object.keys(VIEWER_PERMISSIONS).sort()).toEqual([...PERMISSION_KEYS].sort());
  });
});

describe('hasPermission (spec §6)', () => {
  const role: Permissions = { 'items.read': true, 'items.write': false };

  describe('no permission asked → true', () => {
    it.each<[PermissionKey | null | undefined, AccessLevel, Permissions | null | undefined]>([
      [undefined, 'member', undefined],
      [null, 'member', null],
      [undefined, 'member', {}],
      [null, 'member', allPermissions(false)],
      [undefined, 'staff', null],
    ])('required=%j accessLevel=%j permissions=%j', (required, accessLevel, permissions) => {
      expect(hasPermission({ required, accessLevel, permissions })).toBe(true);
    });
  });

  describe('a member depends on the role', () => {
    it.each<[string, PermissionKey, Permissions | null | undefined, boolean]>([
      ['the role grants it', 'items.read', role, true],
      ['the role sets it false', 'items.write', role, false],
      ['the role lacks the key', 'items.delete', role, false],
      ['the role is empty', 'items.read', {}, false],
      ['there is no role (null)', 'items.read', null, false],
      ['there is no role (undefined)', 'items.read', undefined, false],
      ['every permission granted', 'account.manage', allPermissions(true), true],
      ['every permission refused', 'account.manage', allPermissions(false), false],
      ['viewer reading', 'sales.read', VIEWER_PERMISSIONS, true],
      ['viewer writing', 'items.write', VIEWER_PERMISSIONS, false],
    ])('%s', (_label, required, permissions, expected) => {
      expect(hasPermission({ required, accessLevel: 'member', permissions })).toBe(expected);
    });

    it('only an explicit true grants (truthy non-booleans do not)', () => {
      const odd = { 'items.read': 'true', 'items.write': 1 } as unknown as Permissions;
      expect(
        hasPermission({ required: 'items.read', accessLevel: 'member', permissions: odd }),
      ).toBe(false);
      expect(
        hasPermission({ required: 'items.write', accessLevel: 'member', permissions: odd }),
      ).toBe(false);
    });
  });

  describe('provider staff bypass role checks', () => {
    it.each<[PermissionKey, Permissions | null | undefined]>([
      ['items.delete', null],
      ['items.delete', undefined],
      ['roles.manage', {}],
      ['account.manage', allPermissions(false)],
      ['team.manage', { 'team.manage': false }],
    ])('%s with permissions %j → true', (required, permissions) => {
      expect(hasPermission({ required, accessLevel: 'staff', permissions })).toBe(true);
    });
  });
});

describe('permissionsBeyond', () => {
  it('names the granted keys the holder lacks, and none for staff', () => {
    const granted = { 'items.read': true, 'team.manage': true, 'roles.manage': false };
    expect(
      permissionsBeyond(granted, { accessLevel: 'member', permissions: { 'items.read': true } }),
    ).toEqual(['team.manage']);
    expect(permissionsBeyond(granted, { accessLevel: 'staff', permissions: {} })).toEqual([]);
    expect(permissionsBeyond(null, { accessLevel: 'member', permissions: {} })).toEqual([]);
  });
});

describe('PERMISSION_DEFINITIONS', () => {
  it('describes every key, and no other, with a group, a label and one line', () => {
    expect(Object.keys(PERMISSION_DEFINITIONS).sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const key of PERMISSION_KEYS) {
      const definition = PERMISSION_DEFINITIONS[key];
      expect(PERMISSION_GROUPS).toContain(definition.group);
      expect(definition.label.trim()).not.toBe('');
      expect(definition.explanation.trim()).not.toBe('');
      expect(definition.explanation).not.toMatch(/\n/);
    }
  });

  it('puts each key in exactly one group, every group holding at least one', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => permissionKeysOf(group));
    expect(grouped.sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const group of PERMISSION_GROUPS)
      expect(permissionKeysOf(group).length).toBeGreaterThan(0);
  });

  it('has the activity log key, which the viewer does not hold', () => {
    expect(isPermissionKey('activity.read')).toBe(true);
    expect(PERMISSION_DEFINITIONS['activity.read'].group).toBe('account');
    expect(VIEWER_PERMISSIONS['activity.read']).toBe(false);
  });
});

describe('effectiveRolePermissions', () => {
  it('gives the protected admin role every key, even one its saved map predates', () => {
    const savedBefore = { ...allPermissions(true) } as Permissions;
    delete savedBefore['activity.read'];
    expect(
      effectiveRolePermissions({ name: 'admin', isProtected: true, permissions: savedBefore }),
    ).toEqual(allPermissions(true));
    expect(effectiveRolePermissions({ name: 'admin', isProtected: true, permissions: {} })).toEqual(
      allPermissions(true),
    );
  });

  it('keeps the viewer read-only and any other role exactly as saved', () => {
    expect(
      effectiveRolePermissions({
        name: 'viewer',
        isProtected: true,
        permissions: VIEWER_PERMISSIONS,
      }),
    ).toEqual(VIEWER_PERMISSIONS);
    // Only the protected role earns the fallback: an unprotected role cannot be named admin,
    // and if a row ever were, it keeps its own map.
    expect(
      effectiveRolePermissions({
        name: 'admin',
        isProtected: false,
        permissions: { 'items.read': true },
      }),
    ).toEqual({ ...allPermissions(false), 'items.read': true });
    expect(
      effectiveRolePermissions({ name: 'packers', isProtected: false, permissions: null }),
    ).toEqual(allPermissions(false));
  });
});
