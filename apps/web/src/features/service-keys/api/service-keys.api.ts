import {
  CreateServiceKeyResponseSchema,
  ServiceKeyListSchema,
  type CreateServiceKeyBody,
  type ServiceKey,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const SERVICE_KEYS_PATH = '/api/rest/v1/enterprise/account/service-keys';
const ROLES_PATH = '/api/rest/v1/enterprise/roles';

export const serviceKeyKeys = {
  all: ['service-keys'] as const,
  roles: ['service-keys', 'roles'] as const,
};

/** The account's keys, newest first, revoked ones included (the spec reads data.data). */
export const serviceKeysQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeyKeys.all,
    queryFn: async (): Promise<ServiceKey[]> =>
      (await apiRequest(SERVICE_KEYS_PATH, { schema: ServiceKeyListSchema })).data.data,
  });

/** A role as the key's role picker needs it: what it grants, and whether it is built in. */
const KeyRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  isProtected: z.boolean(),
  permissions: z.record(z.string(), z.boolean()),
});
export type KeyRole = z.infer<typeof KeyRoleSchema>;

/** The account's roles (needs roles.manage). */
export const keyRolesQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeyKeys.roles,
    queryFn: async (): Promise<KeyRole[]> =>
      (await apiRequest(ROLES_PATH, { schema: z.object({ data: z.array(KeyRoleSchema) }) })).data,
  });

/** Makes a key; the answer holds its secret, this once. */
export async function createServiceKey(body: CreateServiceKeyBody) {
  return (
    await apiRequest(SERVICE_KEYS_PATH, {
      method: 'POST',
      body,
      schema: CreateServiceKeyResponseSchema,
    })
  ).data;
}

export function revokeServiceKey(id: string): Promise<void> {
  return apiRequest(`${SERVICE_KEYS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
