import { LoginSchema, decideGate, type GateInput } from '@listloop/domain';
import { z } from 'zod';
import { access } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { clearSessionCookies, requireContext } from '../../platform/http/request-context';
import { errorResponses, OkSchema, type App } from '../../platform/http/types';
import type { AuthService } from './auth.service';
import type { SignInService } from './sign-in.service';

type Membership = NonNullable<GateInput['membership']>;

/**
 * What sign-in asks of the team (the account-users module, which depends on this one, so the
 * need is declared here and the composition root passes the team's service): the memberships
 * of the user, the one a session uses first, and whether its temporary password still works.
 */
export interface SignInMemberships {
  findMembershipsOfUser(
    userId: string,
  ): Promise<{ membership: Membership; account: NonNullable<GateInput['account']> }[]>;
}
export interface TemporaryPasswordRule {
  assertTemporaryPasswordUsable(membership: Membership): void;
}

export interface AuthRouteDeps {
  auth: AuthService;
  signIn: SignInService;
  accountUsers: SignInMemberships;
  accountUserService: TemporaryPasswordRule;
  secureCookies: boolean;
}

export async function authRoutes(app: App, deps: AuthRouteDeps) {
  // The __Host- prefix pins a Secure cookie to this host and path: no subdomain can set it.
  const deviceCookie = deps.secureCookies ? '__Host-listloop.device' : 'listloop.device';

  app.post(
    '/api/rest/v1/auth/session_login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: LoginSchema,
        response: { 200: OkSchema.extend({ redirect: z.string().nullable() }), ...errorResponses },
      },
      config: { access: access.public },
    },
    async (request, reply) => {
      const sentDevice = request.cookies[deviceCookie];
      // A refusal by the limits carries its Retry-After to the error handler.
      const signedIn = await deps.signIn.signIn(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        deviceCookie: sentDevice,
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
      const device = await deps.signIn.rememberDevice(
        signedIn.user.id,
        signedIn.knownDeviceId,
        sentDevice,
      );
      reply.header('set-cookie', signedIn.setCookies);
      reply.setCookie(deviceCookie, device.value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        maxAge: device.maxAgeSeconds,
      });
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

  app.post(
    '/api/user/token',
    {
      schema: {
        tags: ['user'],
        summary: 'Renew the session: it lasts its full length again from now',
        description:
          'Spec §4: the web app renews the session before it expires and signs out when a ' +
          'renewal is refused. The answer says when the renewed session expires; the session ' +
          'itself stays in its httpOnly cookie and is never in the body.',
        response: { 200: z.object({ expiresAt: z.string() }), ...errorResponses },
      },
      config: { access: access.session },
    },
    async (request, reply) => {
      const ctx = requireContext(request);
      const renewed = await deps.auth.renewSession(ctx.sessionToken, request.headers.cookie);
      if (renewed.cookie) {
        // The request hook may have passed on better-auth's own renewal of the same cookie.
        const name = renewed.cookie.name;
        const earlier = reply.getHeader('set-cookie');
        const kept = (Array.isArray(earlier) ? earlier : earlier ? [String(earlier)] : []).filter(
          (cookie) => !cookie.startsWith(`${name}=`),
        );
        // Fastify appends Set-Cookie values, so the list is cleared and given again.
        reply.removeHeader('set-cookie');
        reply.header('set-cookie', [...kept, renewed.cookie.header]);
      }
      return { expiresAt: renewed.expiresAt.toISOString() };
    },
  );
}
