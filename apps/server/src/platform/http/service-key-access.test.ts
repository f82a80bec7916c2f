import { allPermissions } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { access } from './access';
import type { RequestContext } from './request-context';
import { narrowToServiceKey, serviceKeyRefusal } from './service-key-access';

describe('serviceKeyRefusal: where a service key may go', () => {
  it('refuses every key on public, session, extension and personal routes', () => {
    for (const kind of ['search', 'user_role'] as const) {
      for (const rule of [
        access.public,
        access.session,
        access.executor('items.read'),
        access.personal('account.manage'),
      ]) {
        expect(serviceKeyRefusal(rule, 'GET', kind), `${kind} ${JSON.stringify(rule)}`).toEqual(
          expect.any(String),
        );
      }
    }
  });

  it('takes a role key on any other member route, whatever the method', () => {
    expect(serviceKeyRefusal(access.member('items.write'), 'POST', 'user_role')).toBeNull();
    expect(serviceKeyRefusal(access.member(), 'DELETE', 'user_role')).toBeNull();
    expect(serviceKeyRefusal(access.search('items.read'), 'GET', 'user_role')).toBeNull();
  });

  it('takes a search key only on a search route, and only to read', () => {
    expect(serviceKeyRefusal(access.search('items.read'), 'GET', 'search')).toBeNull();
    expect(serviceKeyRefusal(access.search('items.read'), 'POST', 'search')).toMatch(/search/);
    expect(serviceKeyRefusal(access.member('items.read'), 'GET', 'search')).toMatch(/search/);
  });
});

describe('narrowToServiceKey: what a key may do', () => {
  const context = (overrides: Partial<RequestContext>): RequestContext =>
    ({
      sessionToken: 'service-key:k',
      user: { id: 'u', email: 'a@example.test', name: 'Ada' },
      accountId: 'acc',
      accessLevel: 'member',
      membership: { accessLevel: 'member', status: 'active', isOwner: true },
      account: { accountId: 'acc', status: 'active', accountName: 'listloop' },
      role: null,
      permissions: allPermissions(false),
      memberships: [],
      executorTokenId: 'k',
      ...overrides,
    }) as unknown as RequestContext;
  const session = (permissions: Record<string, boolean>) => ({
    keyId: 'k',
    kind: 'user_role' as const,
    accountId: 'acc',
    user: { id: 'u', email: 'a@example.test', name: 'Ada' },
    permissions,
  });

  it('keeps only what both the key and its maker hold', () => {
    const narrowed = narrowToServiceKey(
      context({
        permissions: { ...allPermissions(false), 'items.read': true, 'items.write': true },
      }),
      session({ 'items.write': true, 'team.manage': true }),
    );
    expect(Object.entries(narrowed.permissions).filter(([, on]) => on)).toEqual([
      ['items.write', true],
    ]);
  });

  it('never bypasses roles as staff, never acts as the owner, and is no executor', () => {
    const narrowed = narrowToServiceKey(
      context({ accessLevel: 'staff', permissions: allPermissions(true) }),
      session({ 'items.read': true }),
    );
    expect(narrowed.accessLevel).toBe('member');
    expect((narrowed.membership as unknown as { isOwner: boolean }).isOwner).toBe(false);
    expect(narrowed.permissions['account.manage']).toBe(false);
    expect(narrowed.executorTokenId).toBeNull();
    expect(narrowed.serviceKey).toEqual({ id: 'k', kind: 'user_role' });
  });
});
