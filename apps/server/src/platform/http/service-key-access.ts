import {
  PERMISSION_KEYS,
  type PermissionKey,
  type Permissions,
  type ServiceKeyKind,
} from '@listloop/domain';
import type { Access } from './access';
import { AppError } from './errors';
import type { RequestContext, SignedInUser } from './request-context';

/** Who a live service key acts as (decision 0045): its creator, in its account, within `permissions`. */
export interface ServiceKeySession {
  keyId: string;
  kind: ServiceKeyKind;
  accountId: string;
  /** The member who made the key: it acts as them, never beyond their current permissions. */
  user: SignedInUser;
  /** What the key itself may do: items.read for a search key, its role's for a role key. */
  permissions: Permissions;
}

/** How a bearer token becomes a service-key session (the service-keys module's service). */
export interface ServiceKeyResolver {
  resolve(token: string): Promise<ServiceKeySession | null>;
}

/**
 * Why a route refuses a service key of this kind; null when it takes it. A key is for a
 * program: never on the routes of a person's own session (signing in, passwords, the session
 * state), never on the extension's, never where keys are made; a search key only reads the
 * inventory.
 */
export function serviceKeyRefusal(
  rule: Access,
  method: string,
  kind: ServiceKeyKind,
): string | null {
  if (rule.kind !== 'member') {
    return 'A service key cannot sign in, change a password or read a session: those are for people signed in to ListLoop.';
  }
  if (rule.executor) {
    return 'A service key cannot do the browser extension’s work: pair the extension from the Marketplaces screen.';
  }
  if (rule.serviceKeys === 'none') {
    return 'A service key cannot make, list or revoke keys, nor pair a browser: sign in to ListLoop to do that.';
  }
  if (kind === 'search' && (rule.serviceKeys !== 'search' || method !== 'GET')) {
    return 'A read-only search key can only search the inventory and read its items. Use a role key for anything else.';
  }
  return null;
}

/**
 * The context a key acts in: its creator's, with the key's permissions intersected with the
 * creator's current ones, as a plain member (a key made by provider staff does not bypass
 * roles) and never as the account's owner (what only the owner may do stays with the person).
 */
export function narrowToServiceKey(
  context: RequestContext,
  session: ServiceKeySession,
): RequestContext {
  const permissions = Object.fromEntries(
    PERMISSION_KEYS.map((key) => [
      key,
      session.permissions[key] === true && context.permissions[key] === true,
    ]),
  ) as Record<PermissionKey, boolean>;
  return {
    ...context,
    accessLevel: 'member',
    membership: { ...context.membership, isOwner: false },
    permissions,
    executorTokenId: null,
    serviceKey: { id: session.keyId, kind: session.kind },
  };
}

/**
 * Resolves a service key for the request hook: 403 where the route does not take its kind,
 * 401 when it is unknown, revoked, or its creator is no longer an active member of its account.
 */
export async function serviceKeyContext(input: {
  resolver: ServiceKeyResolver;
  rule: Access;
  method: string;
  token: string;
  kind: ServiceKeyKind;
  /** The creator's member context in the key's account; null when they may not enter it. */
  memberContext: (session: ServiceKeySession) => Promise<RequestContext | null>;
}): Promise<RequestContext> {
  const refusal = serviceKeyRefusal(input.rule, input.method, input.kind);
  if (refusal) throw new AppError(403, 'auth/service-key-scope', refusal);
  const session = await input.resolver.resolve(input.token);
  if (!session || session.kind !== input.kind) throw new AppError(401, 'auth/service-key-invalid');
  const context = await input.memberContext(session);
  if (!context) throw new AppError(401, 'auth/service-key-invalid');
  return narrowToServiceKey(context, session);
}
