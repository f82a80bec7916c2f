import { z } from 'zod';
import {
  isMarketplaceId,
  MARKETPLACE_NAMES,
  type MarketplaceId,
} from '../marketplaces/marketplaces';
import {
  ListingStatusSchema,
  PendingOperationSchema,
  type ListingStatus,
  type PendingOperation,
} from './listing-status';
import { LISTING_URL_MAX_LENGTH, LISTING_URL_ONLY_WEB, storableListingUrl } from './listing-url';

/**
 * The listing state machine per (item, marketplace) (spec §4 item listing transitions).
 * The table below is the only place that says which change is allowed; the server answers any
 * other with 409 and the refusal's message, the web app asks `allowedEvents` which buttons to
 * show. Decisions: docs/decisions/0009-listing-state-and-rules.md.
 */

/** The engine's part of a listing: what `transition` reads and writes, nothing else. */
export const ListingStateSchema = z
  .object({
    status: ListingStatusSchema.default('not_listed'),
    /** Epoch milliseconds of the last transition. */
    lastStatusDate: z.number().int().nullable().default(null),
    /** The marketplace's id and address of the last listing it reported; kept after it ends. */
    listedID: z.string().max(200).nullable().default(null),
    listingURL: z.string().max(2048).nullable().default(null),
    /** Set exactly while `status` is queued. */
    pendingOperation: PendingOperationSchema.nullable().default(null),
    /** The marketplace's (or executor's) message, while in list_failure or delist_failure. */
    failureReason: z.string().max(2000).nullable().default(null),
  })
  .refine((s) => (s.status === 'queued') === (s.pendingOperation !== null), {
    message: 'A queued listing names its pending operation, and only a queued one does',
    path: ['pendingOperation'],
  });
export type ListingState = z.infer<typeof ListingStateSchema>;

export const INITIAL_LISTING_STATE: ListingState = Object.freeze({
  status: 'not_listed',
  lastStatusDate: null,
  listedID: null,
  listingURL: null,
  pendingOperation: null,
  failureReason: null,
}) as ListingState;

/**
 * The state part of a stored listing (which also holds the marketplace's own fields). Listings
 * saved before the engine existed have no pendingOperation or failureReason; a queued one of
 * those is read as waiting to be listed, or to be delisted when the marketplace already gave
 * it an id.
 */
export function listingStateOf(listing: Record<string, unknown> | null | undefined): ListingState {
  const source = listing ?? {};
  const status = ListingStatusSchema.catch('not_listed').parse(source.status);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const listedID = text(source.listedID);
  const stored = PendingOperationSchema.nullable()
    .catch(null)
    .parse(source.pendingOperation ?? null);
  const pendingOperation: PendingOperation | null =
    status === 'queued' ? (stored ?? (listedID === null ? 'list' : 'delist')) : null;
  const date = source.lastStatusDate;
  return {
    status,
    lastStatusDate: typeof date === 'number' && Number.isInteger(date) ? date : null,
    listedID,
    listingURL: storableListingUrl(text(source.listingURL)),
    pendingOperation,
    failureReason:
      status === 'list_failure' || status === 'delist_failure' ? text(source.failureReason) : null,
  };
}

/** A status, with the pending operation spelled out for `queued`: the rows of the table. */
export const LISTING_PHASES = [
  'not_listed',
  'queued:list',
  'queued:delist',
  'queued:relist',
  'listed',
  'list_failure',
  'delisted',
  'delist_failure',
  'sold',
] as const;
export type ListingPhase = (typeof LISTING_PHASES)[number];

/**
 * Whether the listing is up on the marketplace with nothing on its way: listed, or listed still
 * after its delist failed. What a sale elsewhere, a delist or a relist takes down.
 */
export function isLiveListing(state: Pick<ListingState, 'status'>): boolean {
  return state.status === 'listed' || state.status === 'delist_failure';
}

/**
 * Whether the listing exists, existed or was tried on the marketplace (anything but
 * `not_listed`): what inventory rows and the item's marketplace list show. A `not_listed` entry
 * is only the seller's values for that marketplace (a Depop department kept for later), or a
 * listing marked not listed: nothing on the marketplace to show.
 */
