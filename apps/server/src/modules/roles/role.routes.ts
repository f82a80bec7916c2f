import {
  PERMISSION_KEYS,
  RoleColorSchema,
  RoleNameSchema,
  RoleRemovedSchema,
  RoleViewSchema,
} from '@listloop/domain';
import { z } from 'zod';
import { activity, textAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { RoleService } from './role.service';

const BASE = '/api/rest/v1/enterprise/roles';

const PermissionsSchema = z
  .object(Object.fromEntries(PERMISSION_KEYS.map((key) => [key, z.boolean().default(false)])))
  .strict();

const RoleSchema = RoleViewSchema;

export async function roleRoutes(app: App, deps: { service: RoleService }) {
  const tags = ['roles'];

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'List the roles of the account',
        response: { 200: z.object({ data: z.array(RoleSchema) }), ...errorResponses },
      },
      config: { access: access.member('roles.manage') },
    },
    async (request) => ({ data: await deps.service.list(requireContext(request)) }),
  );

  app.put(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create a role, or save the role with the given id',
        body: z.object({
          id: z.string().min(1).max(64).optional(),
          name: RoleNameSchema,
          color: RoleColorSchema.optional(),
          permissions: PermissionsSchema.prefault({}),
        }),
        response: { 200: z.object({ data: RoleSchema }), ...errorResponses },
      },
      config: {
        activity: activity.records('role.saved', ({ response }) => ({
          id: textAt(response, 'data', 'id'),
          label: textAt(response, 'data', 'name'),
        })),
        access: access.member('roles.manage'),
      },
    },
    async (request) => ({ data: await deps.service.save(requireContext(request), request.body) }),
  );

  app.get(
    `${BASE}/find-one`,
    {
      schema: {
        tags,
        summary: 'One role by id',
        querystring: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: z.object({ data: RoleSchema }), ...errorResponses },
      },
      config: { access: access.member('roles.manage') },
    },
    async (request) => ({
      data: await deps.service.findOne(requireContext(request), request.query.id),
    }),
  );

  app.post(
    `${BASE}/assign-members`,
    {
      schema: {
        tags,
        summary: 'Give a role to members of the account',
        body: z.object({
          roleId: z.string().min(1).max(64),
          userIds: z.array(z.string().min(1).max(64)).min(1).max(500),
        }),
        response: { 200: z.object({ data: RoleSchema }), ...errorResponses },
      },
      config: {
        activity: activity.records<unknown, { roleId: string; userIds: string[] }>(
          'role.members_assigned',
          ({ body, response }) => {
            const role = textAt(response, 'data', 'name');
            return [
              { id: body.roleId, label: role, details: { count: body.userIds.length } },
              ...body.userIds.map((id) => ({
                action: 'member.role_changed' as const,
                id,
                details: role ? { to: role } : {},
              })),
            ];
          },
        ),
        access: access.member('roles.manage'),
      },
    },
    async (request) => ({
      data: await deps.service.assignMembers(requireContext(request), request.body),
    }),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Remove a role; its members fall back to the built-in viewer role',
        description:
          'In one transaction the members who held the role move to the account’s built-in ' +
          'viewer role (read-only), then the role is removed. The answer says how many moved.',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: z.object({ data: RoleRemovedSchema }), ...errorResponses },
      },
      config: {
        activity: activity.records('role.deleted', ({ params }) => ({ id: params.id! })),
        access: access.member('roles.manage'),
      },
    },
    async (request) => ({
      data: await deps.service.remove(requireContext(request), request.params.id),
    }),
  );
}
