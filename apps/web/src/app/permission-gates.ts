import type { PermissionKey } from '@listloop/domain';
import { UI_PERMISSIONS, type GatedControl } from '../lib/session/ui-permissions';
import { NAV_AREAS } from './shell/nav-areas';

/**
 * Keys no screen of this web app acts on: their work is done elsewhere. None today; the gates
 * test holds this list to the truth.
 */
export const KEYS_WITHOUT_A_SCREEN: ReadonlySet<PermissionKey> = new Set<PermissionKey>([]);

export interface PermissionGates {
  /** Navigation areas hidden from a role without the key (with its alternatives absent too). */
  navAreas: string[];
  /** Controls hidden or disabled without the key (`UI_PERMISSIONS`). */
  controls: GatedControl[];
}

/**
 * What each permission key gates in the web, in one place: read from the navigation areas'
 * own keys and from the controls' list, which are what the screens use.
 */
export function permissionGates(key: PermissionKey): PermissionGates {
  return {
    navAreas: NAV_AREAS.filter(
      (area) =>
        area.available && (area.permission === key || (area.anyPermission ?? []).includes(key)),
    ).map((area) => area.key),
    controls: (Object.keys(UI_PERMISSIONS) as GatedControl[]).filter((control) =>
      (UI_PERMISSIONS[control] as readonly PermissionKey[]).includes(key),
    ),
  };
}