export function isListingOnRecord(state: Pick<ListingState, 'status'>): boolean {
  return state.status !== 'not_listed';
}

export function phaseOf(state: Pick<ListingState, 'status' | 'pendingOperation'>): ListingPhase {
  if (state.status !== 'queued') return state.status;
  return `queued:${state.pendingOperation ?? 'list'}`;
}

function statusOfPhase(phase: ListingPhase): {
  status: ListingStatus;
  pendingOperation: PendingOperation | null;
} {
  if (phase.startsWith('queued:')) {
    return {
      status: 'queued',
      pendingOperation: PendingOperationSchema.parse(phase.slice('queued:'.length)),
    };
  }
  return { status: ListingStatusSchema.parse(phase), pendingOperation: null };
}

/**
 * What can happen to a listing. The queue events and mark_not_listed come from people (or the
 * sale workflow); listed/list_failure/delisted/delist_failure are the outcome of the pending
 * operation, reported by a connector or an executor; sold comes from sale detection or a person.
 * stop_list is the sale workflow stopping a list that has not gone live when the item sells
 * out; listed_after_stop is the report of a stopped list that went live all the same.
 * queue_update, updated and update_failure are a live listing's update (decision 0023): it
 * stays listed throughout, so they change nothing but the history.
 */
export const LISTING_EVENTS = [
  'queue_list',
  'queue_delist',
  'relist',
  'listed',
  'list_failure',
  'delisted',
  'delist_failure',
  'sold',
  'mark_not_listed',
  'stop_list',
  'listed_after_stop',
  'queue_update',
  'updated',
  'update_failure',
] as const;
export type ListingEventType = (typeof LISTING_EVENTS)[number];

const reasonText = z.string().trim().min(1).max(2000);

export const ListingEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queue_list'), reason: reasonText.optional() }),
  z.object({ type: z.literal('queue_delist'), reason: reasonText.optional() }),
  z.object({ type: z.literal('relist'), reason: reasonText.optional() }),
  z.object({
    type: z.literal('listed'),
    listedID: z.string().trim().min(1).max(200).nullish(),
    listingURL: z
      .string()
      .trim()
      .min(1)
      .max(LISTING_URL_MAX_LENGTH)
      .refine((url) => storableListingUrl(url) !== null, { message: LISTING_URL_ONLY_WEB })
      .nullish(),
    reason: reasonText.optional(),
  }),
  /** A failure always says why: the seller has to know what to fix. */
  z.object({ type: z.literal('list_failure'), reason: reasonText }),
  z.object({ type: z.literal('delisted'), reason: reasonText.optional() }),
  z.object({ type: z.literal('delist_failure'), reason: reasonText }),
  z.object({ type: z.literal('sold'), reason: reasonText.optional() }),
  z.object({ type: z.literal('mark_not_listed'), reason: reasonText.optional() }),
  /** A stop says why ("Sold on Shopify before it was listed."): the seller sees it. */
  z.object({ type: z.literal('stop_list'), reason: reasonText }),
  z.object({
    type: z.literal('listed_after_stop'),
    listedID: z.string().trim().min(1).max(200).nullish(),
    listingURL: z
      .string()
      .trim()
      .min(1)
      .max(LISTING_URL_MAX_LENGTH)
      .refine((url) => storableListingUrl(url) !== null, { message: LISTING_URL_ONLY_WEB })
      .nullish(),
    reason: reasonText.optional(),
  }),
  z.object({ type: z.literal('queue_update'), reason: reasonText.optional() }),
  z.object({ type: z.literal('updated'), reason: reasonText.optional() }),
  /** The marketplace refused the update: the listing stays live as it was, and says why. */
  z.object({ type: z.literal('update_failure'), reason: reasonText }),
]);

/** The events of a live listing's update: they leave its state as it is. */
export const UPDATE_EVENTS: readonly ListingEventType[] = [
  'queue_update',
  'updated',
  'update_failure',
];

export function isUpdateEvent(type: ListingEventType): boolean {
  return UPDATE_EVENTS.includes(type);
}
export type ListingEvent = z.infer<typeof ListingEventSchema>;

