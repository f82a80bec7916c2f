import { PERMISSION_GROUPS, PERMISSION_KEYS, allPermissions } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { permissionsPayload, roleMatrix, togglePermission } from './role-matrix';

const lead = {
  accessLevel: 'member' as const,
  permissions: { 'items.read': true, 'items.write': true, 'roles.manage': true },
};

describe('the role editor’s permission matrix', () => {
  it('lists every key once, under the domain’s groups in order', () => {
    const matrix = roleMatrix({}, lead, { builtIn: false });
    expect(matrix.map((g) => g.group)).toEqual([...PERMISSION_GROUPS]);
    expect(matrix.flatMap((g) => g.cells.map((c) => c.key)).sort()).toEqual(
      [...PERMISSION_KEYS].sort(),
    );
  });

  it('locks the keys the caller does not hold, and lets them tick the others', () => {
    const matrix = roleMatrix({ 'items.read': true }, lead, { builtIn: false });
    const cells = new Map(matrix.flatMap((g) => g.cells).map((c) => [c.key, c]));
    expect(cells.get('items.read')).toEqual({ key: 'items.read', checked: true, lock: null });
    expect(cells.get('items.delete')?.lock).toBe('notHeld');
    expect(cells.get('roles.manage')?.lock).toBeNull();

    const ticked = togglePermission(matrix, { 'items.read': true }, 'items.write', true);
    expect(ticked).toEqual({ 'items.read': true, 'items.write': true });
    // A locked key stays as it was.
    expect(togglePermission(matrix, ticked, 'items.delete', true)).toBe(ticked);
  });

  it('opens a built-in role read-only, even for staff', () => {
    const matrix = roleMatrix(
      allPermissions(true),
      { accessLevel: 'staff', permissions: {} },
      {
        builtIn: true,
      },
    );
    expect(matrix.flatMap((g) => g.cells).every((c) => c.lock === 'builtIn' && c.checked)).toBe(
      true,
    );
  });

  it('sends every key, unticked ones as false', () => {
    const payload = permissionsPayload({ 'items.read': true });
    expect(Object.keys(payload).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(payload['items.read']).toBe(true);
    expect(payload['activity.read']).toBe(false);
  });
});
