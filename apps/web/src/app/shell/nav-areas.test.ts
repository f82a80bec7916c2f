import { describe, expect, it } from 'vitest';
import { NAV_AREAS, isNavAreaActive, visibleNavAreas } from './nav-areas';

describe('the navigation list', () => {
  it('shows only the areas that exist so far', () => {
    expect(visibleNavAreas(() => true).map((area) => area.key)).toEqual([
      'home',
      'inventory',
      'labels',
      'import',
      'sales',
      'marketplaces',
      'rules',
      'team',
      'settings',
    ]);
  });

  it('shows the Team area to a role that may manage the team or its roles, not to others', () => {
    const shown = (held: string[]) =>
      visibleNavAreas((permission) => held.includes(permission)).map((a) => a.key);
    expect(shown(['team.manage'])).toContain('team');
    expect(shown(['roles.manage'])).toContain('team');
    expect(shown(['items.read', 'sales.read', 'reports.read'])).not.toContain('team');
  });

  it('leaves out the Sales area for a role that may not read sales', () => {
    const keys = visibleNavAreas((permission) => permission !== 'sales.read').map((a) => a.key);
    expect(keys).not.toContain('sales');
    expect(keys).toContain('inventory');
  });

  it('lists every area of the product once', () => {
    const keys = NAV_AREAS.map((area) => area.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of [
      'inventory',
      'labels',
      'sales',
      'marketplaces',
      'rules',
      'reports',
      'team',
      'settings',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('marks the root active only on itself, other areas on their subpaths too', () => {
    const home = { to: '/', exact: true };
    const imports = { to: '/app/import' };
    expect(isNavAreaActive(home, '/')).toBe(true);
    expect(isNavAreaActive(home, '/app/import')).toBe(false);
    expect(isNavAreaActive(imports, '/app/import')).toBe(true);
    expect(isNavAreaActive(imports, '/app/import/csv')).toBe(true);
    expect(isNavAreaActive(imports, '/app/imports')).toBe(false);
  });
});
