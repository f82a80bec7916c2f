import type { AccountRow } from '../accounts';
import type { RoleRow } from '../roles';
import type { AccountUserRow } from './account-user.repository';

/**
 * The account and the role a membership points at, each read by its key from the module that
 * owns it. Accounts and roles build on the team, so the need is declared here and the
 * composition root passes their services.
 */
export interface MembershipLinks {
  accountOf(accountId: string): Promise<AccountRow | null>;
  roleOf(accountId: string, roleId: string): Promise<RoleRow | null>;
}

/** A membership with its account and role, as a request's member context carries it. */
export interface LinkedMembership {
  membership: AccountUserRow;
  account: AccountRow;
  role: RoleRow | null;
}

/** Memberships in their order with the account and role of each; one whose account is gone is none. */
export async function linkMemberships(
  memberships: AccountUserRow[],
  links: MembershipLinks,
): Promise<LinkedMembership[]> {
  const linked = await Promise.all(
    memberships.map(async (membership) => {
      const [account, role] = await Promise.all([
        links.accountOf(membership.accountId),
        membership.role ? links.roleOf(membership.accountId, membership.role) : null,
      ]);
      return account ? [{ membership, account, role }] : [];
    }),
  );
  return linked.flat();
}
