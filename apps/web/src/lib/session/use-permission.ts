import { hasPermission, type PermissionKey } from '@listloop/domain';
import { useSignedInSession } from './use-session';

/** Whether the signed-in account user's role grants the permission (staff always may). */
export function usePermission(required: PermissionKey): boolean {
  const session = useSignedInSession();
  return hasPermission({
    required,
    accessLevel: session.accessLevel,
    permissions: session.permissions,
  });
}
