import type { PermissionKey } from '@listloop/domain';

/**
 * What a route needs from the caller, declared in its `config.access`:
 * - public: nothing (sign-in, health, docs);
 * - session: a signed-in user with a usable membership, pending included (the session state,
 *   setting one's own password, signing out);
 * - member: an active membership, and the permission when one is named (spec §6).
 * A route that declares nothing is `member` with no permission: closed by default.
 */
export type Access =
  { kind: 'public' } | { kind: 'session' } | { kind: 'member'; permission?: PermissionKey };

export const access = {
  public: { kind: 'public' } as Access,
  session: { kind: 'session' } as Access,
  member: (permission?: PermissionKey): Access =>
    permission ? { kind: 'member', permission } : { kind: 'member' },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
