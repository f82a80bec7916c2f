import {
  MARKETPLACE_NAMES,
  type SaleChannel,
  type SaleEvent,
  type SaleStepRecord,
  type SaleOutcome,
  type SaleOutcomeView,
} from '@listloop/domain';
import type { MantineColor } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { saleChannelName, saleWhere } from '../../lib/sales/sale-channel';
import {
  saleDetectionMessages as m,
  outcomeLabels,
  sourceMessages,
  stepLabels,
} from './sale-detection.messages';

/** The colour of each outcome: done, still running, failed, still up elsewhere, nothing to do. */
export const OUTCOME_COLORS: Record<SaleOutcome, MantineColor> = {
  delisted: 'teal',
  delist_queued: 'blue',
  delist_failed: 'red',
  not_enabled: 'orange',
  quantity_left: 'indigo',
  not_listed: 'gray',
  relisted: 'teal',
  relist_queued: 'blue',
  relist_failed: 'red',
  list_stopped: 'grape',
  list_queued: 'blue',
};

/** The outcomes still running: the screen asks again until they end. */
const RUNNING: readonly SaleOutcome[] = ['delist_queued', 'relist_queued', 'list_queued'];

/** What one other marketplace's outcome says: a short label, and the line under it. */
export interface OutcomeText {
  label: string;
  detail: string | null;
  color: MantineColor;
  /** The delist failed: offer to queue it again. */
  retryable: boolean;
  /** The seller's settings decided it: point to them. */
  settingsLink: boolean;
}

/** As shown: one decimal under 10, whole numbers from there. */
function roundedForDisplay(value: number): number {
  return value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value);
}

/**
 * How long the delist took, in the largest unit that reads well: "1.2 sec", "45 sec",
 * "3.5 min", "2 hr". A delist under a tenth of a second shows as 0.1 s. The unit is chosen on
 * the rounded value, so 59.97 s reads "1 min", never "60 sec".
 */
export function delistDuration(intl: IntlShape, ms: number): string {
  const seconds = Math.max(0.1, ms / 1000);
  const inSeconds = roundedForDisplay(seconds);
  const inMinutes = roundedForDisplay(seconds / 60);
  const [value, unit] =
    inSeconds < 60
      ? [inSeconds, 'second']
      : inMinutes < 60
        ? [inMinutes, 'minute']
        : [roundedForDisplay(seconds / 3600), 'hour'];
  return intl.formatNumber(value, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

export function outcomeText(
  intl: IntlShape,
  outcome: SaleOutcomeView,
  event: Pick<SaleEvent, 'marketplace' | 'quantityLeft'>,
): OutcomeText {
  // Only "still listed (relisted, being listed) with N left" uses the count.
  const label = intl.formatMessage(outcomeLabels[outcome.outcome], { count: event.quantityLeft });
  const base = {
    label,
    detail: null,
    color: OUTCOME_COLORS[outcome.outcome],
    retryable: false,
    settingsLink: false,
  };
  switch (outcome.outcome) {
    case 'delisted':
    case 'relisted':
      return {
        ...base,
        detail:
          outcome.msToDelist === null
            ? null
            : intl.formatMessage(m.delistedIn, {
                duration: delistDuration(intl, outcome.msToDelist),
              }),
      };
    case 'delist_queued':
    case 'relist_queued':
    case 'list_queued':
      return base;
    case 'list_stopped':
      return { ...base, detail: intl.formatMessage(m.listStoppedDetail) };
    case 'delist_failed':
    case 'relist_failed':
      return {
        ...base,
        detail: outcome.reason?.trim() || intl.formatMessage(m.delistFailedNoReason),
        // The tracker's Retry queues a delist; a failed relist is put right from the item.
        retryable: outcome.outcome === 'delist_failed',
      };
    case 'not_enabled':
      return {
        ...base,
        detail: intl.formatMessage(m.notEnabledDetail, {
          marketplace: saleChannelName(intl, event.marketplace),
        }),
        settingsLink: true,
      };
    case 'quantity_left':
    case 'not_listed':
      return base;
  }
}

/**
 * Whether the seller looking can change the setting that left an item up ("auto-delist off"):
 * it is the item owner's own setting, so only the owner can, and not when sale detection is
 * managed for them (their switches are read-only). Anyone else is not sent to Settings.
 */
export function canChangeSaleDetection(
  event: Pick<SaleEvent, 'userId'>,
  viewer: { userId: string; saleDetectionManaged: boolean },
): boolean {
  return event.userId === viewer.userId && !viewer.saleDetectionManaged;
}

/**
 * The Retry of a failed delist: offered to those who may delist. Its own failure is told only
 * while the delist is still failed: once a later answer shows it delisting or delisted (the
 * retry went through after all, or someone retried from the item), it no longer applies.
 */
export function retryView(
  text: Pick<OutcomeText, 'retryable'>,
  canDelist: boolean,
  retry: { isError: boolean },
): { offered: boolean; failed: boolean } {
  return { offered: text.retryable && canDelist, failed: text.retryable && retry.isError };
}

/** What the list part of the Sales screen shows. */
export type SalesListState = 'loading' | 'failed' | 'empty' | 'list';

/**
 * A changed filter keeps the last list on screen until its own answer arrives. When that last
 * list was empty, showing it would say "no sales match" the new filter before anyone knows:
 * that wait reads as loading. A failure is shown in place of the list only when there is none.
 */
export function salesListState(
  query: { isPending: boolean; isError: boolean; isPlaceholderData: boolean; isFetching: boolean },
  shown: number,
): SalesListState {
  if (query.isPending) return 'loading';
  if (shown > 0) return 'list';
  if (query.isPlaceholderData && query.isFetching) return 'loading';
  return query.isError ? 'failed' : 'empty';
}

/**
 * Whether any outcome shown is a delist (or a relist with the units left) still running: the
 * screen asks again until it ends.
 */
export function isDelisting(events: readonly Pick<SaleEvent, 'outcomes'>[]): boolean {
  return events.some((event) => event.outcomes.some((o) => RUNNING.includes(o.outcome)));
}

/** How the sale was heard of, in words. */
export function sourceText(intl: IntlShape, event: Pick<SaleEvent, 'source' | 'marketplace'>) {
  return intl.formatMessage(sourceMessages[event.source], {
    marketplace: saleChannelName(intl, event.marketplace),
  });
}

/**
 * A time between two moments in words, in the largest unit that reads well: "0.4 seconds",
 * "42 seconds", "3 minutes", "2 hours", "1 day" (whole numbers from 10 seconds up). The unit is
 * chosen on the rounded value, so 59.6 seconds reads "1 minute", never "60 seconds".
 */
export function elapsedText(intl: IntlShape, ms: number): string {
  const seconds = ms / 1000;
  const steps: [number, 'second' | 'minute' | 'hour' | 'day', number][] = [
    [seconds < 9.95 ? Math.round(seconds * 10) / 10 : Math.round(seconds), 'second', 60],
    [Math.round(seconds / 60), 'minute', 60],
    [Math.round(seconds / 3600), 'hour', 24],
  ];
  const [value, unit] = steps.find(([rounded, , next]) => rounded < next) ?? [
    Math.round(seconds / 86_400),
    'day',
  ];
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });
}

