import {
  IconAdjustmentsHorizontal,
  IconBuildingStore,
  IconClipboardCheck,
  IconClipboardList,
  IconRoute,
  IconChartBar,
  IconChartLine,
  IconFileImport,
  IconHistory,
  IconHome,
  IconKey,
  IconPackage,
  IconReceipt2,
  IconSettings,
  IconTags,
  IconUsers,
} from '@tabler/icons-react';
import type { PermissionKey } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { appMessages } from '../app.messages';

export interface NavArea {
  key: string;
  label: MessageDescriptor;
  icon: typeof IconHome;
  to: string;
  /** Only the area's own path counts as active (the root would match everything else). */
  exact?: boolean;
  /** Switched on by the issue that ships the area; until then it is not shown at all. */
  available: boolean;
  /** What the area's screen reads with: a role without it does not see the area. */
  permission?: PermissionKey;
  /** Other screens that belong to the area (the account settings, beside one's own). */
  alsoActiveOn?: readonly string[];
  /** Only provider staff see it (their screens work across accounts). */
  staffOnly?: boolean;
  /** An area of several parts, each with its key: shown to a role holding any of them. */
  anyPermission?: readonly PermissionKey[];
}

/** The product's areas in navigation order (spec §1). */
export const NAV_AREAS: readonly NavArea[] = [
  {
    key: 'home',
    label: appMessages.navHome,
    icon: IconHome,
    to: '/',
    exact: true,
    available: true,
  },
  {
    key: 'inventory',
    label: appMessages.navInventory,
    icon: IconPackage,
    to: '/app/inventory',
    available: true,
    permission: 'items.read',
  },
  {
    key: 'labels',
    label: appMessages.navLabels,
    icon: IconTags,
    to: '/app/labels',
    available: true,
    permission: 'items.read',
  },
  {
    key: 'import',
    label: appMessages.navImport,
    icon: IconFileImport,
    to: '/app/import',
    available: true,
  },
  {
    key: 'sales',
    label: appMessages.navSales,
    icon: IconReceipt2,
    to: '/app/sales',
    available: true,
    permission: 'sales.read',
  },
  {
    key: 'pickingList',
    label: appMessages.navPickingList,
    icon: IconClipboardList,
    to: '/app/picking-list',
    available: true,
    permission: 'sales.read',
  },
  {
    key: 'analytics',
    label: appMessages.navAnalytics,
    icon: IconChartLine,
    to: '/app/analytics',
    available: true,
    permission: 'reports.read',
  },
  {
    key: 'marketplaces',
    label: appMessages.navMarketplaces,
    icon: IconBuildingStore,
    to: '/app/marketplaces',
    available: true,
  },
  {
    key: 'rules',
    label: appMessages.navRules,
    icon: IconAdjustmentsHorizontal,
    to: '/app/rules',
    available: true,
  },
  {
    key: 'reports',
    label: appMessages.navReports,
    icon: IconChartBar,
    to: '/app/reports',
    available: true,
    permission: 'reports.read',
  },
  {
    key: 'workflow',
    label: appMessages.navWorkflow,
    icon: IconRoute,
    to: '/app/workflow',
    available: true,
    permission: 'account.manage',
  },
  {
    key: 'team',
    label: appMessages.navTeam,
    icon: IconUsers,
    to: '/app/team',
    available: true,
    anyPermission: ['team.manage', 'roles.manage'],
  },
  {
    key: 'activity',
    label: appMessages.navActivity,
    icon: IconHistory,
    to: '/app/activity',
    available: true,
    permission: 'activity.read',
  },
  {
    key: 'settings',
    label: appMessages.navSettings,
    icon: IconSettings,
    to: '/app/settings',
    available: true,
    alsoActiveOn: ['/app/account'],
  },
  {
    key: 'service-keys',
    label: appMessages.navServiceKeys,
    icon: IconKey,
    to: '/app/service-keys',
    available: true,
    permission: 'account.manage',
  },
  {
    key: 'staffOnboardings',
    label: appMessages.navStaffOnboardings,
    icon: IconClipboardCheck,
    to: '/app/staff/onboardings',
    available: true,
    staffOnly: true,
  },
];

export function visibleNavAreas(
  can: (permission: PermissionKey) => boolean,
  areas: readonly NavArea[] = NAV_AREAS,
  isStaff = false,
): NavArea[] {
  return areas.filter(
    (area) =>
      area.available &&
      (!area.staffOnly || isStaff) &&
      (!area.permission || can(area.permission)) &&
      (!area.anyPermission || area.anyPermission.some(can)),
  );
}

export function isNavAreaActive(
  area: Pick<NavArea, 'to' | 'exact' | 'alsoActiveOn'>,
  pathname: string,
): boolean {
  if (area.exact) return pathname === area.to;
  return [area.to, ...(area.alsoActiveOn ?? [])].some(
    (to) => pathname === to || pathname.startsWith(`${to}/`),
  );
}
