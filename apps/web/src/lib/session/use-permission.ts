import { hasPermission, type PermissionKey } from '@listloop/domain';
import { useSignedInSession } from './use-session';

/**
 * Whether the signed-in account user's role grants every permission named (staff always
 * may), as the server's route checks them.
 */
export function usePermission(...required: PermissionKey[]): boolean {
  const session = useSignedInSession();
  return required.every((key) =>
    hasPermission({
      required: key,
      accessLevel: session.accessLevel,
      permissions: session.permissions,
    }),
  );
}
