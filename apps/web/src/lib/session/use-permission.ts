import { hasPermission, type PermissionKey } from '@listloop/domain';
import { useSignedInSession } from './use-session';
import { UI_PERMISSIONS, type GatedControl } from './ui-permissions';

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

/** Whether the signed-in member may use a gated control of the web (`UI_PERMISSIONS`). */
export function useMayUse(control: GatedControl): boolean {
  return usePermission(...UI_PERMISSIONS[control]);
}
