import type { SaleEvent, SaleOutcomeView } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import it_ from '../../i18n/catalogues/it.json';
import {
  delistDuration,
  isDelisting,
  marketplacesWithOpenEvents,
  outcomeText,
  salePriceText,
  sourceText,
  timeSince,
} from './sale-event-view';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const italian = createIntl({ locale: 'it', messages: it_ });

const outcome = (overrides: Partial<SaleOutcomeView>): SaleOutcomeView => ({
  marketplace: 'ebay',
  outcome: 'delisted',
  operationId: null,
  reason: null,
  finishedAt: null,
  msToDelist: null,
  ...overrides,
});

const event = (overrides: Partial<SaleEvent> = {}): SaleEvent => ({
  eventId: 'event-1',
  kind: 'sale',
  source: 'webhook',
  marketplace: 'shopify',
  externalOrderId: '#1001',
  itemId: 'item-1',
  userId: 'user-1',
  itemTitle: 'Levi’s trucker jacket',
  quantity: 1,
  quantityLeft: 0,
  salePrice: 45,
  currency: 'USD',
  fees: null,
  buyerCountry: null,
  soldAt: '2026-03-01T12:00:00.000Z',
  detectedAt: '2026-03-01T12:00:01.000Z',
  dismissedAt: null,
  firstSoldOn: null,
  outcomes: [],
  ...overrides,
});

describe('what each outcome on another marketplace says', () => {
  it('a delist that ended says how long it took after the sale, in green', () => {
    const text = outcomeText(intl, outcome({ msToDelist: 1234 }), event());
    expect(text).toEqual({
      label: 'Delisted',
      detail: 'in 1.2 sec',
      color: 'teal',
      retryable: false,
      settingsLink: false,
    });
    expect(outcomeText(intl, outcome({ msToDelist: null }), event()).detail).toBeNull();
  });

  it('a delist still running is blue and has nothing more to say', () => {
    expect(outcomeText(intl, outcome({ outcome: 'delist_queued' }), event())).toMatchObject({
      label: 'Delisting…',
      detail: null,
      color: 'blue',
      retryable: false,
    });
  });

  it('a failed delist is red, gives the marketplace’s reason, and can be retried', () => {
    const failed = outcome({ outcome: 'delist_failed', reason: 'Listing is locked by eBay.' });
    expect(outcomeText(intl, failed, event())).toEqual({
      label: 'Delist failed',
      detail: 'Listing is locked by eBay.',
      color: 'red',
      retryable: true,
      settingsLink: false,
    });
    const silent = outcome({ outcome: 'delist_failed', reason: '  ' });
    expect(outcomeText(intl, silent, event()).detail).toBe('The marketplace gave no reason.');
  });

  it('auto-delist turned off names the selling marketplace and points to the settings', () => {
    const text = outcomeText(intl, outcome({ outcome: 'not_enabled' }), event());
    expect(text).toEqual({
      label: 'Auto-delist off',
      detail: 'Auto-delist is off for sales on Shopify, so the item is still listed here.',
      color: 'orange',
      retryable: false,
      settingsLink: true,
    });
  });

  it('not listed is grey; with units left, the listing stays up and says how many', () => {
    expect(outcomeText(intl, outcome({ outcome: 'not_listed' }), event())).toMatchObject({
      label: 'Not listed',
      color: 'gray',
      detail: null,
    });
    const left = outcomeText(
      intl,
      outcome({ outcome: 'quantity_left' }),
      event({ quantityLeft: 3 }),
    );
    expect(left).toMatchObject({ label: 'Still listed with 3 left', color: 'indigo' });
  });

  it('is worded in the seller’s language', () => {
    expect(outcomeText(italian, outcome({ msToDelist: 1500 }), event())).toMatchObject({
      label: 'Ritirato',
      detail: 'in 1,5 s',
    });
  });
});

describe('the time from sale to delist', () => {
  it('reads in seconds under a minute, then minutes, then hours', () => {
    expect(delistDuration(intl, 1234)).toBe('1.2 sec');
    expect(delistDuration(intl, 12_400)).toBe('12 sec');
    expect(delistDuration(intl, 30)).toBe('0.1 sec');
    expect(delistDuration(intl, 3.5 * 60_000)).toBe('3.5 min');
    expect(delistDuration(intl, 2 * 3_600_000)).toBe('2 hr');
  });
});

describe('following delists', () => {
  it('keeps asking while any outcome is still delisting', () => {
    const running = event({ outcomes: [outcome({ outcome: 'delist_queued' })] });
    const done = event({ outcomes: [outcome({ outcome: 'delisted' })] });
    expect(isDelisting([done, running])).toBe(true);
    expect(isDelisting([done])).toBe(false);
    expect(isDelisting([])).toBe(false);
  });
});

describe('the sale’s facts', () => {
  it('shows the price in its currency, or the number alone', () => {
    expect(salePriceText(intl, 45, 'USD')).toBe('$45.00');
    expect(salePriceText(intl, 45, 'EUR')).toBe('€45.00');
    expect(salePriceText(intl, 45, null)).toBe('45.00');
    expect(salePriceText(intl, 45, 'not-a-currency')).toBe('45.00 not-a-currency');
    expect(salePriceText(intl, null, 'USD')).toBeNull();
  });

  it('says in words how the sale was heard of', () => {
    expect(sourceText(intl, event({ source: 'webhook' }))).toBe('Reported by Shopify');
    expect(sourceText(intl, event({ source: 'poll', marketplace: 'ebay' }))).toBe(
      'Found in the orders on eBay',
    );
    expect(sourceText(intl, event({ source: 'executor' }))).toBe('Seen by the browser extension');
    expect(sourceText(intl, event({ source: 'manual' }))).toBe('Marked as sold in ListLoop');
  });

  it('says when in the largest unit that fits, and now under a minute', () => {
    const at = '2026-03-01T12:00:00.000Z';
    const base = Date.parse(at);
    expect(timeSince(at, base + 20_000)).toEqual({ value: 0, unit: 'second' });
    expect(timeSince(at, base + 3 * 60_000)).toEqual({ value: -3, unit: 'minute' });
    expect(timeSince(at, base + 5 * 3_600_000)).toEqual({ value: -5, unit: 'hour' });
    expect(timeSince(at, base + 29 * 86_400_000)).toEqual({ value: -29, unit: 'day' });
  });
});

describe('dismiss all', () => {
  it('offers the marketplaces with open sales shown, by name, each once', () => {
    const events = [
      event({ marketplace: 'shopify' }),
      event({ marketplace: 'ebay' }),
      event({ marketplace: 'shopify' }),
      event({ marketplace: 'etsy', dismissedAt: '2026-03-02T00:00:00Z' }),
    ];
    expect(marketplacesWithOpenEvents(events, 'en-US')).toEqual(['ebay', 'shopify']);
    expect(marketplacesWithOpenEvents([], 'en-US')).toEqual([]);
  });
});
