import type {
  AccessLevel,
  AccountName,
  AccountUserStatus,
  ErrorCode,
  HelpTextKey,
  PermissionKey,
  RegionalTextSet,
} from '@listloop/domain';
import type { MessageId } from './catalogues';

/**
 * Message ids built from domain values. The template types make TypeScript check each one
 * against the catalogue; catalogues.test.ts checks every domain value has its message.
 */
export const errorMessageId = (code: ErrorCode) => `error.${code}` as const satisfies MessageId;

export const permissionMessageId = (key: PermissionKey) =>
  `permission.${key}` as const satisfies MessageId;

export const permissionExplanationId = (key: PermissionKey) =>
  `permission.${key}.explanation` as const satisfies MessageId;

export const regionLabelId = (id: RegionalTextSet['labels'][keyof RegionalTextSet['labels']]) =>
  id satisfies MessageId;

export const accessLevelMessageId = (level: AccessLevel) =>
  `accessLevel.${level}` as const satisfies MessageId;

export const accountUserStatusMessageId = (status: AccountUserStatus) =>
  `accountUserStatus.${status}` as const satisfies MessageId;

/** The built-in roles' names in the product's words (their stored names are reserved). */
export const builtInRoleMessageId = (name: 'admin' | 'viewer') =>
  `role.builtin.${name}` as const satisfies MessageId;

export const editionMessageId = (name: AccountName) =>
  `edition.${name}` as const satisfies MessageId;

/**
 * Help texts the app shows, each at the top of the screen its key names (spec §3 help-text-seen
 * flags); each needs `helpText.<key>.title` and `.body`. A key whose screen the app does not
 * have yet is not listed.
 */
export const SHOWN_HELP_TEXT_KEYS = [
  'marketplaces',
  'marketplaceConnections',
  'mapShopifyMetafields',
  'mappingRules',
  'pricingRules',
  'defaults',
  'labelManager',
  'itemCreation',
  'import',
  'profile',
  'workflow',
  'teamManagement',
] as const satisfies readonly HelpTextKey[];
export type ShownHelpTextKey = (typeof SHOWN_HELP_TEXT_KEYS)[number];

export const helpTextMessageIds = (key: ShownHelpTextKey) =>
  ({
    title: `helpText.${key}.title`,
    body: `helpText.${key}.body`,
  }) as const satisfies { title: MessageId; body: MessageId };
