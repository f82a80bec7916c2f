import { z } from 'zod';

/**
 * The account's activity log: who did what to which thing, and when. The kinds of thing an
 * entry is about; a listing's entries name its item (a listing is an item on a marketplace).
 */
export const ACTIVITY_SUBJECT_TYPES = [
  'item',
  'listing',
  'member',
  'role',
  'rule',
  'connection',
  'label',
  'account',
  'service_key',
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];
export const ActivitySubjectTypeSchema = z.enum(ACTIVITY_SUBJECT_TYPES);

/**
 * Every action the log records, with the kind of thing it is about. The web app words each one
 * (its unit test proves every action here has a sentence), so a new action is added here first.
 */
export const ACTIVITY_ACTIONS = {
  'item.created': 'item',
  'item.updated': 'item',
  'item.deleted': 'item',
  'item.sold': 'item',
  /** One entry for a change asked of many items at once (a bulk action, an import). */
  'items.bulk_updated': 'item',
  'items.bulk_action_started': 'item',
  'items.import_started': 'item',
  'listing.published': 'listing',
  'listing.delisted': 'listing',
  'listing.relisted': 'listing',
  'listing.update_sent': 'listing',
  'listing.marked_not_listed': 'listing',
  'member.invited': 'member',
  'member.status_changed': 'member',
  'member.role_changed': 'member',
  'member.removed': 'member',
  'member.password_set': 'member',
  'role.saved': 'role',
  'role.deleted': 'role',
  'role.members_assigned': 'role',
  'rule.saved': 'rule',
  'rule.deleted': 'rule',
  'label.created': 'label',
  'label.updated': 'label',
  'label.deleted': 'label',
  'connection.connected': 'connection',
  'connection.updated': 'connection',
  'connection.removed': 'connection',
  'connection.credentials_saved': 'connection',
  'connection.credentials_removed': 'connection',
  'account.updated': 'account',
  'account.onboarding_finished': 'account',
  'service_key.created': 'service_key',
  'service_key.revoked': 'service_key',
} as const satisfies Record<string, ActivitySubjectType>;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_ACTION_NAMES = Object.keys(ACTIVITY_ACTIONS) as ActivityAction[];
export const ActivityActionSchema = z.enum(
  ACTIVITY_ACTION_NAMES as [ActivityAction, ...ActivityAction[]],
);

/** The kind of thing an action is about. */
export function subjectTypeOf(action: ActivityAction): ActivitySubjectType {
  return ACTIVITY_ACTIONS[action];
}

/** Rules come in three kinds, for one marketplace each. */
export const ACTIVITY_RULE_KINDS = [
  'mapping',
  'pricing',
  'defaults',
  'shopify_metafields',
] as const;

/**
 * What an entry keeps besides its subject: small, and only what its sentence needs. Unknown
 * fields are dropped when read, so an old entry never breaks the screen.
 */
export const ActivityDetailsSchema = z.object({
  /** The marketplaces a listing action or a listing save was about. */
  marketplaces: z.array(z.string().max(40)).max(40).optional(),
  /** A status change: from → to (a member's status, an item's quantity sold…). */
  from: z.string().max(80).optional(),
  to: z.string().max(80).optional(),
  /** How many things a bulk change, an import or a role assignment was about. */
  count: z.number().int().nonnegative().optional(),
  /** A rule's kind. */
  ruleKind: z.enum(ACTIVITY_RULE_KINDS).optional(),
  /** Which bulk action was started. */
  bulkAction: z.string().max(60).optional(),
  /** Which settings of the account changed. */
  settings: z.string().max(60).optional(),
});
export type ActivityDetails = z.infer<typeof ActivityDetailsSchema>;

export const ActivityEntrySchema = z.object({
  id: z.string(),
  /** Null: ListLoop itself (a sale a marketplace told us of, the delists that follow). */
  actorUserId: z.string().nullable(),
  /** The actor's name when it was recorded; null for ListLoop. */
  actorName: z.string().nullable(),
  action: ActivityActionSchema,
  subjectType: ActivitySubjectTypeSchema,
  /** Null for an entry about many things at once. */
  subjectId: z.string().nullable(),
  /** The subject's name when it was recorded (an item's title, a member's e-mail). */
  subjectLabel: z.string().nullable(),
  details: ActivityDetailsSchema,
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ACTIVITY_PAGE_MAX = 100;

/** GET /api/rest/v1/enterprise/activity */
export const ActivityListQuerySchema = z
  .object({
    /** A member's user id: what they did. */
    actor: z.string().min(1).max(64).optional(),
    /** `item` also finds the item's listing entries. */
    subjectType: ActivitySubjectTypeSchema.optional(),
    subjectId: z.string().min(1).max(64).optional(),
    action: ActivityActionSchema.optional(),
    from: z.iso.datetime({ offset: true, message: 'From must be a date and time' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'To must be a date and time' }).optional(),
    /** The `nextCursor` of the page before. */
    cursor: z
      .string()
      .regex(
        /^[1-9]\d{0,17}$/,
        'The cursor is not valid for this list; start again from the first page.',
      )
      .optional(),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(50),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'The start of the period must come before its end',
    path: ['to'],
  });
export type ActivityListQuery = z.output<typeof ActivityListQuerySchema>;

export const ActivityListSchema = z.object({
  /** Newest first. */
  entries: z.array(ActivityEntrySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivityList = z.infer<typeof ActivityListSchema>;
