import {
  ACCOUNT_USER_STATUSES,
  BULK_INVITE_MAX,
  BulkInviteResultSchema,
  JoinDataSchema,
  LoginSchema,
  NewPasswordSchema,
  PublicAccountUserSchema,
  TeamMemberSchema,
  TeamSearchQuerySchema,
} from '@listloop/domain';
import { z } from 'zod';
import { activity, textAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { AccountUserService } from './account-user.service';

const BASE = '/api/rest/v1/enterprise/account-users';
const UserIdParams = z.object({ userId: z.string().min(1).max(64) });
/** The temporary password is never in an answer: it goes to the member by e-mail alone. */
const CreatedSchema = z.object({ accountUser: PublicAccountUserSchema });

export async function accountUserRoutes(
  app: App,
  deps: { service: AccountUserService; joinLimit: { max: number; windowMs: number } },
) {
  const tags = ['account-users'];

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Search the account users of the current account',
        description:
          '`query` matches a part of the name or e-mail in any case; `status` one status; ' +
          '`role` a role id, or `none` for members without a role. Each member says whether ' +
          'they own the account and whether their invitation (temporary password) has expired.',
        querystring: TeamSearchQuerySchema,
        response: { 200: z.object({ data: z.array(TeamMemberSchema) }), ...errorResponses },
      },
      config: { access: access.member('team.manage') },
    },
    async (request) => ({
      data: await deps.service.search(requireContext(request), request.query),
    }),
  );

  app.put(
    `${BASE}/update-status`,
    {
      schema: {
        tags,
        summary: "Change a member's status (active, pending, inactive)",
        body: z.object({
          userId: z.string().min(1).max(64),
          status: z.enum(ACCOUNT_USER_STATUSES),
        }),
        response: { 200: PublicAccountUserSchema, ...errorResponses },
      },
      config: {
        activity: activity.records<{ email?: string }, { userId: string; status: string }>(
          'member.status_changed',
          ({ body, response }) => ({
            id: body.userId,
            label: response?.email ?? null,
            details: { to: body.status },
          }),
        ),
        access: access.member('team.manage'),
      },
    },
    async (request) => deps.service.updateStatus(requireContext(request), request.body),
  );

  app.post(
    `${BASE}/bulk-create-by-email`,
    {
      schema: {
        tags,
        summary: 'Invite people by e-mail, each with a temporary password sent to them',
        description:
          'Each address is answered `ok: true` once an e-mail went to it: an invitation with a ' +
          'temporary password, or, for an address that already has a ListLoop sign-in, a note ' +
          'that it cannot join. The answer is the same either way. An address already in this ' +
          'team is refused. 409 team/email-off when the server cannot send e-mail.',
        body: z.object({
          emails: z
            .array(LoginSchema.shape.email)
            .min(1, { message: 'Give at least one e-mail' })
            .max(BULK_INVITE_MAX, {
              message: `Give at most ${BULK_INVITE_MAX} e-mails at once`,
            }),
          roleId: z.string().min(1).max(64).nullable().optional(),
        }),
        response: {
          200: z.object({
            data: z.array(BulkInviteResultSchema),
          }),
          ...errorResponses,
        },
      },
      config: {
        activity: activity.records<{ data: { email: string; ok: boolean }[] }>(
          'member.invited',
          ({ response }) =>
            (response?.data ?? []).filter((r) => r.ok).map((r) => ({ id: null, label: r.email })),
        ),
        access: access.member('team.manage'),
      },
    },
    async (request) => ({
      data: await deps.service.bulkCreateByEmail(requireContext(request), request.body),
    }),
  );

  app.put(
    `${BASE}/update-password`,
    {
      schema: {
        tags,
        summary: 'Set your own password (a pending member finishes joining with it)',
        body: z.object({
          password: NewPasswordSchema,
          currentPassword: z.string().max(256).optional(),
        }),
        response: {
          200: z.object({ ok: z.literal(true), accountUser: PublicAccountUserSchema }),
          ...errorResponses,
        },
      },
      config: { access: access.session },
    },
    async (request) => ({
      ok: true as const,
      accountUser: await deps.service.updateOwnPassword(requireContext(request), request.body),
    }),
  );

  app.post(
    `${BASE}/:userId/invite`,
    {
      schema: {
        tags,
        summary: 'Invite a pending member again: a fresh temporary password goes to them by e-mail',
        params: UserIdParams,
        response: { 200: CreatedSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('member.invited', ({ params, response }) => ({
          id: params.userId!,
          label: textAt(response, 'accountUser', 'email'),
        })),
        access: access.member('team.manage'),
      },
    },
    async (request) => deps.service.invite(requireContext(request), request.params.userId),
  );

  app.delete(
    `${BASE}/:userId`,
    {
      schema: {
        tags,
        summary: 'Remove a member from the account',
        params: UserIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.records('member.removed', ({ params }) => ({ id: params.userId! })),
        access: access.member('team.manage'),
      },
    },
    async (request, reply) => {
      await deps.service.remove(requireContext(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/account-users/validate-join-data',
    {
      schema: {
        tags,
        summary: "Check an invitation's e-mail and temporary password",
        body: JoinDataSchema,
        response: {
          200: z.object({ valid: z.literal(true), email: z.string(), companyName: z.string() }),
          ...errorResponses,
        },
      },
      config: {
        access: access.public,
        rateLimit: {
          max: deps.joinLimit.max,
          timeWindow: deps.joinLimit.windowMs,
          errorResponseBuilder: () => new AppError(429, 'auth/too-many-attempts'),
        },
      },
    },
    async (request) => deps.service.validateJoinData(request.body),
  );

  app.post(
    '/api/account-users/create-with-temporary-password',
    {
      schema: {
        tags,
        summary: 'Add a team member who joins with a temporary password (valid five days)',
        description:
          'The temporary password goes to the member by e-mail, never in the answer. A role is ' +
          'given only within your own permissions, and admin or viewer only by the owner.',
        body: z.object({
          email: LoginSchema.shape.email,
          name: z.string().trim().max(200).optional(),
          roleId: z.string().min(1).max(64).nullable().optional(),
        }),
        response: { 201: CreatedSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('member.invited', ({ response }) => ({
          id: textAt(response, 'accountUser', 'userId'),
          label: textAt(response, 'accountUser', 'email'),
        })),
        access: access.member('team.manage'),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await deps.service.createWithTemporaryPassword(requireContext(request), request.body),
        ),
  );
}
