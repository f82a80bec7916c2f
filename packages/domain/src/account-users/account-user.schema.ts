import { z } from 'zod';
import { IdSchema } from '../ids/ids';

/** Spec §3 Account user. The provider-staff access level is `staff`. */
export const ACCESS_LEVELS = ['member', 'staff'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ACCOUNT_USER_STATUSES = ['active', 'pending', 'inactive'] as const;
export type AccountUserStatus = (typeof ACCOUNT_USER_STATUSES)[number];

/** Spec §4/§9: only active and pending memberships are usable. */
export const USABLE_ACCOUNT_USER_STATUSES: readonly AccountUserStatus[] = ['active', 'pending'];

export function isUsableAccountUserStatus(status: unknown): boolean {
  return (USABLE_ACCOUNT_USER_STATUSES as readonly unknown[]).includes(status);
}

export const SPEECH_OPTIONS = [
  'disabled',
  'speech_at_photo_step',
  'speech_at_photo_step_collect_data',
  'speech_flow_v1',
  'speech_flow_v1_collect_data',
] as const;
export type SpeechOption = (typeof SPEECH_OPTIONS)[number];

/** Spec §9: a temporary password lasts five days. */
export const TEMPORARY_PASSWORD_DURATION_MS = 5 * 24 * 60 * 60 * 1000;

export const TemporaryPasswordSchema = z.object({
  /** A password hash, never the password itself (docs/decisions/0005). */
  value: z.string(),
  createdAt: z.string(),
  duration: z.number().default(0),
});
export type TemporaryPassword = z.infer<typeof TemporaryPasswordSchema>;

export function isTemporaryPasswordExpired(temp: TemporaryPassword, now: Date): boolean {
  const created = Date.parse(temp.createdAt);
  if (Number.isNaN(created)) return true;
  return now.getTime() > created + temp.duration;
}

/** The strict schema: accessLevel required, status defaulting to active. */
export const AccountUserSchema = z.object({
  accountId: IdSchema,
  userId: IdSchema,
  accessLevel: z.enum(ACCESS_LEVELS),
  accountUserId: z.string().default(''),
  status: z.enum(ACCOUNT_USER_STATUSES).default('active'),
  email: z.string(),
  name: z.string().default(''),
  role: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  showSpeechAtPhotoStep: z.enum(SPEECH_OPTIONS).default('disabled'),
  temporaryPassword: TemporaryPasswordSchema.nullable().default(null),
});
export type AccountUser = z.infer<typeof AccountUserSchema>;

/** What the session shows of an account user: never the temporary password hash. */
export const PublicAccountUserSchema = AccountUserSchema.omit({ temporaryPassword: true }).extend({
  hasTemporaryPassword: z.boolean(),
});
export type PublicAccountUser = z.infer<typeof PublicAccountUserSchema>;
