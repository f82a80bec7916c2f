import type { SaleEvent, SaleOutcomeView } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import es from '../../i18n/catalogues/es.json';
import it_ from '../../i18n/catalogues/it.json';
import {
  canChangeSaleDetection,
  delistDuration,
  elapsedText,
  isDelisting,
  knownAfterText,
  marketplacesWithOpenEvents,
  outcomeText,
  retryView,
  salesListState,
  soldOnText,
  sourceText,
  timeSince,
} from './sale-event-view';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const italian = createIntl({ locale: 'it', messages: it_ });
const spanish = createIntl({ locale: 'es', messages: es });

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
  steps: [],
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

  it('a relist with the units left reads like a delist: running, done with its time, or failed', () => {
    expect(outcomeText(intl, outcome({ outcome: 'relist_queued' }), event())).toMatchObject({
      label: 'Relisting…',
      color: 'blue',
      retryable: false,
    });
    const relisted = outcome({ outcome: 'relisted', msToDelist: 4200 });
    expect(outcomeText(intl, relisted, event({ quantityLeft: 2 }))).toEqual({
      label: 'Relisted with 2 left',
      detail: 'in 4.2 sec',
      color: 'teal',
      retryable: false,
      settingsLink: false,
    });
    expect(outcomeText(italian, relisted, event({ quantityLeft: 1 })).label).toBe(
      'Ripubblicato, ne resta 1',
    );
    // Red with the reason; the tracker's Retry queues a delist, so it is not offered here.
    const failed = outcome({ outcome: 'relist_failed', reason: 'Photos are missing.' });
    expect(outcomeText(intl, failed, event())).toMatchObject({
      label: 'Relist failed',
      detail: 'Photos are missing.',
      color: 'red',
      retryable: false,
    });
  });

  it('says a list the sale stopped never went live, and why', () => {
    expect(outcomeText(intl, outcome({ outcome: 'list_stopped' }), event())).toMatchObject({
      label: 'Listing stopped before it went live',
      detail: 'It sold before this listing went live, so ListLoop stopped it: nothing was put up.',
      retryable: false,
    });
    expect(outcomeText(spanish, outcome({ outcome: 'list_stopped' }), event()).label).toBe(
      'Publicación detenida antes de salir',
    );
  });

  it('follows a list that goes on with the units left', () => {
    const listing = outcome({ outcome: 'list_queued' });
    expect(outcomeText(intl, listing, event({ quantityLeft: 2 })).label).toBe(
      'Listing with 2 left…',
    );
    expect(outcomeText(italian, listing, event({ quantityLeft: 1 })).label).toBe(
      'Pubblicazione in corso, ne resta 1…',
    );
    expect(isDelisting([event({ outcomes: [listing] })])).toBe(true);
  });

  it('says one unit left in the singular in every language', () => {
    const left = (intlFor: typeof intl, quantityLeft: number) =>
      outcomeText(intlFor, outcome({ outcome: 'quantity_left' }), event({ quantityLeft })).label;
    expect(left(italian, 1)).toBe('Ancora pubblicato, ne resta 1');
    expect(left(italian, 4)).toBe('Ancora pubblicato, ne restano 4');
    expect(left(spanish, 1)).toBe('Sigue publicado, queda 1');
    expect(left(spanish, 4)).toBe('Sigue publicado, quedan 4');
    expect(left(intl, 1)).toBe('Still listed with 1 left');
  });
});

describe('auto-delist turned off', () => {
  it('sends to Settings only the item’s owner, and only when the switches are theirs to change', () => {
    const sale = event({ userId: 'user-1' });
    expect(canChangeSaleDetection(sale, { userId: 'user-1', saleDetectionManaged: false })).toBe(
      true,
    );
    // A teammate’s settings decided it: their own Settings would change nothing.
    expect(canChangeSaleDetection(sale, { userId: 'user-2', saleDetectionManaged: false })).toBe(
      false,
    );
    // Managed for the account: the switches there are read-only.
    expect(canChangeSaleDetection(sale, { userId: 'user-1', saleDetectionManaged: true })).toBe(
      false,
    );
  });
});