/** A sale the seller records is dated by the form: today's is the moment they record it. */
const SAME_MOMENT_MS = 60_000;

/**
 * "ListLoop knew 42 seconds after the sale": how long after the sale on the marketplace
 * ListLoop heard of it. Left out when there is no gap to tell: a sale the seller recorded as
 * it happened (its time is the recording's, give or take their clock), or one whose time is
 * not after the sale's (the marketplace gave no time of its own, or its clock runs ahead).
 */
export function knownAfterText(
  intl: IntlShape,
  event: Pick<SaleEvent, 'source' | 'soldAt' | 'detectedAt'>,
): string | null {
  const gap = Date.parse(event.detectedAt) - Date.parse(event.soldAt);
  if (!Number.isFinite(gap) || gap <= 0) return null;
  if (event.source === 'manual' && gap < SAME_MOMENT_MS) return null;
  return intl.formatMessage(m.knownAfter, { duration: elapsedText(intl, gap) });
}

/** "Sold on Shopify", or "Sold in person" for a sale the seller recorded as such. */
export function soldOnText(intl: IntlShape, event: Pick<SaleEvent, 'marketplace'>): string {
  return intl.formatMessage(m.soldOn, saleWhere(event.marketplace));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 minutes ago" for react-intl's formatRelativeTime: the largest unit the time since fits at
 * least once (the list covers 30 days, so days at most). Under a minute is "now".
 */
export function timeSince(
  at: string,
  now: number,
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((now - Date.parse(at)) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return { value: -Math.floor(seconds / size), unit };
  }
  return { value: 0, unit: 'second' };
}

/**
 * Where the open events among those shown sold, by name (in-person sales by their label):
 * what "Dismiss all" offers.
 */
export function marketplacesWithOpenEvents(
  events: readonly Pick<SaleEvent, 'marketplace' | 'dismissedAt'>[],
  intl: IntlShape,
): SaleChannel[] {
  const found = new Set(events.filter((e) => e.dismissedAt === null).map((e) => e.marketplace));
  const collator = new Intl.Collator(intl.locale);
  return [...found].sort((a, b) =>
    collator.compare(saleChannelName(intl, a), saleChannelName(intl, b)),
  );
}

/** One step of the sale workflow as the Sales screen lists it. */
export interface StepText {
  label: string;
  /** How long after the first step this one ended, e.g. "+85 ms"; null for the first. */
  after: string | null;
  color: MantineColor;
}

/** A step's line: what it did, on which marketplaces, and how long after the sale was heard of. */
export function stepText(
  intl: IntlShape,
  step: SaleStepRecord,
  event: SaleEvent,
  firstAt: number,
): StepText {
  const marketplaces = intl.formatList(
    step.marketplaces.map((marketplace) => MARKETPLACE_NAMES[marketplace]),
    { type: 'conjunction' },
  );
  const label = intl.formatMessage(stepLabels[step.step], {
    result: step.result,
    marketplaces,
    double: event.kind === 'double_sale' ? 'yes' : 'no',
    left: event.quantityLeft,
  });
  const ms = Math.max(0, Date.parse(step.at) - firstAt);
  const after =
    step.step === 'find-item'
      ? null
      : intl.formatMessage(m.stepAfter, {
          duration:
            ms < 1000
              ? intl.formatNumber(ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' })
              : intl.formatNumber(Math.round(ms / 100) / 10, {
                  style: 'unit',
                  unit: 'second',
                  unitDisplay: 'short',
                }),
        });
  const color: MantineColor =
    step.result === 'failed' ? 'red' : step.result === 'deferred' ? 'orange' : 'teal';
  return { label, after, color };
}
