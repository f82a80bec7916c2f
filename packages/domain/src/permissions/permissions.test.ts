import { describe, expect, it } from 'vitest';
import {
  allPermissions,
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
