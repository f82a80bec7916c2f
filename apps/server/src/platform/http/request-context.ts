import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/cookie';
import {
  allPermissions,
  decideGate,
  hasPermission,
  serviceKeyKindOf,
  type AccessLevel,
  type GateDecision,
  type PermissionKey,
} from '@listloop/domain';
import { permissionsOf, takesExecutorToken, type Access } from './access';
import { ContextCache } from './context-cache';
import { AppError } from './errors';
import { serviceKeyContext, type ServiceKeyResolver } from './service-key-access';

/**
 * The rows a member's context carries. Platform reads only the fields of the fallbacks below;
 * the module that owns memberships (account-users, `member-records.ts`) fills this interface
 * with its row types by declaration merging, so routes see the full rows while platform names
 * no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface MemberRecordTypes {}

type RecordOf<K extends string, Fallback> = MemberRecordTypes extends { [P in K]: infer T }
  ? T
  : Fallback;

/** A membership row: the fields the gate and the permissions need. */
export type MembershipRecord = RecordOf<'membership', { accessLevel: AccessLevel; status: string }>;
/** An account row: the fields the gate needs. */
export type AccountRecord = RecordOf<
  'account',
  { accountId: string; status: string; accountName: string }
>;
/** A role row: its permissions. */
export type RoleRecord = RecordOf<'role', { permissions: Partial<Record<PermissionKey, boolean>> }>;

/** The signed-in user a session belongs to. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** Who is asking, resolved once per request: session → user → membership → account → role. */
export interface RequestContext {
  sessionToken: string;
  user: SignedInUser;
  accountId: string;
  accessLevel: AccessLevel;
  membership: MembershipRecord;
  account: AccountRecord;
  role: RoleRecord | null;
  /** Effective permissions: the role's, or all of them for provider staff. */
  permissions: Record<PermissionKey, boolean>;
  /** Every membership of the user, for the session state's accountUsers. */
  memberships: { membership: MembershipRecord; account: AccountRecord }[];
  /** The paired browser's token when the extension is asking; null for a signed-in session. */
  executorTokenId: string | null;
  /** The service key a program is asking with (decision 0045); absent for a person. */
  serviceKey?: { id: string; kind: 'search' | 'user_role' };
}

/** Who a live executor token acts as: its account user, in its account. */
export interface ExecutorSession {
  tokenId: string;
  accountId: string;
  user: SignedInUser;
}

/** How a bearer token becomes an executor session (the executors module's service). */
export interface ExecutorTokenResolver {
  resolve(token: string): Promise<ExecutorSession | null>;
}

/** The bearer token a request carries, if any. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

/** The context of a route whose access is `session` or `member`. */
export function requireContext(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new AppError(401, 'auth/user-logged-out');
  return request.ctx;
}

/** How a request's cookies become a signed-in user (the auth module's service). */
export interface SessionResolver {
  resolve(
    cookieHeader: string | undefined,
    ip: string,
  ): Promise<{ token: string; user: SignedInUser; setCookies: string[] } | null>;
  endSession(token: string): Promise<void>;
  /** Every cookie the session may have set, to clear on sign-out. */
  cookieNames(): Promise<string[]>;
}

/** How a user becomes a member: their memberships, usable first, then the oldest. */
export interface MembershipSource {
  findMembershipsOfUser(
    userId: string,
  ): Promise<{ membership: MembershipRecord; account: AccountRecord; role: RoleRecord | null }[]>;
}

export interface RequestContextDeps {
  auth: SessionResolver;
  accountUsers: MembershipSource;
  executorTokens: ExecutorTokenResolver;
  serviceKeys: ServiceKeyResolver;
  /** Signed-in identities kept for a few seconds per session cookie; none: every request loads. */
  identities?: IdentityCache;
}

/** A session cookie's user and what the gate decided for them. */
interface SignedInIdentity {
  session: { token: string; user: SignedInUser; setCookies: string[] };
  decision: GateDecision;
  context: RequestContext | null;
}

export type IdentityCache = ContextCache<SignedInIdentity | null>;