/**
 * Who or what caused a change: a user id, 'system' (the sale workflow, bulk jobs),
 * 'executor:<id>' (a browser extension or other claimant) or 'connector:<marketplace>'.
 */
export const ListingActorSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((by) => !by.startsWith('connector:') || isMarketplaceId(by.slice('connector:'.length)), {
    message: 'A connector actor names a marketplace (connector:<marketplace>)',
  })
  .refine((by) => by !== 'executor:', { message: 'An executor actor names the executor' });
export type ListingActor = z.infer<typeof ListingActorSchema>;

export const listingActor = {
  system: 'system',
  user: (userId: string): ListingActor => userId,
  executor: (executorId: string): ListingActor => `executor:${executorId}`,
  connector: (marketplace: MarketplaceId): ListingActor => `connector:${marketplace}`,
} as const;

export interface ListingTransition {
  readonly from: ListingPhase;
  readonly event: ListingEventType;
  readonly to: ListingPhase;
  /**
   * listedID and listingURL: 'record' takes the event's values (null when the marketplace gave
   * none), 'clear' empties them, 'keep' leaves the last listing's for the seller to see.
   */
  readonly listingRef: 'keep' | 'record' | 'clear';
  /**
   * Whether the transition dates the listing (lastStatusDate). An update's events do not: the
   * listing's status has not changed since it went live.
   */
  readonly dated: boolean;
}

const row = (
  from: ListingPhase,
  event: ListingEventType,
  to: ListingPhase,
  listingRef: ListingTransition['listingRef'] = 'keep',
  dated = true,
): ListingTransition => Object.freeze({ from, event, to, listingRef, dated });

/** Every allowed transition; anything not here is refused. */
export const LISTING_TRANSITIONS: readonly ListingTransition[] = Object.freeze([
  row('not_listed', 'queue_list', 'queued:list'),
  row('delisted', 'queue_list', 'queued:list'),
  row('list_failure', 'queue_list', 'queued:list'),

  // delist_failure: the listing is still live on the marketplace, so it can be delisted again.
  row('listed', 'queue_delist', 'queued:delist'),
  row('delist_failure', 'queue_delist', 'queued:delist'),

  // Relist = delist, then list: the delist half runs as 'relist', its success queues the list.
  row('listed', 'relist', 'queued:relist'),
  row('delist_failure', 'relist', 'queued:relist'),

  row('queued:list', 'listed', 'listed', 'record'),
  row('queued:list', 'list_failure', 'list_failure'),

  row('queued:delist', 'delisted', 'delisted'),
  row('queued:relist', 'delisted', 'queued:list'),
  row('queued:delist', 'delist_failure', 'delist_failure'),
  // The old listing could not be ended: it is still live, and the relist stops there.
  row('queued:relist', 'delist_failure', 'delist_failure'),

  // A sale is a fact from the marketplace; it is taken whenever the listing is live there,
  // including while a delist (or the delist half of a relist) is waiting or has failed. The
  // waiting job then finds the listing no longer queued and does nothing.
  row('listed', 'sold', 'sold'),
  row('queued:delist', 'sold', 'sold'),
  row('queued:relist', 'sold', 'sold'),
  row('delist_failure', 'sold', 'sold'),

  // The bulk reset: from anything, including not_listed so a bulk call needs no filtering.
  ...LISTING_PHASES.map((from) => row(from, 'mark_not_listed', 'not_listed', 'clear')),

  // The item sold out while this listing was on its way up: a list that has not gone live
  // ends without going live. A relist whose delist half has not run still holds the live
  // listing: it must come down, not go back up, so it becomes a delist.
  row('queued:list', 'stop_list', 'not_listed', 'clear'),
  row('queued:relist', 'stop_list', 'queued:delist'),

  // A stopped list went live all the same (its executor had already published it): a fact
  // from the marketplace, recorded from wherever the stop left the listing, so no live listing
  // is unknown. The server then takes it down when no unit is left; a delist already waiting
  // (a stopped relist) takes down this new listing.
  row('not_listed', 'listed_after_stop', 'listed', 'record'),
  row('delisted', 'listed_after_stop', 'listed', 'record'),
  row('queued:delist', 'listed_after_stop', 'queued:delist', 'record'),
  // A live listing's update: sent while it stays listed, so nothing but the history moves. A
  // listing delisted, sold or queued meanwhile is not updated (its update is canceled).
  row('listed', 'queue_update', 'listed', 'keep', false),
  row('listed', 'updated', 'listed', 'keep', false),
  row('listed', 'update_failure', 'listed', 'keep', false),
]);

