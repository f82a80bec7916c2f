import {
  BulkInviteResultSchema,
  PublicAccountUserSchema,
  RoleRemovedSchema,
  RoleViewSchema,
  TeamMemberSchema,
  type AccountUserStatus,
  type PermissionKey,
  type TeamSearchQuery,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7 account users and roles. */
export const ACCOUNT_USERS_PATH = '/api/rest/v1/enterprise/account-users';
export const ROLES_PATH = '/api/rest/v1/enterprise/roles';
export const CREATE_MEMBER_PATH = '/api/account-users/create-with-temporary-password';

const segment = encodeURIComponent;

export const teamKeys = {
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  memberSearch: (query: TeamSearchQuery) => [...teamKeys.members(), query] as const,
  roles: () => [...teamKeys.all, 'roles'] as const,
};

export const membersQueryOptions = (query: TeamSearchQuery) =>
  queryOptions({
    queryKey: teamKeys.memberSearch(query),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams(query as Record<string, string>).toString();
      const { data } = await apiRequest(`${ACCOUNT_USERS_PATH}${params ? `?${params}` : ''}`, {
        schema: z.object({ data: z.array(TeamMemberSchema) }),
        signal,
      });
      return data;
    },
  });

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.roles(),
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest(ROLES_PATH, {
        schema: z.object({ data: z.array(RoleViewSchema) }),
        signal,
      });
      return data;
    },
  });

export function createMember(input: { email: string; name?: string; roleId: string | null }) {
  return apiRequest(CREATE_MEMBER_PATH, {
    method: 'POST',
    body: input,
    schema: z.object({ accountUser: PublicAccountUserSchema }),
  });
}

export async function bulkInvite(input: { emails: string[]; roleId: string | null }) {
  const { data } = await apiRequest(`${ACCOUNT_USERS_PATH}/bulk-create-by-email`, {
    method: 'POST',
    body: input,
    schema: z.object({ data: z.array(BulkInviteResultSchema) }),
  });
  return data;
}

export function reinviteMember(userId: string) {
  return apiRequest(`${ACCOUNT_USERS_PATH}/${segment(userId)}/invite`, {
    method: 'POST',
    schema: z.object({ accountUser: PublicAccountUserSchema }),
  });
}

export function updateMemberStatus(input: { userId: string; status: AccountUserStatus }) {
  return apiRequest(`${ACCOUNT_USERS_PATH}/update-status`, {
    method: 'PUT',
    body: input,
    schema: PublicAccountUserSchema,
  });
}

export function removeMember(userId: string) {
  return apiRequest(`${ACCOUNT_USERS_PATH}/${segment(userId)}`, { method: 'DELETE' });
}

export async function saveRole(input: {
  id?: string;
  name: string;
  color: string;
  permissions: Record<PermissionKey, boolean>;
}) {
  const { data } = await apiRequest(ROLES_PATH, {
    method: 'PUT',
    body: input,
    schema: z.object({ data: RoleViewSchema }),
  });
  return data;
}

export async function assignMembers(input: { roleId: string; userIds: string[] }) {
  const { data } = await apiRequest(`${ROLES_PATH}/assign-members`, {
    method: 'POST',
    body: input,
    schema: z.object({ data: RoleViewSchema }),
  });
  return data;
}

export async function deleteRole(roleId: string) {
  const { data } = await apiRequest(`${ROLES_PATH}/${segment(roleId)}`, {
    method: 'DELETE',
    schema: z.object({ data: RoleRemovedSchema }),
  });
  return data;
}
