import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginSchema, decideGate } from '@listloop/domain';
import { z } from 'zod';
import { access } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { clearSessionCookies } from '../../platform/http/request-context';
import { errorResponses, OkSchema, type App } from '../../platform/http/types';
import type { AccountUserRepository } from '../account-users/account-user.repository';
import type { AccountUserService } from '../account-users/account-user.service';
import type { AuthService } from './auth.service';

export interface AuthRouteDeps {
  auth: AuthService;
  accountUsers: AccountUserRepository;
  accountUserService: AccountUserService;
  loginLimits: { perIp: number; perEmail: number; windowMs: number };
  secureCookies: boolean;
}

const tooManyAttempts = () => new AppError(429, 'auth/too-many-attempts');

export async function authRoutes(app: App, deps: AuthRouteDeps) {
  // A second limiter on the same route, keyed by the e-mail tried (the route's own limiter is
  // keyed by IP): guessing one person's password from many addresses is stopped too. Only
  // failed attempts count, so a seller who signs in often is never locked out.
  const failuresPerEmail = app.createRateLimit({
    max: deps.loginLimits.perEmail,
    timeWindow: deps.loginLimits.windowMs,
    keyGenerator: (request) =>
      `login-email:${String((request.body as { email?: unknown }).email ?? '')
        .trim()
        .toLowerCase()}`,
  });
  const refuseWhenTooManyFailures = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await failuresPerEmail(request, { increment: false });
    if (!limit.isAllowed && limit.remaining <= 0) {
      reply.header('retry-after', String(Math.max(1, limit.ttlInSeconds)));
      throw tooManyAttempts();
    }
  };

  app.post(
    '/api/rest/v1/auth/session_login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: LoginSchema,
        response: { 200: OkSchema.extend({ redirect: z.string().nullable() }), ...errorResponses },
      },
      config: {
        access: access.public,
        rateLimit: {
          max: deps.loginLimits.perIp,
          timeWindow: deps.loginLimits.windowMs,
          errorResponseBuilder: tooManyAttempts,
        },
      },
      preHandler: refuseWhenTooManyFailures,
    },
    async (request, reply) => {
      const signedIn = await deps.auth
        .signIn(request.body, request.ip, request.headers['user-agent'])
        .catch(async (error: unknown) => {
          if (error instanceof AppError && error.code === 'auth/login-fail')
            await failuresPerEmail(request);
          throw error;
        });
      const [current] = await deps.accountUsers.findMembershipsOfUser(signedIn.user.id);
      const decision = decideGate({
        signedIn: true,
        email: signedIn.user.email,
        membership: current?.membership,
        account: current?.account,
      });
      try {
        if (decision.kind === 'signOut') throw new AppError(401, decision.reason);
        if (current) deps.accountUserService.assertTemporaryPasswordUsable(current.membership);
      } catch (error) {
        // The identity was right but the account may not be entered: end the session just opened.
        await deps.auth.endSession(signedIn.token);
        throw error;
      }
      reply.header('set-cookie', signedIn.setCookies);
      return { ok: true as const, redirect: decision.kind === 'redirect' ? decision.to : null };
    },
  );

  app.post(
    '/api/rest/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 204: z.null(), ...errorResponses },
      },
      config: { access: access.public },
    },
    async (request, reply) => {
      const session = await deps.auth.resolve(request.headers.cookie, request.ip);
      if (session) await deps.auth.endSession(session.token);
      await clearSessionCookies(deps.auth, reply, deps.secureCookies);
      return reply.status(204).send(null);
    },
  );
}