/** The cache of signed-in identities, `ttlMs` long (0: nothing is kept). */
export function createIdentityCache(ttlMs: number): IdentityCache {
  return new ContextCache({ ttlMs, maxEntries: 20_000 });
}

/**
 * The session behind a cookie header and its member context, from the cache when it holds
 * them. Kept only when nothing is to be sent back (no renewed cookie) and the gate let the user
 * in; every user and account it rests on is named, so a change to any of them drops it.
 */
async function identify(
  deps: RequestContextDeps,
  cookieHeader: string | undefined,
  ip: string,
): Promise<SignedInIdentity | null> {
  const load = async (): Promise<SignedInIdentity | null> => {
    const session = await deps.auth.resolve(cookieHeader, ip);
    if (!session) return null;
    const { decision, context } = await loadMemberContext(
      deps.accountUsers,
      session.user,
      session.token,
    );
    return { session, decision, context };
  };
  if (!deps.identities || !cookieHeader) return load();
  // Keyed by a digest: a header padded with junk cookies costs 43 characters here, not 16 KB.
  const key = crypto.createHash('sha256').update(cookieHeader).digest('base64url');
  const identity = await deps.identities.getOrLoad(key, load, (loaded) =>
    loaded?.context && loaded.session.setCookies.length === 0 && loaded.decision.kind !== 'signOut'
      ? {
          userIds: [loaded.session.user.id],
          accountIds: loaded.context.memberships.map(({ account }) => account.accountId),
        }
      : null,
  );
  // Each request gets its own context object: nothing one request does to it reaches another.
  return identity?.context ? { ...identity, context: { ...identity.context } } : identity;
}

export async function clearSessionCookies(
  auth: Pick<SessionResolver, 'cookieNames'>,
  reply: FastifyReply,
  secure: boolean,
) {
  for (const name of await auth.cookieNames()) {
    reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  }
}

/**
 * The gate decision for a signed-in user and, when they may enter, their context: the
 * membership the session uses (usable first, then the oldest), its account and role, and the
 * effective permissions. The request hook uses it, and so does work done on a user's behalf
 * outside a request (the demo seed).
 */
export async function loadMemberContext(
  accountUsers: MembershipSource,
  user: SignedInUser,
  sessionToken: string,
  executor: { tokenId: string; accountId: string } | null = null,
): Promise<{ decision: GateDecision; context: RequestContext | null }> {
  const memberships = await accountUsers.findMembershipsOfUser(user.id);
  // An executor token acts in the account it was paired for, or in none.
  const current = executor
    ? memberships.find((m) => m.account.accountId === executor.accountId)
    : memberships[0];
  const decision = decideGate({
    signedIn: true,
    email: user.email,
    membership: current?.membership ?? null,
    account: current?.account ?? null,
  });
  if (decision.kind === 'signOut' || !current) return { decision, context: null };
  const accessLevel = current.membership.accessLevel;
  const permissions =
    accessLevel === 'staff'
      ? allPermissions(true)
      : { ...allPermissions(false), ...(current.role?.permissions ?? {}) };
  return {
    decision,
    context: {
      sessionToken,
      user,
      accountId: current.account.accountId,
      accessLevel,
      membership: current.membership,
      account: current.account,
      role: current.role,
      permissions,
      memberships: memberships.map(({ membership, account }) => ({ membership, account })),
      executorTokenId: executor?.tokenId ?? null,
    },
  };
}

/**
 * One hook does the work of spec §4 and §6 for every route, so no route can forget it. A
 * signed-in user whose membership or account stops being usable is signed out on their next
 * request, with the error the web app shows.
 */