function findTransition(
  from: ListingPhase,
  event: ListingEventType,
): ListingTransition | undefined {
  return LISTING_TRANSITIONS.find((t) => t.from === from && t.event === event);
}

/** The events the listing accepts now, in table order: the actions the item screen offers. */
export function allowedEvents(
  state: Pick<ListingState, 'status' | 'pendingOperation'>,
): ListingEventType[] {
  const from = phaseOf(state);
  return LISTING_EVENTS.filter((event) => findTransition(from, event) !== undefined);
}

export const ListingHistoryEntrySchema = z.object({
  at: z.number().int(),
  by: ListingActorSchema,
  event: z.enum(LISTING_EVENTS),
  from: ListingStatusSchema,
  to: ListingStatusSchema,
  /** The pending operation before and after, so queued → queued (relist's middle step) reads. */
  fromOperation: PendingOperationSchema.nullable(),
  toOperation: PendingOperationSchema.nullable(),
  /** Why: the failure message, or the note given with the event; null when none. */
  reason: z.string().max(2000).nullable(),
  /** What a `listed` event recorded; null otherwise. */
  listedID: z.string().max(200).nullable(),
  listingURL: z.string().max(2048).nullable(),
});
export type ListingHistoryEntry = z.infer<typeof ListingHistoryEntrySchema>;

export interface TransitionContext {
  marketplace: MarketplaceId;
  /** Epoch milliseconds. */
  at: number;
  by: ListingActor;
}

export interface TransitionResult {
  state: ListingState;
  entry: ListingHistoryEntry;
  transition: ListingTransition;
}

const PHASE_TEXT: Record<ListingPhase, string> = {
  not_listed: 'an item that is not listed',
  'queued:list': 'an item that is queued to be listed',
  'queued:delist': 'an item that is queued to be delisted',
  'queued:relist': 'an item that is queued to be relisted',
  listed: 'an item that is listed',
  list_failure: 'an item whose listing failed',
  delisted: 'a delisted item',
  delist_failure: 'an item whose delisting failed',
  sold: 'a sold item',
};

const EVENT_TEXT: Record<ListingEventType, string> = {
  queue_list: 'be queued to be listed',
  queue_delist: 'be queued to be delisted',
  relist: 'be relisted',
  listed: 'be marked listed',
  list_failure: 'be marked as failed to list',
  delisted: 'be marked delisted',
  delist_failure: 'be marked as failed to delist',
  sold: 'be marked sold',
  mark_not_listed: 'be marked not listed',
  stop_list: 'have its list stopped',
  listed_after_stop: 'be marked listed after its list was stopped',
  queue_update: 'be queued to be updated',
  updated: 'be marked updated',
  update_failure: 'be marked as failed to update',
};

/** What the person can do instead, from where the listing is. */
const PHASE_ADVICE: Record<ListingPhase, string> = {
  not_listed: 'queue it to be listed first',
  'queued:list': 'wait for the listing to finish or mark it not listed',
  'queued:delist': 'wait for the delisting to finish or mark it not listed',
  'queued:relist': 'wait for the relisting to finish or mark it not listed',
  listed: 'delist it, relist it, or mark it sold',
  list_failure: 'queue it to be listed again or mark it not listed',
  delisted: 'queue it to be listed again or mark it not listed',
  delist_failure: 'queue it to be delisted again, relist it, or mark it not listed',
  sold: 'mark it not listed first if you want to list it again',
};

