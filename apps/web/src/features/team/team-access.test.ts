import { allPermissions, VIEWER_PERMISSIONS, type PermissionKey } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { memberActionStates, memberStatusLabel, roleChoices, type Caller } from './team-access';

const lead: Caller = {
  userId: 'lead',
  accessLevel: 'member',
  permissions: { 'items.read': true, 'team.manage': true, 'roles.manage': true },
  isOwner: false,
};
const can = (caller: Caller) => (key: PermissionKey) => caller.permissions[key] === true;
const member = (
  over: Partial<{
    userId: string;
    status: 'active' | 'pending' | 'inactive';
    isOwner: boolean;
  }> = {},
) => ({
  userId: 'member',
  status: 'active' as const,
  isOwner: false,
  ...over,
});

describe('what the caller may do to a member', () => {
  it('allows every action on a member within reach', () => {
    const states = memberActionStates(
      member(),
      { permissions: { 'items.read': true } },
      lead,
      can(lead),
    );
    expect(states.changeRole.allowed && states.deactivate.allowed && states.remove.allowed).toBe(
      true,
    );
    expect(states.reinvite).toEqual({ allowed: false, reason: 'notPending' });
  });

  it('keeps the owner out of reach of everyone else, with the reason', () => {
    const states = memberActionStates(
      member({ isOwner: true }),
      { permissions: allPermissions(true) },
      lead,
      can(lead),
    );
    for (const action of ['changeRole', 'deactivate', 'reactivate', 'remove'] as const) {
      expect(states[action]).toEqual({ allowed: false, reason: 'ownerProtected' });
    }
  });

  it('refuses a member whose role can do what the caller cannot', () => {
    const states = memberActionStates(
      member(),
      { permissions: { 'items.read': true, 'account.manage': true } },
      lead,
      can(lead),
    );
    expect(states.remove).toEqual({ allowed: false, reason: 'memberAboveYou' });
    expect(states.changeRole).toEqual({ allowed: false, reason: 'memberAboveYou' });
  });

  it('keeps a viewer out of reach of a lead who cannot read sales or reports', () => {
    const states = memberActionStates(
      member(),
      { permissions: VIEWER_PERMISSIONS },
      lead,
      can(lead),
    );
    expect(states.deactivate).toEqual({ allowed: false, reason: 'memberAboveYou' });
  });

  it('leaves the decision to the server when the caller cannot read roles', () => {
    const states = memberActionStates(member(), undefined, lead, can(lead));
    expect(states.remove.allowed).toBe(true);
  });

  it('offers a pending member a new invitation, whatever their role', () => {
    const states = memberActionStates(
      member({ status: 'pending' }),
      { permissions: allPermissions(true) },
      lead,
      can(lead),
    );
    expect(states.reinvite).toEqual({ allowed: true });
  });

  it('does not let the caller deactivate, remove or move themselves', () => {
    const states = memberActionStates(member({ userId: 'lead' }), null, lead, can(lead));
    expect(states.deactivate).toEqual({ allowed: false, reason: 'yourself' });
    expect(states.remove).toEqual({ allowed: false, reason: 'yourself' });
  });

  it('lets the owner act on their own row only as far as the other rules allow', () => {
    const owner: Caller = {
      ...lead,
      userId: 'owner',
      isOwner: true,
      permissions: allPermissions(true),
    };
    const states = memberActionStates(
      member({ userId: 'owner', isOwner: true }),
      null,
      owner,
      can(owner),
    );
    expect(states.remove).toEqual({ allowed: false, reason: 'yourself' });
  });
});

describe('the status a member reads as', () => {
  it('says an expired invitation instead of pending', () => {
    expect(memberStatusLabel({ status: 'pending', invitationExpired: true })).toBe(
      'invitationExpired',
    );
    expect(memberStatusLabel({ status: 'pending', invitationExpired: false })).toBe('pending');
    expect(memberStatusLabel({ status: 'inactive', invitationExpired: true })).toBe('inactive');
  });
});

describe('the roles a caller may give', () => {
  const roles = [
    { id: 'admin', isProtected: true, permissions: allPermissions(true) },
    { id: 'packers', isProtected: false, permissions: { 'items.read': true } },
    { id: 'managers', isProtected: false, permissions: { 'account.manage': true } },
  ];

  it('keeps the built-in roles for the owner and refuses roles beyond the caller', () => {
    expect(roleChoices(roles, lead).map((c) => [c.role.id, c.block])).toEqual([
      ['admin', 'protectedRole'],
      ['packers', null],
      ['managers', 'grantBeyondOwn'],
    ]);
    const owner = { ...lead, isOwner: true, permissions: allPermissions(true) };
    expect(roleChoices(roles, owner).every((c) => c.block === null)).toBe(true);
  });
});