export function registerRequestContext(
  app: FastifyInstance,
  deps: RequestContextDeps,
  options: { secureCookies: boolean },
): void {
  app.decorateRequest('ctx', null);

  app.addHook('onRequest', async (request, reply) => {
    const declared: Access | undefined = request.routeOptions.config?.access;
    // Routes that are not ours (the 404 handler) declare nothing and need nothing.
    if (!request.routeOptions.url) return;
    const accessRule: Access = declared ?? { kind: 'member', permissions: [] };
    // Staff routes are hidden from everyone else, a program with a key included.
    if (accessRule.kind === 'staff') {
      bindContext(request, reply, await staffContext(deps, request));
      return;
    }

    // A service key: a program acting as the key's creator, within the key (decision 0045).
    const bearer = bearerTokenOf(request);
    const keyKind = bearer === null ? null : serviceKeyKindOf(bearer);
    if (bearer !== null && keyKind !== null) {
      const context = await serviceKeyContext({
        resolver: deps.serviceKeys,
        rule: accessRule,
        method: request.method,
        token: bearer,
        kind: keyKind,
        memberContext: async (session) => {
          const { decision, context } = await loadMemberContext(
            deps.accountUsers,
            session.user,
            `service-key:${session.keyId}`,
            { tokenId: session.keyId, accountId: session.accountId },
          );
          return decision.kind === 'continue' ? context : null;
        },
      });
      assertPermitted(accessRule, context);
      bindContext(request, reply, context);
      return;
    }
    if (accessRule.kind === 'public') return;

    // The paired extension: its bearer token, never a cookie, on the routes that take one.
    if (bearer !== null) {
      if (!takesExecutorToken(accessRule)) throw new AppError(403, 'auth/executor-scope');
      const session = await deps.executorTokens.resolve(bearer);
      if (!session) throw new AppError(401, 'auth/executor-unpaired');
      const { decision, context } = await loadMemberContext(
        deps.accountUsers,
        session.user,
        `executor:${session.tokenId}`,
        session,
      );
      if (decision.kind !== 'continue' || !context) {
        throw new AppError(401, 'auth/executor-unpaired');
      }
      assertPermitted(accessRule, context);
      bindContext(request, reply, context);
      return;
    }

    const identity = await identify(deps, request.headers.cookie, request.ip);
    if (!identity) throw new AppError(401, 'auth/user-logged-out');
    const { session, decision, context } = identity;
    if (session.setCookies.length > 0) reply.header('set-cookie', session.setCookies);
    if (decision.kind === 'signOut' || !context) {
      await deps.auth.endSession(session.token);
      await clearSessionCookies(deps.auth, reply, options.secureCookies);
      throw new AppError(
        401,
        decision.kind === 'signOut' ? decision.reason : 'auth/user-logged-out',
      );
    }
    if (decision.kind === 'redirect' && accessRule.kind !== 'session') {
      throw new AppError(403, 'auth/pending-account-user', undefined, { redirect: decision.to });
    }
    assertPermitted(accessRule, context);
    bindContext(request, reply, context);
  });
}

/**
 * The request's context, and its account on every log line the request writes from here on
 * (its id is on them already): the request's logger and its reply's, which writes "request
 * completed", become children that carry `accountId`.
 */
function bindContext(
  request: FastifyRequest,
  reply: FastifyReply,
  context: RequestContext | null,
): void {
  request.ctx = context;
  if (!context) return;
  const log = request.log.child({ accountId: context.accountId });
  request.log = log;
  reply.log = log;
}

/**
 * A staff route's caller: a signed-in, active member of provider staff, by session cookie
 * only. Anyone else, signed in or not, is told the route does not exist.
 */
async function staffContext(deps: RequestContextDeps, request: FastifyRequest) {
  const hidden = new AppError(404, 'request/not-found', 'Not found.');
  if (bearerTokenOf(request) !== null) throw hidden;
  const resolved = await deps.auth.resolve(request.headers.cookie, request.ip);
  if (!resolved) throw hidden;
  const { decision, context } = await loadMemberContext(
    deps.accountUsers,
    resolved.user,
    resolved.token,
  );
  if (decision.kind !== 'continue' || !context || context.accessLevel !== 'staff') throw hidden;
  return context;
}

function assertPermitted(accessRule: Access, context: RequestContext): void {
  const permitted = permissionsOf(accessRule).every((required) =>
    hasPermission({ required, accessLevel: context.accessLevel, permissions: context.permissions }),
  );
  if (!permitted) throw new AppError(403, 'auth/forbidden');
}
