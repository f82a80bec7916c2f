import { allPermissions, type ServiceKey } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { givableRoles, keyFormProblem, orderForList } from './service-keys';

const role = (name: string, permissions: Record<string, boolean>, isProtected = false) => ({
  id: `${name}-id`,
  name,
  isProtected,
  permissions,
});

describe('givableRoles', () => {
  const roles = [
    role('writers', { 'items.read': true, 'items.write': true }),
    role('admin', allPermissions(true), true),
    role('readers', { 'items.read': true }),
    role('team', { 'team.manage': true }),
  ];

  it('offers only the roles whose every permission the person holds, by name', () => {
    const holder = {
      accessLevel: 'member' as const,
      permissions: { 'items.read': true, 'items.write': true, 'account.manage': true },
    };
    expect(givableRoles(roles, holder).map((r) => r.name)).toEqual(['readers', 'writers']);
  });

  it('offers every role to provider staff, the built-in ones included', () => {
    const holder = { accessLevel: 'staff' as const, permissions: {} };
    expect(givableRoles(roles, holder).map((r) => r.name)).toEqual([
      'admin',
      'readers',
      'team',
      'writers',
    ]);
  });

  it('offers a role that grants nothing to anyone', () => {
    const holder = { accessLevel: 'member' as const, permissions: {} };
    expect(givableRoles([role('empty', {})], holder).map((r) => r.name)).toEqual(['empty']);
  });
});

describe('orderForList', () => {
  const key = (id: string, revokedAt: string | null): ServiceKey => ({
    id,
    name: id,
    kind: 'search',
    role: null,
    hint: 'abcd',
    createdBy: { userId: 'u', name: 'Ada' },
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUsedAt: null,
    revokedAt,
  });

  it('puts the live keys before the revoked ones, keeping the server’s order in each', () => {
    const ordered = orderForList([
      key('new-revoked', '2026-02-01T00:00:00.000Z'),
      key('newer', null),
      key('old-revoked', '2026-01-05T00:00:00.000Z'),
      key('older', null),
    ]);
    expect(ordered.map((k) => k.id)).toEqual(['newer', 'older', 'new-revoked', 'old-revoked']);
  });
});

describe('keyFormProblem', () => {
  it('needs a name of at most 100 characters, spaces aside', () => {
    expect(keyFormProblem({ name: '   ', kind: 'search', roleId: null })).toBe('nameRequired');
    expect(keyFormProblem({ name: 'x'.repeat(101), kind: 'search', roleId: null })).toBe(
      'nameTooLong',
    );
    expect(keyFormProblem({ name: ` ${'x'.repeat(100)} `, kind: 'search', roleId: null })).toBe(
      null,
    );
  });

  it('needs a role for a role key, and none for a search key', () => {
    expect(keyFormProblem({ name: 'Sync', kind: 'user_role', roleId: null })).toBe('roleRequired');
    expect(keyFormProblem({ name: 'Sync', kind: 'user_role', roleId: 'r1' })).toBe(null);
    expect(keyFormProblem({ name: 'Search', kind: 'search', roleId: null })).toBe(null);
  });
});
