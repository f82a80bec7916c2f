import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Logger } from 'pino';
import { PASSWORD_MAX_LENGTH } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { authCredentials, authSessions, authUsers, authVerifications } from './auth.table';

export interface AuthOptions {
  db: Db;
  logger: Logger;
  secret: string;
  baseUrl: string;
  sessionDays: number;
}

/**
 * better-auth holds identity: users, password hashes (scrypt), and sessions in the database
 * behind an httpOnly, SameSite=Lax cookie, Secure when the public URL is https. Its own HTTP
 * handler is not mounted: our routes call its API, so sign-in goes through our gating, rate
 * limits and error texts. better-auth's own sign-up is off: the product's sign-up (POST
 * /api/account, decision 0043) and invitations create users through AuthService.
 */
export function createAuth(options: AuthOptions) {
  const secure = options.baseUrl.startsWith('https://');
  return betterAuth({
    appName: 'ListLoop',
    secret: options.secret,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authCredentials,
        verification: authVerifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: 1,
      maxPasswordLength: Math.max(PASSWORD_MAX_LENGTH, 256),
    },
    session: {
      expiresIn: options.sessionDays * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: { enabled: false },
    // better-auth's messages go to our log. A wrong password or an unknown e-mail is an
    // ordinary event that the sign-in route answers; it is not worth a warning.
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        const ordinary = /invalid password|user not found/i.test(message);
        const target = ordinary ? 'debug' : level;
        options.logger[target](
          { source: 'better-auth', details: args.length > 0 ? args : undefined },
          message,
        );
      },
    },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'listloop',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: ['x-listloop-client-ip'] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
