import { describe, expect, it } from 'vitest';
import { translator } from '../i18n';
import { needsYouSentence, needsYouView } from './needs-you';

const t = translator('en-US');
const now = new Date(2025, 5, 3, 15, 0).getTime();
const hold = {
  reason: 'captcha' as const,
  detail: null,
  pageUrl: 'https://www.vinted.com/items/new',
  since: new Date(2025, 5, 3, 14, 5).getTime(),
};

describe('what the popup says of an operation that needs the seller', () => {
  it('says what happened on the marketplace and what to do, by name', () => {
    expect(needsYouSentence(t, 'captcha', 'vinted', 'list')).toBe(
      'Vinted asked for a check that only a person can do. Complete the check on Vinted in this browser, then Try again.',
    );
    expect(needsYouSentence(t, 'signed_out', 'vestiaire', 'delist')).toBe(
      'Vestiaire Collective showed its sign-in page. Sign in to Vestiaire Collective in this browser, then Try again.',
    );
    expect(needsYouSentence(t, 'blocked', 'poshmark', 'list')).toBe(
      'Poshmark is not taking more listings from this account now. Try again later.',
    );
  });

  it('tells the seller to do by hand what the operation was, on a page ListLoop does not know', () => {
    expect(needsYouSentence(t, 'unknown_layout', 'depop', 'list')).toBe(
      'Depop’s page was not one ListLoop knows. List it on Depop yourself and mark it listed in ListLoop, or Try again later.',
    );
    expect(needsYouSentence(t, 'unknown_layout', 'depop', 'delist')).toContain(
      'Delist it on Depop yourself and mark it not listed in ListLoop',
    );
    expect(needsYouSentence(t, 'interrupted', 'mercari', 'relist')).toBe(
      'The page closed while the listing was being sent, so ListLoop cannot tell whether Mercari took it. Check your listings on Mercari, then Try again or mark it listed in ListLoop.',
    );
  });

  it('has a sentence for every reason in every catalogue', () => {
    for (const locale of ['en-US', 'en-GB', 'es', 'it'] as const) {
      const tl = translator(locale);
      const reasons = [
        'captcha',
        'signed_out',
        'unknown_layout',
        'blocked',
        'interrupted',
      ] as const;
      const sentences = reasons.map((r) => needsYouSentence(tl, r, 'facebook', 'update'));
      expect(new Set(sentences).size).toBe(reasons.length);
      for (const sentence of sentences) expect(sentence).toContain('Facebook Marketplace');
    }
  });

  it('names the item and the marketplace on its link and its button', () => {
    const view = needsYouView(
      t,
      { title: 'Blue denim jacket', marketplace: 'vinted', operation: 'list', needsYou: hold },
      now,
    );
    expect(view.retryLabel).toBe('Try again: Blue denim jacket on Vinted');
    expect(view.openLabel).toBe('Open the page: Blue denim jacket on Vinted (opens in a new tab)');
    expect(view.pageUrl).toBe('https://www.vinted.com/items/new');
    expect(view.detail).toBeNull();
    expect(view.since).toMatch(/^Stopped 2:05\sPM$/u);
  });

  it('quotes the marketplace’s words, and opens only web addresses', () => {
    const view = needsYouView(
      t,
      {
        title: null,
        marketplace: 'vinted',
        operation: 'list',
        needsYou: { ...hold, detail: '  Too many listings today ', pageUrl: 'javascript:alert(1)' },
      },
      now,
    );
    expect(view.detail).toBe('Vinted said: “Too many listings today”');
    expect(view.pageUrl).toBeNull();
    expect(view.retryLabel).toBe('Try again: Untitled item on Vinted');
  });
});
