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
      'pickingList',
      'analytics',
      'marketplaces',
      'rules',
      'reports',
      'workflow',
      'team',
      'activity',
      'settings',
      'service-keys',
    ]);
  });

  it('shows Service keys only to a role that may manage the account', () => {
    const keys = visibleNavAreas((permission) => permission !== 'account.manage').map((a) => a.key);
    expect(keys).not.toContain('service-keys');
    expect(keys).toContain('settings');
  });

  it('shows the Picking list to a role that may read sales, whether it is on or off', () => {
    const keys = visibleNavAreas((permission) => permission !== 'sales.read').map((a) => a.key);
    expect(keys).not.toContain('pickingList');
    expect(
      visibleNavAreas((permission) => permission === 'sales.read').map((a) => a.key),
    ).toContain('pickingList');
  });

  it('leaves out the Analytics area for a role that may not read reports', () => {
    const keys = visibleNavAreas((permission) => permission !== 'reports.read').map((a) => a.key);
    expect(keys).not.toContain('analytics');
    expect(keys).toContain('sales');
  });

  it('leaves out the Activity area for a role that may not read the activity log', () => {
    const keys = visibleNavAreas((permission) => permission !== 'activity.read').map((a) => a.key);
    expect(keys).not.toContain('activity');
  });

  it('shows the staff screens to provider staff only, and the workflow to who may manage the account', () => {
    expect(visibleNavAreas(() => true).map((a) => a.key)).not.toContain('staffOnboardings');
    expect(visibleNavAreas(() => true, NAV_AREAS, true).map((a) => a.key)).toContain(
      'staffOnboardings',
    );
    const keys = visibleNavAreas((permission) => permission !== 'account.manage').map((a) => a.key);
    expect(keys).not.toContain('workflow');
  });

  it('shows the Team area to a role that may manage the team or its roles, not to others', () => {
    const shown = (held: string[]) =>
      visibleNavAreas((permission) => held.includes(permission)).map((a) => a.key);
    expect(shown(['team.manage'])).toContain('team');
    expect(shown(['roles.manage'])).toContain('team');
    expect(shown(['items.read', 'sales.read', 'reports.read'])).not.toContain('team');
  });

  it('leaves out the Reports area for a role that may not read reports', () => {
    const keys = visibleNavAreas((permission) => permission !== 'reports.read').map((a) => a.key);
    expect(keys).not.toContain('reports');
    expect(keys).toContain('inventory');
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

  it('marks Settings active on the account settings too', () => {
    const settings = NAV_AREAS.find((area) => area.key === 'settings')!;
    expect(isNavAreaActive(settings, '/app/settings')).toBe(true);
    expect(isNavAreaActive(settings, '/app/account')).toBe(true);
    expect(isNavAreaActive(settings, '/app/accounts')).toBe(false);
  });
});