const OUTCOME_EVENTS: Partial<Record<ListingEventType, 'list' | 'delist' | 'update'>> = {
  listed: 'list',
  list_failure: 'list',
  delisted: 'delist',
  delist_failure: 'delist',
  updated: 'update',
  update_failure: 'update',
};

function refusalAdvice(from: ListingPhase, event: ListingEventType): string {
  const outcomeOf = OUTCOME_EVENTS[event];
  // An outcome arriving for an operation that is not pending: a late or duplicate report.
  if (outcomeOf === 'update') {
    return 'only a listed item is updated, so there is nothing to report';
  }
  if (outcomeOf !== undefined && !from.startsWith('queued:')) {
    return `no ${outcomeOf} operation is pending for it, so there is nothing to report`;
  }
  if (event === 'queue_update') return `only a listed item can be updated; ${PHASE_ADVICE[from]}`;
  if (from === 'listed' && event === 'queue_list') return 'it is already listed; relist it instead';
  return PHASE_ADVICE[from];
}

/** The English sentence a refused change answers with (the server's 409 message). */
export function refusalMessage(
  marketplace: MarketplaceId,
  from: ListingPhase,
  event: ListingEventType,
): string {
  return `${MARKETPLACE_NAMES[marketplace]}: ${PHASE_TEXT[from]} cannot ${EVENT_TEXT[event]}; ${refusalAdvice(from, event)}.`;
}

/** A change the table does not allow. The server answers it with 409 and `message`. */
export class TransitionRefused extends Error {
  override readonly name = 'TransitionRefused';
  readonly statusCode = 409;
  readonly code = 'request/conflict' as const;
  readonly allowed: ListingEventType[];

  constructor(
    readonly marketplace: MarketplaceId,
    readonly from: ListingPhase,
    readonly event: ListingEventType,
  ) {
    super(refusalMessage(marketplace, from, event));
    this.allowed = allowedEvents(statusOfPhase(from));
  }
}

export type TransitionOutcome =
  ({ ok: true } & TransitionResult) | { ok: false; refused: TransitionRefused };

/** Like `transition`, but a refusal is returned rather than thrown. */
export function tryTransition(
  state: ListingState,
  event: ListingEvent,
  context: TransitionContext,
): TransitionOutcome {
  const from = phaseOf(state);
  const rule = findTransition(from, event.type);
  if (rule === undefined) {
    return { ok: false, refused: new TransitionRefused(context.marketplace, from, event.type) };
  }
  const target = statusOfPhase(rule.to);
  const reason = event.reason?.trim() || null;
  const recorded =
    event.type === 'listed' || event.type === 'listed_after_stop'
      ? { listedID: event.listedID ?? null, listingURL: storableListingUrl(event.listingURL) }
      : null;
  const ref =
    rule.listingRef === 'record'
      ? (recorded ?? { listedID: null, listingURL: null })
      : rule.listingRef === 'clear'
        ? { listedID: null, listingURL: null }
        : { listedID: state.listedID, listingURL: state.listingURL };
  const next: ListingState = {
    status: target.status,
    pendingOperation: target.pendingOperation,
    lastStatusDate: rule.dated ? context.at : state.lastStatusDate,
    ...ref,
    failureReason:
      target.status === 'list_failure' || target.status === 'delist_failure' ? reason : null,
  };
  const entry: ListingHistoryEntry = {
    at: context.at,
    by: context.by,
    event: event.type,
    from: state.status,
    to: next.status,
    fromOperation: state.status === 'queued' ? (state.pendingOperation ?? 'list') : null,
    toOperation: next.pendingOperation,
    reason,
    listedID: recorded?.listedID ?? null,
    listingURL: recorded?.listingURL ?? null,
  };
  return { ok: true, state: next, entry, transition: rule };
}

/**
 * The next state of one (item, marketplace) listing and the history entry to append.
 * Throws `TransitionRefused` when the table does not allow `event` from `state`.
 */
export function transition(
  state: ListingState,
  event: ListingEvent,
  context: TransitionContext,
): TransitionResult {
  const outcome = tryTransition(state, event, context);
  if (!outcome.ok) throw outcome.refused;
  return { state: outcome.state, entry: outcome.entry, transition: outcome.transition };
}
