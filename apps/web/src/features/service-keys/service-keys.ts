import {
  permissionsBeyond,
  SERVICE_KEY_NAME_MAX,
  type AccessLevel,
  type Permissions,
  type ServiceKey,
} from '@listloop/domain';

/** A role the create dialog may offer. */
export interface RoleChoice {
  id: string;
  name: string;
  isProtected: boolean;
  permissions: Permissions;
}

/**
 * The roles a person may give a key: only those whose every permission they hold themselves
 * (nobody grants what they lack, decision 0029), by name. The built-in roles stay in the list:
 * whether the caller is the account's owner, who alone may give them, is the server's to say.
 */
export function givableRoles(
  roles: readonly RoleChoice[],
  holder: { accessLevel: AccessLevel; permissions: Permissions },
  locale?: string,
): RoleChoice[] {
  return roles
    .filter((role) => permissionsBeyond(role.permissions, holder).length === 0)
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** Live keys first, each group newest first, as the server answers them. */
export function orderForList(keys: readonly ServiceKey[]): ServiceKey[] {
  const live = keys.filter((key) => key.revokedAt === null);
  const revoked = keys.filter((key) => key.revokedAt !== null);
  return [...live, ...revoked];
}

export type KeyFormProblem = 'nameRequired' | 'nameTooLong' | 'roleRequired';

/** What stops the create form, in the order the fields are shown; null when it can be sent. */
export function keyFormProblem(input: {
  name: string;
  kind: ServiceKey['kind'];
  roleId: string | null;
}): KeyFormProblem | null {
  const name = input.name.trim();
  if (!name) return 'nameRequired';
  if (name.length > SERVICE_KEY_NAME_MAX) return 'nameTooLong';
  if (input.kind === 'user_role' && !input.roleId) return 'roleRequired';
  return null;
}
