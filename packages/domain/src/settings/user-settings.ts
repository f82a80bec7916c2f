import { z } from 'zod';
import { SPEECH_OPTIONS, type SpeechOption } from '../account-users/account-user.schema';
import { MARKETPLACE_IDS, type MarketplaceId } from '../marketplaces/marketplaces';

/**
 * Spec §5 Settings: the eight bulk actions. Notification settings keep only these keys; the
 * bulk actions themselves are offered by the same names.
 */
export const BULK_ACTIONS = [
  'bulkDelistRelist',
  'bulkDelete',
  'bulkMarkAsNotListed',
  'bulkList',
  'bulkEditLabels',
  'bulkCopyItems',
  'bulkDelist',
  'bulkEdit',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BulkActionSchema = z.enum(BULK_ACTIONS);

export function isBulkAction(value: string): value is BulkAction {
  return (BULK_ACTIONS as readonly string[]).includes(value);
}

/** Spec §5/§8: "has an invalid value" preceded by the field's label, or "This" without one. */
export function invalidValueMessage(label?: string): string {
  return `${label?.trim() || 'This'} has an invalid value`;
}

/**
 * Spec §5's boolean-like field: a boolean as it is, any non-empty string as true and the empty
 * string as false (so "false" is true: the rule is about presence, as a checkbox posts it).
 * Anything else is refused with the invalid-value message; a missing value is "required".
 */
export function booleanLike(label?: string) {
  return z
    .union([z.boolean(), z.string()], {
      error: (issue) =>
        issue.input === undefined
          ? `${label?.trim() || 'This'} is required`
          : invalidValueMessage(label),
    })
    .transform((value) => (typeof value === 'string' ? value.length > 0 : value));
}

/**
 * One keyed setting as the API answers it. dateEnabled is an ISO date-time the server sets when
 * the seller's choice turns the entry on, keeps while it stays on, and clears (null) when it is
 * switched off; an entry the seller never set has null (it is at its default).
 */
export const SettingEntrySchema = z.object({
  enabled: z.boolean(),
  dateEnabled: z.iso.datetime({ offset: true }).nullable(),
});
export type SettingEntry = z.infer<typeof SettingEntrySchema>;

/** One keyed setting as a client sends it: only `enabled`; dateEnabled is the server's. */
export const SettingEntryUpdateSchema = z.object(
  { enabled: booleanLike() },
  { error: (issue) => (issue.code === 'invalid_type' ? invalidValueMessage() : undefined) },
);
export type SettingEntryUpdate = z.input<typeof SettingEntryUpdateSchema>;

/** An object with exactly these keys (others stripped), each of the given schema. */
function keyed<K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) {
  const shape = Object.fromEntries(keys.map((key) => [key, schema])) as { [P in K]: S };
  return z.object(shape);
}

/** The label of the one labelled field of the settings (spec §5's "preceded by the label"). */
export const SHOW_SWITCH_SHIPPING_LABEL = 'Show switch shipping';

export const SaleDetectionSettingsSchema = keyed(MARKETPLACE_IDS, SettingEntrySchema);
export const ForceDelistRelistSettingsSchema = keyed(MARKETPLACE_IDS, SettingEntrySchema);
export const NotificationSettingsSchema = keyed(BULK_ACTIONS, SettingEntrySchema);
export const MercariFormSettingsSchema = z.object({ showSwitchShipping: z.boolean() });

/**
 * Spec §3 User settings, as `GET /api/user/settings` answers them: every known key present,
 * those the seller never set at their default (see USER_SETTINGS_DEFAULTS).
 */
