import {
  allPermissions,
  PERMISSION_KEYS,
  type PermissionKey,
  type Permissions,
} from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { memberActionStates, teamTabs, type Caller } from '../features/team/team-access';
import { roleMatrix } from '../features/team/role-matrix';
import { mayUse, UI_PERMISSIONS } from '../lib/session/ui-permissions';
import { KEYS_WITHOUT_A_SCREEN, permissionGates } from './permission-gates';
import { NAV_AREAS, visibleNavAreas } from './shell/nav-areas';

/** A member holding every key but the ones named. */
function without(...keys: PermissionKey[]): Permissions {
  const permissions: Permissions = allPermissions(true);
  for (const key of keys) permissions[key] = false;
  return permissions;
}
const canWith = (permissions: Permissions) => (key: PermissionKey) => permissions[key] === true;

describe('what each permission key gates in the web', () => {
  for (const key of PERMISSION_KEYS) {
    it(`${key}: every piece of UI it gates is hidden or disabled without it`, () => {
      const gates = permissionGates(key);
      if (KEYS_WITHOUT_A_SCREEN.has(key)) {
        // Listed as without a screen: then truly nothing here is gated by it.
        expect(gates).toEqual({ navAreas: [], controls: [] });
        return;
      }
      expect(
        gates.navAreas.length + gates.controls.length,
        `nothing gated by ${key}`,
      ).toBeGreaterThan(0);

      for (const areaKey of gates.navAreas) {
        const area = NAV_AREAS.find((a) => a.key === areaKey)!;
        // An area of several parts stays while any of its keys is held: take them all away.
        const lacking = without(...(area.anyPermission ?? [key]));
        expect(visibleNavAreas(canWith(allPermissions(true))).map((a) => a.key)).toContain(areaKey);
        expect(visibleNavAreas(canWith(lacking)).map((a) => a.key)).not.toContain(areaKey);
      }
      for (const control of gates.controls) {
        expect(mayUse(control, { accessLevel: 'member', permissions: allPermissions(true) })).toBe(
          true,
        );
        expect(mayUse(control, { accessLevel: 'member', permissions: without(key) })).toBe(false);
      }
    });
  }

  it('lets staff use every control and see every area, whatever their role', () => {
    for (const control of Object.keys(UI_PERMISSIONS) as (keyof typeof UI_PERMISSIONS)[]) {
      expect(mayUse(control, { accessLevel: 'staff', permissions: {} })).toBe(true);
    }
  });
});

describe('the Team screen keeps to the same keys', () => {
  const member = { userId: 'someone-else', status: 'pending' as const, isOwner: false };
  const caller = (permissions: Permissions): Caller => ({
    userId: 'me',
    accessLevel: 'member',
    permissions,
    isOwner: false,
  });

  it('hides the Members tab without team.manage and the Roles tab without roles.manage', () => {
    expect(teamTabs(canWith(allPermissions(true)))).toEqual(['members', 'roles']);
    expect(teamTabs(canWith(without('team.manage')))).toEqual(['roles']);
    expect(teamTabs(canWith(without('roles.manage')))).toEqual(['members']);
    expect(teamTabs(canWith(without('team.manage', 'roles.manage')))).toEqual([]);
    expect(UI_PERMISSIONS['team.members']).toEqual(['team.manage']);
    expect(UI_PERMISSIONS['team.roles']).toEqual(['roles.manage']);
  });

  it('disables the member actions without their key', () => {
    const noTeam = without('team.manage');
    const states = memberActionStates(member, null, caller(noTeam), canWith(noTeam));
    expect(states.reinvite).toEqual({ allowed: false, reason: 'missingPermission' });
    expect(states.deactivate).toEqual({ allowed: false, reason: 'missingPermission' });
    expect(states.remove).toEqual({ allowed: false, reason: 'missingPermission' });
    expect(states.changeRole.allowed).toBe(true);

    const noRoles = without('roles.manage');
    const lacking = memberActionStates(member, null, caller(noRoles), canWith(noRoles));
    expect(lacking.changeRole).toEqual({ allowed: false, reason: 'missingPermission' });
  });

  it('locks each key the caller lacks in the permission matrix', () => {
    for (const key of PERMISSION_KEYS) {
      const cells = roleMatrix(
        {},
        { accessLevel: 'member', permissions: without(key) },
        { builtIn: false },
      ).flatMap((group) => group.cells);
      expect(cells.filter((cell) => cell.lock !== null).map((cell) => cell.key)).toEqual([key]);
    }
  });
});
