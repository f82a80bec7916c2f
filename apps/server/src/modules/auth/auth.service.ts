import { APIError } from 'better-auth/api';
import type { Logger } from 'pino';
import type { LoginInput } from '@listloop/domain';
import { AppError } from '../../platform/http/errors';
import type { Auth } from './auth';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

export interface ResolvedSession {
  sessionId: string;
  token: string;
  user: SignedInUser;
  /** Set-Cookie values to pass on (better-auth renews a session cookie as it ages). */
  setCookies: string[];
}

/** Identity operations on top of better-auth: the only place that talks to it. */
export class AuthService {
  constructor(
    private readonly auth: Auth,
    private readonly logger: Logger,
  ) {}

  /**
   * Checks e-mail and password and opens a session. Spec §8: the provider's "user not found"
   * and invalid-credentials answers become the product's login-fail text; other provider
   * messages are shown as they are.
   */
  async signIn(input: LoginInput, clientIp: string, userAgent: string | undefined) {
    try {
      const { headers, response } = await this.auth.api.signInEmail({
        body: { email: input.email.toLowerCase(), password: input.password, rememberMe: true },
        headers: this.headersFor({ clientIp, userAgent }),
        returnHeaders: true,
      });
      return {
        token: response.token,
        user: { id: response.user.id, email: response.user.email, name: response.user.name },
        setCookies: headers.getSetCookie(),
      };
    } catch (error) {
      if (error instanceof APIError) {
        const code = String((error.body as { code?: string } | undefined)?.code ?? '');
        if (
          code === 'INVALID_EMAIL_OR_PASSWORD' ||
          code === 'USER_NOT_FOUND' ||
          /invalid login credentials/i.test(error.message)
        ) {
          throw new AppError(401, 'auth/login-fail');
        }
        if (typeof error.statusCode === 'number' && error.statusCode < 500) {
          throw new AppError(400, 'auth/login-failure', error.message);
        }
      }
      this.logger.warn({ err: error }, 'Error creating cookie session');
      throw new AppError(503, 'auth/login-failure');
    }
  }

  /** The live session behind the request's cookie, or null. */
  async resolve(
    cookieHeader: string | undefined,
    clientIp: string,
  ): Promise<ResolvedSession | null> {
    if (!cookieHeader) return null;
    const { headers, response } = await this.auth.api.getSession({
      headers: this.headersFor({ cookie: cookieHeader, clientIp }),
      returnHeaders: true,
    });
    if (!response) return null;
    return {
      sessionId: response.session.id,
      token: response.session.token,
      user: { id: response.user.id, email: response.user.email, name: response.user.name },
      setCookies: headers.getSetCookie(),
    };
  }

  /** Ends a session by its token. */
  async endSession(token: string): Promise<void> {
    const context = await this.auth.$context;
    await context.internalAdapter.deleteSession(token);
  }

  /** Ends every session of a user but the one whose token is given. */
  async endOtherSessions(userId: string, keepToken: string): Promise<void> {
    const context = await this.auth.$context;
    const sessions = await context.internalAdapter.listSessions(userId);
    for (const session of sessions) {
      if (session.token !== keepToken) await context.internalAdapter.deleteSession(session.token);
    }
  }

  async endAllSessions(userId: string): Promise<void> {
    const context = await this.auth.$context;
    await context.internalAdapter.deleteUserSessions(userId);
  }

  /** Cookie names to clear when a session ends. */
  async cookieNames(): Promise<string[]> {
    const context = await this.auth.$context;
    return [
      context.authCookies.sessionToken.name,
      context.authCookies.sessionData.name,
      context.authCookies.dontRememberToken.name,
    ];
  }

  async findUserByEmail(email: string): Promise<SignedInUser | null> {
    const context = await this.auth.$context;
    const found = await context.internalAdapter.findUserByEmail(email.toLowerCase());
    return found ? { id: found.user.id, email: found.user.email, name: found.user.name } : null;
  }

  async findUserById(userId: string): Promise<SignedInUser | null> {
    const context = await this.auth.$context;
    const found = await context.internalAdapter.findUserById(userId);
    return found ? { id: found.id, email: found.email, name: found.name } : null;
  }

  /** Creates an identity with a password (sign-up, invitations, the seed; never better-auth's own). */
  async createUser(input: {
    email: string;
    password: string;
    name: string;
  }): Promise<SignedInUser> {
    const context = await this.auth.$context;
    const email = input.email.trim().toLowerCase();
    const user = await context.internalAdapter.createUser({
      email,
      name: input.name,
      emailVerified: false,
    });
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(input.password),
    });
    return { id: user.id, email: user.email, name: user.name };
  }

  /** Removes an identity made moments ago whose account could not be opened. */
  async deleteUser(userId: string): Promise<void> {
    const context = await this.auth.$context;
    await context.internalAdapter.deleteUserSessions(userId);
    await context.internalAdapter.deleteAccounts(userId);
    await context.internalAdapter.deleteUser(userId);
  }

  /**
   * Spec §4 "the server session is renewed on each new token": the session behind the token
   * lasts its full length again from now. The cookie keeps its value; `cookie` is the
   * Set-Cookie that gives the browser the same new lifetime.
   */
  async renewSession(
    token: string,
    cookieHeader: string | undefined,
  ): Promise<{ expiresAt: Date; cookie: { name: string; header: string } | null }> {
    const context = await this.auth.$context;
    const expiresIn = context.sessionConfig.expiresIn;
    const expiresAt = new Date(Date.now() + expiresIn * 1000);
    const updated = await context.internalAdapter.updateSession(token, { expiresAt });
    if (!updated) throw new AppError(401, 'auth/user-logged-out');
    const { name, attributes } = context.authCookies.sessionToken;
    const raw = rawCookieValue(cookieHeader, name);
    if (raw === null) return { expiresAt, cookie: null };
    const parts = [`${name}=${raw}`, `Max-Age=${expiresIn}`, `Path=${attributes.path ?? '/'}`];
    if (attributes.httpOnly) parts.push('HttpOnly');
    if (attributes.secure) parts.push('Secure');
    parts.push(`SameSite=${capitalise(String(attributes.sameSite ?? 'lax'))}`);
    return { expiresAt, cookie: { name, header: parts.join('; ') } };
  }

  async setPassword(userId: string, password: string): Promise<void> {
    const context = await this.auth.$context;
    await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
  }

  /** The stored hash of a user's e-mail-and-password credential. */
  async passwordHashOf(userId: string): Promise<string | null> {
    const context = await this.auth.$context;
    const credentials = await context.internalAdapter.findAccounts(userId);
    return credentials.find((c) => c.providerId === 'credential')?.password ?? null;
  }

  async hashPassword(password: string): Promise<string> {
    const context = await this.auth.$context;
    return context.password.hash(password);
  }

  async verifyPassword(hash: string, password: string): Promise<boolean> {
    const context = await this.auth.$context;
    return context.password.verify({ hash, password });
  }

  private headersFor(input: {
    cookie?: string;
    clientIp: string;
    userAgent?: string | undefined;
  }): Headers {
    const headers = new Headers();
    if (input.cookie) headers.set('cookie', input.cookie);
    headers.set('x-listloop-client-ip', input.clientIp);
    if (input.userAgent) headers.set('user-agent', input.userAgent);
    return headers;
  }
}

/** A cookie's value as the browser sent it (still signed and encoded), or null. */
function rawCookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}