export const UserSettingsSchema = z.object({
  saleDetection: SaleDetectionSettingsSchema,
  notifications: NotificationSettingsSchema,
  mercariForm: MercariFormSettingsSchema,
  forceDelistRelist: ForceDelistRelistSettingsSchema,
  /**
   * Spec §3 account user: whether the item editor offers dictation at the photo step. Kept on
   * the person's membership of the current account (the other settings are the person's own).
   */
  showSpeechAtPhotoStep: z.enum(SPEECH_OPTIONS),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;
export type SaleDetectionSettings = UserSettings['saleDetection'];
export type ForceDelistRelistSettings = UserSettings['forceDelistRelist'];
export type NotificationSettings = UserSettings['notifications'];

/** Spec §5: unknown keys stripped; only known marketplaces; only the eight bulk actions. */
export const SaleDetectionSettingsUpdateSchema = keyed(
  MARKETPLACE_IDS,
  SettingEntryUpdateSchema.optional(),
);
export const ForceDelistRelistSettingsUpdateSchema = keyed(
  MARKETPLACE_IDS,
  SettingEntryUpdateSchema.optional(),
);
export const NotificationSettingsUpdateSchema = keyed(
  BULK_ACTIONS,
  SettingEntryUpdateSchema.optional(),
);
export const MercariFormSettingsUpdateSchema = z.object({
  showSwitchShipping: booleanLike(SHOW_SWITCH_SHIPPING_LABEL).optional(),
});

/**
 * `PUT /api/user/settings`: a partial update. A section left out is unchanged; within a keyed
 * section only the keys sent change (the others keep their entries), so one switch saves one
 * key; mercariForm's fields likewise.
 */
export const UserSettingsUpdateSchema = z.object({
  saleDetection: SaleDetectionSettingsUpdateSchema.optional(),
  notifications: NotificationSettingsUpdateSchema.optional(),
  mercariForm: MercariFormSettingsUpdateSchema.optional(),
  forceDelistRelist: ForceDelistRelistSettingsUpdateSchema.optional(),
  showSpeechAtPhotoStep: z
    .enum(SPEECH_OPTIONS, { error: () => invalidValueMessage('Dictation at the photo step') })
    .optional(),
});
export type UserSettingsUpdate = z.input<typeof UserSettingsUpdateSchema>;
/** An update as the server has it after parsing: booleans, unknown keys gone. */
export type UserSettingsChanges = z.output<typeof UserSettingsUpdateSchema>;

/** `PUT /api/rest/v1/enterprise/sale-detection/settings` answers the whole map, resolved. */
export const SaleDetectionSettingsResponseSchema = z.object({
  saleDetection: SaleDetectionSettingsSchema,
});

/**
 * What an entry the seller never set means. Auto-delist after a sale is on for every
 * marketplace: the product exists so nothing sells twice, and a seller who lists somewhere
 * expects that listing to come down when the item sells elsewhere. Forcing a delist-relist
 * instead of revising a listing in place is off (it restarts the listing's history). Being
 * told when a bulk action finishes is on. The Mercari form shows its switch-shipping control.
 */
export const USER_SETTINGS_DEFAULTS = {
  saleDetection: true,
  forceDelistRelist: false,
  notifications: true,
  showSwitchShipping: true,
} as const;

/** The settings as stored: only what the seller set, keyed sections possibly sparse. */
export interface StoredUserSettings {
  saleDetection: Record<string, unknown>;
  notifications: Record<string, unknown>;
  mercariForm: unknown;
  forceDelistRelist: Record<string, unknown>;
}

/** A stored entry, or null when what is stored there is not one (never set, or damaged). */
function storedEntry(value: unknown): SettingEntry | null {
  if (!value || typeof value !== 'object') return null;
  const { enabled, dateEnabled } = value as { enabled?: unknown; dateEnabled?: unknown };
  if (typeof enabled !== 'boolean') return null;
  return { enabled, dateEnabled: enabled ? isoDate(dateEnabled) : null };
}

function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Every key, each as stored or else at the default. */
export function resolveEntries<K extends string>(
  keys: readonly K[],
  stored: Record<string, unknown> | null | undefined,
  defaultEnabled: boolean,
): Record<K, SettingEntry> {
  return Object.fromEntries(
    keys.map((key) => [
      key,
      storedEntry(stored?.[key]) ?? { enabled: defaultEnabled, dateEnabled: null },
    ]),
  ) as Record<K, SettingEntry>;
}

export const resolveSaleDetection = (stored: Record<string, unknown> | null | undefined) =>
  resolveEntries(MARKETPLACE_IDS, stored, USER_SETTINGS_DEFAULTS.saleDetection);

export const resolveForceDelistRelist = (stored: Record<string, unknown> | null | undefined) =>
  resolveEntries(MARKETPLACE_IDS, stored, USER_SETTINGS_DEFAULTS.forceDelistRelist);

export const resolveNotifications = (stored: Record<string, unknown> | null | undefined) =>
  resolveEntries(BULK_ACTIONS, stored, USER_SETTINGS_DEFAULTS.notifications);

/**
 * What the speech options do in ListLoop. Dictation runs in the browser's own speech
 * recognition and ListLoop keeps no recording or sample of it, so a "collect data" option
 * behaves as the option without it; the speech flow is the photo-step dictation.
 */
export function dictationAtPhotoStep(option: SpeechOption): boolean {
  return option !== 'disabled';
}

export function resolveUserSettings(
  stored: StoredUserSettings | null,
  showSpeechAtPhotoStep: SpeechOption = 'disabled',
): UserSettings {
  const mercari = stored?.mercariForm as { showSwitchShipping?: unknown } | null | undefined;
  return {
    saleDetection: resolveSaleDetection(stored?.saleDetection),
    notifications: resolveNotifications(stored?.notifications),
    mercariForm: {
      showSwitchShipping:
        typeof mercari?.showSwitchShipping === 'boolean'
          ? mercari.showSwitchShipping
          : USER_SETTINGS_DEFAULTS.showSwitchShipping,
    },
    forceDelistRelist: resolveForceDelistRelist(stored?.forceDelistRelist),
    showSpeechAtPhotoStep,
  };
}

/**
 * The stored section after a change of some keys: keys outside `keys` are dropped; a key
 * turned on (it was not stored as on) gets `now` as dateEnabled, one staying on keeps its
 * date, one turned off has none.
 */
export function applyEntryChanges<K extends string>(
  keys: readonly K[],
  stored: Record<string, unknown> | null | undefined,
  changes: Partial<Record<K, { enabled: boolean } | undefined>>,
  now: Date,
): Partial<Record<K, SettingEntry>> {
  const next: Partial<Record<K, SettingEntry>> = {};
  for (const key of keys) {
    const before = storedEntry(stored?.[key]);
    const change = changes[key];
    if (!change) {
      if (before) next[key] = before;
      continue;
    }
    next[key] = change.enabled
      ? {
          enabled: true,
          dateEnabled:
            before?.enabled && before.dateEnabled ? before.dateEnabled : now.toISOString(),
        }
      : { enabled: false, dateEnabled: null };
  }
  return next;
}

/** The stored settings after a parsed partial update (see UserSettingsUpdateSchema). */
export function applyUserSettingsUpdate(
  stored: StoredUserSettings | null,
  update: UserSettingsChanges,
  now: Date,
): {
  saleDetection: Partial<Record<MarketplaceId, SettingEntry>>;
  notifications: Partial<Record<BulkAction, SettingEntry>>;
  mercariForm: { showSwitchShipping: boolean };
  forceDelistRelist: Partial<Record<MarketplaceId, SettingEntry>>;
} {
  const current = resolveUserSettings(stored);
  return {
    saleDetection: applyEntryChanges(
      MARKETPLACE_IDS,
      stored?.saleDetection,
      update.saleDetection ?? {},
      now,
    ),
    notifications: applyEntryChanges(
      BULK_ACTIONS,
      stored?.notifications,
      update.notifications ?? {},
      now,
    ),
    mercariForm: {
      showSwitchShipping:
        update.mercariForm?.showSwitchShipping ?? current.mercariForm.showSwitchShipping,
    },
    forceDelistRelist: applyEntryChanges(
      MARKETPLACE_IDS,
      stored?.forceDelistRelist,
      update.forceDelistRelist ?? {},
      now,
    ),
  };
}