describe('retrying a failed delist', () => {
  const failed = { retryable: true };
  it('is offered only to those who may delist', () => {
    expect(retryView(failed, true, { isError: false })).toEqual({ offered: true, failed: false });
    expect(retryView(failed, false, { isError: false }).offered).toBe(false);
    expect(retryView({ retryable: false }, true, { isError: false }).offered).toBe(false);
  });

  it('tells its own failure only while the delist is still failed', () => {
    expect(retryView(failed, true, { isError: true }).failed).toBe(true);
    // A later answer shows the delist running or done: the old failure no longer applies.
    expect(retryView({ retryable: false }, true, { isError: true }).failed).toBe(false);
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

  it('moves to the next unit when the rounded value would read 60', () => {
    expect(delistDuration(intl, 59_970)).toBe('1 min');
    expect(delistDuration(intl, 59_400)).toBe('59 sec');
    expect(delistDuration(intl, 59.98 * 60_000)).toBe('1 hr');
    expect(delistDuration(intl, 9_960)).toBe('10 sec');
  });
});

describe('following delists', () => {
  it('keeps asking while any outcome is still delisting', () => {
    const running = event({ outcomes: [outcome({ outcome: 'delist_queued' })] });
    const done = event({ outcomes: [outcome({ outcome: 'delisted' })] });
    expect(isDelisting([done, running])).toBe(true);
    expect(isDelisting([event({ outcomes: [outcome({ outcome: 'relist_queued' })] })])).toBe(true);
    expect(isDelisting([event({ outcomes: [outcome({ outcome: 'relisted' })] })])).toBe(false);
    expect(isDelisting([done])).toBe(false);
    expect(isDelisting([])).toBe(false);
  });
});

describe('the sale’s facts', () => {
  it('says where it sold: on a marketplace, or in person', () => {
    expect(soldOnText(intl, { marketplace: 'shopify' })).toBe('Sold on Shopify');
    expect(soldOnText(intl, { marketplace: 'in_person' })).toBe('Sold in person');
    expect(soldOnText(italian, { marketplace: 'in_person' })).toBe('Venduto di persona');
    expect(sourceText(intl, { source: 'manual', marketplace: 'in_person' })).toBe(
      'Marked as sold in ListLoop',
    );
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

describe('how soon ListLoop knew of the sale', () => {
  const at = (ms: number) => new Date(Date.parse('2026-03-01T12:00:00.000Z') + ms).toISOString();
  const sale = (gapMs: number, source: SaleEvent['source'] = 'webhook') =>
    event({ source, soldAt: at(0), detectedAt: at(gapMs) });

  it('says the time from the sale on the marketplace to ListLoop knowing it', () => {
    expect(knownAfterText(intl, sale(42_000))).toBe('ListLoop knew 42 seconds after the sale');
    expect(knownAfterText(intl, sale(3 * 60_000 + 10_000, 'poll'))).toBe(
      'ListLoop knew 3 minutes after the sale',
    );
    expect(knownAfterText(intl, sale(400, 'executor'))).toBe(
      'ListLoop knew 0.4 seconds after the sale',
    );
  });

  it('is worded in every language', () => {
    const british = createIntl({ locale: 'en-GB', messages: enGB });
    expect(knownAfterText(british, sale(60_000))).toBe('ListLoop knew 1 minute after the sale');
    expect(knownAfterText(spanish, sale(42_000))).toBe(
      'ListLoop lo supo 42 segundos después de la venta',
    );
    expect(knownAfterText(italian, sale(3 * 3_600_000))).toBe(
      'ListLoop l’ha saputo 3 ore dopo la vendita',
    );
  });

  it('leaves it out when there is no gap to tell', () => {
    // A sale recorded by hand as it happened: its time is the recording's.
    expect(knownAfterText(intl, sale(0, 'manual'))).toBeNull();
    expect(knownAfterText(intl, sale(350, 'manual'))).toBeNull();
    // The marketplace gave no time of its own, or its clock runs ahead of ours.
    expect(knownAfterText(intl, sale(0))).toBeNull();
    expect(knownAfterText(intl, sale(-2_000))).toBeNull();
  });

  it('tells a sale recorded by hand days later', () => {
    expect(knownAfterText(intl, sale(2 * 86_400_000 + 3_600_000, 'manual'))).toBe(
      'ListLoop knew 2 days after the sale',
    );
  });

  it('reads in the largest unit that fits, never 60 of the smaller one', () => {
    expect(elapsedText(intl, 9_960)).toBe('10 seconds');
    expect(elapsedText(intl, 59_600)).toBe('1 minute');
    expect(elapsedText(intl, 59.6 * 60_000)).toBe('1 hour');
    expect(elapsedText(intl, 23.6 * 3_600_000)).toBe('1 day');
    expect(elapsedText(intl, 1_000)).toBe('1 second');
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
    expect(marketplacesWithOpenEvents(events, intl)).toEqual(['ebay', 'shopify']);
    expect(marketplacesWithOpenEvents([], intl)).toEqual([]);
  });

  it('offers the open in-person sales by their label, sorted with the marketplaces', () => {
    const events = [event({ marketplace: 'shopify' }), event({ marketplace: 'in_person' })];
    expect(marketplacesWithOpenEvents(events, intl)).toEqual(['in_person', 'shopify']);
  });
});

describe('what the Sales screen shows under its filters', () => {
  const query = {
    isPending: false,
    isError: false,
    isPlaceholderData: false,
    isFetching: false,
  };

  it('loads, then lists, or says there is nothing', () => {
    expect(salesListState({ ...query, isPending: true, isFetching: true }, 0)).toBe('loading');
    expect(salesListState(query, 3)).toBe('list');
    expect(salesListState(query, 0)).toBe('empty');
  });

  it('does not say “no sales match” a new filter before its answer arrives', () => {
    // The last filter's list was empty and stays as the placeholder while the new one loads.
    expect(salesListState({ ...query, isPlaceholderData: true, isFetching: true }, 0)).toBe(
      'loading',
    );
    // A last list with sales stays on screen, dimmed, meanwhile.
    expect(salesListState({ ...query, isPlaceholderData: true, isFetching: true }, 2)).toBe('list');
  });

  it('shows a failure in place of the list only when there is no list', () => {
    expect(salesListState({ ...query, isError: true }, 0)).toBe('failed');
    expect(salesListState({ ...query, isError: true }, 2)).toBe('list');
  });
});
