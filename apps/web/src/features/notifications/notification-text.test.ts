import type { Notification } from '@listloop/domain';
import { createIntl, type IntlShape } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import es from '../../i18n/catalogues/es.json';
import it_ from '../../i18n/catalogues/it.json';
import { notificationText, relativeTime } from './notification-text';

const intl = createIntl({ locale: 'en-US', messages: enUS });
/** The words for a US shop's notification. */
const textOf = (reader: IntlShape, notification: Notification) =>
  notificationText(reader, notification, 'USD');
const meta = { id: 'n'.repeat(24), createdAt: '2026-01-01T00:00:00.000Z', readAt: null };
const itemId = 'item00000000000000000001';

describe('notification texts', () => {
  it('word a sale with its marketplace and price, and lead to the item', () => {
    const text = textOf(intl, {
      ...meta,
      kind: 'sale',
      params: {
        itemId,
        itemTitle: 'Levi’s 501',
        marketplace: 'ebay',
        price: 25,
        currency: 'USD',
        quantity: 1,
        saleEventId: null,
      },
    });
    expect(text).toEqual({
      headline: 'Sold on eBay',
      detail: 'Levi’s 501 for $25.00',
      badge: null,
      link: { to: '/app/inventory/$itemId', params: { itemId } },
    });
  });

  it('word a US shop’s sale in dollars in the Italian edition too', () => {
    const italian = createIntl({ locale: 'it', messages: it_ });
    const sale = (currency: string | null): Notification => ({
      ...meta,
      kind: 'sale',
      params: {
        itemId,
        itemTitle: 'Levi’s 501',
        marketplace: 'ebay',
        price: 79,
        currency,
        quantity: 1,
        saleEventId: null,
      },
    });
    for (const currency of ['USD', null]) {
      expect(textOf(italian, sale(currency)).detail.replace(/\u00a0/g, ' ')).toContain('79,00 $');
    }
  });

  it('show the units of a sale of several, and no price when none was given', () => {
    const text = textOf(intl, {
      ...meta,
      kind: 'sale',
      params: {
        itemId,
        itemTitle: '',
        marketplace: 'etsy',
        price: null,
        currency: null,
        quantity: 3,
        saleEventId: null,
      },
    });
    expect(text.detail).toBe('Untitled item');
    expect(text.badge).toBe('3 units');
  });

  it('word them in the seller’s language', () => {
    const spanish = createIntl({ locale: 'es', messages: es });
    const text = textOf(spanish, {
      ...meta,
      kind: 'double_sale',
      params: {
        itemId,
        itemTitle: 'Chaqueta',
        marketplace: 'vinted',
        soldOn: 'depop',
        price: 30,
        currency: 'EUR',
        saleEventId: null,
      },
    });
    expect(text.headline).toBe('Vendido dos veces: de nuevo en Vinted');
    expect(text.detail).toBe(
      'Chaqueta ya se había vendido en Depop. Cancela uno de los dos pedidos.',
    );
  });

  it('say a sale the seller recorded in person is in person', () => {
    const italian = createIntl({ locale: 'it', messages: it_ });
    const sale = notificationText(
      italian,
      {
        ...meta,
        kind: 'sale',
        params: {
          itemId,
          itemTitle: 'Borsa',
          marketplace: 'in_person',
          price: 24.99,
          currency: 'EUR',
          quantity: 1,
          saleEventId: null,
        },
      },
      'EUR',
    );
    expect(sale.headline).toBe('Venduto di persona');
    const double = notificationText(
      intl,
      {
        ...meta,
        kind: 'double_sale',
        params: {
          itemId,
          itemTitle: 'Bag',
          marketplace: 'ebay',
          soldOn: 'in_person',
          price: null,
          currency: null,
          saleEventId: null,
        },
      },
      'USD',
    );
    expect(double.headline).toBe('Sold twice: again on eBay');
    expect(double.detail).toBe('Bag had already sold in person. Cancel one of the two orders.');
  });

  it('give the reason a delist failed', () => {
    const text = textOf(intl, {
      ...meta,
      kind: 'delist_failed',
      params: {
        itemId,
        itemTitle: 'Pentax',
        marketplace: 'shopify',
        reason: 'The token was revoked.',
        saleEventId: null,
      },
    });
    expect(text.headline).toBe('Still listed on Shopify');
    expect(text.detail).toBe(
      'Pentax could not be taken down after it sold: The token was revoked.',
    );
  });

  it('count a bulk action’s items and failures, and lead to the inventory', () => {
    const bulk = (failed: number, cancelled: boolean): Notification => ({
      ...meta,
      kind: 'bulk_finished',
      params: {
        bulkActionId: 'b'.repeat(24),
        bulkAction: 'bulkDelist',
        total: 1200,
        succeeded: 1200 - failed,
        failed,
        cancelled,
      },
    });
    expect(textOf(intl, bulk(0, false))).toEqual({
      headline: 'Bulk delist finished',
      detail: '1,200 of 1,200 items done',
      badge: null,
      link: { to: '/app/inventory' },
    });
    const partly = textOf(intl, bulk(2, true));
    expect(partly.headline).toBe('Bulk delist cancelled');
    expect(partly.detail).toBe('1,198 of 1,200 items done and 2 failed');
  });

  it('make the words agree with the counts in Spanish and Italian', () => {
    const bulk = (total: number, succeeded: number): Notification => ({
      ...meta,
      kind: 'bulk_finished',
      params: {
        bulkActionId: 'b'.repeat(24),
        bulkAction: 'bulkDelist',
        total,
        succeeded,
        failed: total - succeeded,
        cancelled: false,
      },
    });
    const italian = createIntl({ locale: 'it', messages: it_ });
    expect(textOf(italian, bulk(2, 1)).detail).toBe('1 di 2 articoli fatto e 1 non riuscito');
    expect(textOf(italian, bulk(1200, 1198)).detail).toBe(
      '1198 di 1200 articoli fatti e 2 non riusciti',
    );
    const spanish = createIntl({ locale: 'es', messages: es });
    expect(textOf(spanish, bulk(1, 1)).detail).toBe('1 de 1 artículo hecho');
    expect(textOf(spanish, bulk(3, 2)).detail).toBe('2 de 3 artículos hechos y 1 con error');
  });
});

describe('relative time of a notification', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it.each([
    ['2026-03-10T11:59:30.000Z', 0, 'second'],
    ['2026-03-10T12:00:05.000Z', 0, 'second'],
    ['2026-03-10T11:57:00.000Z', -3, 'minute'],
    ['2026-03-10T09:10:00.000Z', -2, 'hour'],
    ['2026-03-09T11:00:00.000Z', -1, 'day'],
    ['2026-02-24T12:00:00.000Z', -2, 'week'],
    ['2025-12-01T12:00:00.000Z', -3, 'month'],
    ['2024-01-01T12:00:00.000Z', -2, 'year'],
  ])('%s is %d %s from now', (at, value, unit) => {
    expect(relativeTime(at, now)).toEqual({ value, unit });
  });

  it('reads as people say it', () => {
    const { value, unit } = relativeTime('2026-03-10T11:57:00.000Z', now);
    expect(intl.formatRelativeTime(value, unit, { numeric: 'auto' })).toBe('3 minutes ago');
    expect(intl.formatRelativeTime(0, 'second', { numeric: 'auto' })).toBe('now');
  });
});
