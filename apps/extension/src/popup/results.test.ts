import { describe, expect, it } from 'vitest';
import { translator } from '../i18n';
import type { WorkResult } from '../work/state';
import { resultView } from './results';

const t = translator('en-US');
const now = new Date(2025, 5, 3, 15, 0).getTime();
const result = (over: Partial<WorkResult>): WorkResult => ({
  at: new Date(2025, 5, 3, 14, 5).getTime(),
  startedAt: new Date(2025, 5, 3, 14, 4).getTime(),
  marketplace: 'vinted',
  operation: 'list',
  title: 'Blue denim jacket',
  outcome: 'done',
  url: null,
  message: null,
  reason: null,
  ...over,
});

describe('a line of the last results', () => {
  it('says what was done where and when, and links the listing', () => {
    const view = resultView(t, result({ url: 'https://www.vinted.com/items/42' }), now);
    expect(view.title).toBe('Blue denim jacket');
    expect(view.meta).toMatch(/^List on Vinted · 2:05\sPM$/u);
    expect(view.outcome).toBe('Done');
    expect(view.link).toEqual({
      href: 'https://www.vinted.com/items/42',
      text: 'View the listing',
      label: 'View the listing: Blue denim jacket on Vinted (opens in a new tab)',
    });
  });

  it('shows the date of anything before today', () => {
    const view = resultView(t, result({ at: new Date(2025, 5, 1, 9, 30).getTime() }), now);
    expect(view.meta).toMatch(/^List on Vinted · 6\/1\/25, 9:30\sAM$/u);
  });

  it('says how each outcome came out, in words', () => {
    expect(
      resultView(t, result({ outcome: 'failed', message: 'Price too low.' }), now).outcome,
    ).toBe('Failed: Price too low.');
    expect(resultView(t, result({ outcome: 'failed' }), now).outcome).toBe('Failed');
    expect(resultView(t, result({ outcome: 'lost' }), now).outcome).toBe('Taken over elsewhere');
    expect(resultView(t, result({ outcome: 'lost', message: 'Sold on eBay.' }), now).outcome).toBe(
      'Taken over elsewhere: Sold on eBay.',
    );
    expect(
      resultView(t, result({ outcome: 'needs_you', reason: 'captcha', marketplace: 'depop' }), now)
        .outcome,
    ).toBe('Needs you: Depop asked for a check that only a person can do.');
  });

  it('names a sale and the page a stop left, and links only web addresses', () => {
    const sale = resultView(t, result({ operation: 'sale', title: null }), now);
    expect(sale.meta).toMatch(/^Sale detected on Vinted · /);
    expect(sale.title).toBe('Untitled item');
    const stop = resultView(
      t,
      result({ outcome: 'needs_you', reason: 'signed_out', url: 'https://www.vinted.com/login' }),
      now,
    );
    expect(stop.link?.text).toBe('Open the page');
    expect(stop.link?.label).toBe(
      'Open the page: Blue denim jacket on Vinted (opens in a new tab)',
    );
    expect(resultView(t, result({ url: 'chrome://settings' }), now).link).toBeNull();
  });
});
