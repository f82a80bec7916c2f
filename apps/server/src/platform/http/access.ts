import type { PermissionKey } from '@listloop/domain';

/**
 * What a route needs from the caller, declared in its `config.access`:
 * - public: nothing (sign-in, health, docs);
 * - session: a signed-in user with a usable membership, pending included (the session state,
 *   setting one's own password, signing out);
 * - member: an active membership, and every permission named (spec §6): a route whose work
 *   does what two keys stand for (a sale that delists elsewhere) names both.
 * - staff: an active member whose access level is the provider-staff value; work across
 *   accounts by design (approving onboardings). Everyone else is told 404: the route is not
 *   revealed.
 * A route that declares nothing is `member` with no permission: closed by default.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'staff' }
  | {
      kind: 'member';
      permissions: readonly PermissionKey[];
      executor?: true;
      /**
       * Which service keys the route takes besides a signed-in member (decision 0045): by
       * default a role key only; `search` also a search key (GET only); `none` neither.
       */
      serviceKeys?: 'search' | 'none';
    };

export const access = {
  public: { kind: 'public' } as Access,
  session: { kind: 'session' } as Access,
  staff: { kind: 'staff' } as Access,
  member: (...permissions: PermissionKey[]): Access => ({ kind: 'member', permissions }),
  /**
   * As `member`, and the paired browser extension may call it with its executor token (the
   * executor routes and the listing reports, decision 0039). Every other route refuses a token.
   */
  executor: (...permissions: PermissionKey[]): Access => ({
    kind: 'member',
    permissions,
    executor: true,
  }),
  /** As `member`, and a read-only search key may call it too: the inventory's reads. */
  search: (...permissions: PermissionKey[]): Access => ({
    kind: 'member',
    permissions,
    serviceKeys: 'search',
  }),
  /**
   * As `member`, for a person only: every service key is refused (the routes that make keys
   * or pair browsers, so a key cannot mint another).
   */
  personal: (...permissions: PermissionKey[]): Access => ({
    kind: 'member',
    permissions,
    serviceKeys: 'none',
  }),
};

/** Whether the paired extension may call a route with its token. */
export function takesExecutorToken(rule: Access | undefined): boolean {
  return rule?.kind === 'member' && rule.executor === true;
}

/** The permissions a route's access names (none for public, session, or a bare member). */
export function permissionsOf(rule: Access | undefined): readonly PermissionKey[] {
  return rule?.kind === 'member' ? rule.permissions : [];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
