import {
  MARKETPLACE_NAMES,
  type MarketplaceId,
  type SaleEvent,
  type SaleOutcome,
  type SaleOutcomeView,
} from '@listloop/domain';
import type { MantineColor } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import {
  saleDetectionMessages as m,
  outcomeLabels,
  sourceMessages,
} from './sale-detection.messages';

/** The colour of each outcome: done, still running, failed, still up elsewhere, nothing to do. */
export const OUTCOME_COLORS: Record<SaleOutcome, MantineColor> = {
  delisted: 'teal',
  delist_queued: 'blue',
  delist_failed: 'red',
  not_enabled: 'orange',
  quantity_left: 'indigo',
  not_listed: 'gray',
};

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

/**
 * How long the delist took, in the largest unit that reads well: "1.2 sec", "45 sec",
 * "3.5 min", "2 hr". A delist under a tenth of a second shows as 0.1 s.
 */
export function delistDuration(intl: IntlShape, ms: number): string {
  const seconds = Math.max(0.1, ms / 1000);
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [seconds / 60, 'minute']
        : [seconds / 3600, 'hour'];
  return intl.formatNumber(value, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  });
}

export function outcomeText(
  intl: IntlShape,
  outcome: SaleOutcomeView,
  event: Pick<SaleEvent, 'marketplace' | 'quantityLeft'>,
): OutcomeText {
  // Only "still listed with N left" uses the count.
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
      return base;
    case 'delist_failed':
      return {
        ...base,
        detail: outcome.reason?.trim() || intl.formatMessage(m.delistFailedNoReason),
        retryable: true,
      };
    case 'not_enabled':
      return {
        ...base,
        detail: intl.formatMessage(m.notEnabledDetail, {
          marketplace: MARKETPLACE_NAMES[event.marketplace],
        }),
        settingsLink: true,
      };
    case 'quantity_left':
    case 'not_listed':
      return base;
  }
}

/** Whether any outcome shown is a delist still running (the screen asks again until it ends). */
export function isDelisting(events: readonly Pick<SaleEvent, 'outcomes'>[]): boolean {
  return events.some((event) => event.outcomes.some((o) => o.outcome === 'delist_queued'));
}

/** The sale price in its currency; the number alone when the currency is unknown or unusual. */
export function salePriceText(
  intl: IntlShape,
  amount: number | null,
  currency: string | null,
): string | null {
  if (amount === null) return null;
  const plain = intl.formatNumber(amount, { minimumFractionDigits: 2 });
  if (!currency) return plain;
  // Intl formats any three-letter code; anything else would be a formatting error.
  if (!/^[A-Za-z]{3}$/.test(currency)) return `${plain} ${currency}`;
  return intl.formatNumber(amount, { style: 'currency', currency: currency.toUpperCase() });
}

/** How the sale was heard of, in words. */
export function sourceText(intl: IntlShape, event: Pick<SaleEvent, 'source' | 'marketplace'>) {
  return intl.formatMessage(sourceMessages[event.source], {
    marketplace: MARKETPLACE_NAMES[event.marketplace],
  });
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

/** The marketplaces with open events among those shown, by name: what "Dismiss all" offers. */
export function marketplacesWithOpenEvents(
  events: readonly Pick<SaleEvent, 'marketplace' | 'dismissedAt'>[],
  locale: string,
): MarketplaceId[] {
  const found = new Set(events.filter((e) => e.dismissedAt === null).map((e) => e.marketplace));
  const collator = new Intl.Collator(locale);
  return [...found].sort((a, b) => collator.compare(MARKETPLACE_NAMES[a], MARKETPLACE_NAMES[b]));
}
