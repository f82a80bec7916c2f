import { NEEDS_YOU_REASONS, type NeedsYou } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import es from '../../i18n/catalogues/es.json';
import it_ from '../../i18n/catalogues/it.json';
import { extensionAbsenceText, needsYouView } from './operation-hold-text';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const LOCALES = [
  intl,
  createIntl({ locale: 'en-GB', messages: enGB }),
  createIntl({ locale: 'es', messages: es }),
  createIntl({ locale: 'it', messages: it_ }),
];

const stop = (changes: Partial<NeedsYou> = {}): NeedsYou => ({
  reason: 'captcha',
  detail: null,
  pageUrl: null,
  since: 1_763_700_000_000,
  ...changes,
});

describe('an operation the extension handed to the seller', () => {
  it('says what happened and what to do for each reason', () => {
    const body = (reason: NeedsYou['reason']) =>
      needsYouView(intl, { needsYou: stop({ reason }), operation: 'list' }, 'poshmark').body;
    expect(body('captcha')).toBe(
      'Poshmark asked for a check that only a person can do, so the browser extension stopped. Open Poshmark in the browser where the extension runs, complete its check, then Try again.',
    );
    expect(body('signed_out')).toBe(
      'Poshmark showed its sign-in page, so the browser extension stopped. Sign in to Poshmark in the browser where the extension runs, then Try again.',
    );
    expect(body('unknown_layout')).toBe(
      'Poshmark’s page was not one ListLoop knows, so the browser extension stopped. List it on Poshmark yourself and mark it listed here, or Try again later.',
    );
    expect(body('blocked')).toBe(
      'Poshmark is not taking more listings from this account now, so the browser extension stopped. Try again later.',
    );
  });

  it('says in every language something for every reason, never its code', () => {
    for (const locale of LOCALES) {
      for (const reason of NEEDS_YOU_REASONS) {
        for (const operation of ['list', 'relist', 'delist', 'update'] as const) {
          const view = needsYouView(locale, { needsYou: stop({ reason }), operation }, 'mercari');
          expect(view.body).toContain('Mercari');
          expect(view.body).not.toMatch(/_|\{|\}/);
          expect(view.body).not.toContain(reason);
        }
      }
    }
  });

  it('tells a delist held on an unknown page to be delisted by hand and marked not listed', () => {
    const view = needsYouView(
      intl,
      { needsYou: stop({ reason: 'unknown_layout' }), operation: 'delist' },
      'grailed',
    );
    expect(view.body).toContain('Delist it on Grailed yourself and mark it not listed here');
    expect(view.markListed).toBe(false);
  });

  it('offers Mark as listed only for a list or relist the seller can settle by hand', () => {
    const offered = (reason: NeedsYou['reason'], operation: 'list' | 'relist' | 'delist') =>
      needsYouView(intl, { needsYou: stop({ reason }), operation }, 'vinted').markListed;
    expect(offered('unknown_layout', 'list')).toBe(true);
    expect(offered('unknown_layout', 'relist')).toBe(true);
    expect(offered('captcha', 'list')).toBe(false);
    expect(offered('blocked', 'list')).toBe(false);
    expect(offered('unknown_layout', 'delist')).toBe(false);
  });

  it('quotes the marketplace’s own words when it said anything', () => {
    const said = needsYouView(
      intl,
      { needsYou: stop({ detail: '  Please verify you are human  ' }), operation: 'list' },
      'depop',
    );
    expect(said.detail).toBe('Depop said: “Please verify you are human”');
    const silent = needsYouView(
      intl,
      { needsYou: stop({ detail: ' ' }), operation: 'list' },
      'depop',
    );
    expect(silent.detail).toBeNull();
    const italian = needsYouView(
      LOCALES[3]!,
      { needsYou: stop({ detail: 'Verifica' }), operation: 'list' },
      'depop',
    );
    expect(italian.detail).toBe('Depop ha detto: «Verifica»');
  });

  it('links only to a web page', () => {
    const page = (pageUrl: string | null) =>
      needsYouView(intl, { needsYou: stop({ pageUrl }), operation: 'list' }, 'poshmark').pageUrl;
    expect(page('https://poshmark.com/create-listing')).toBe('https://poshmark.com/create-listing');
    expect(page('javascript:alert(1)')).toBeNull();
    expect(page(null)).toBeNull();
  });
});

describe('an extension operation no paired browser will take', () => {
  it('says why and what brings a browser back', () => {
    expect(extensionAbsenceText(intl, 'notSeen', 'poshmark', 10)).toBe(
      'Waiting for the browser extension: no paired browser has checked in for Poshmark in the last 10 minutes. Open your browser with the ListLoop extension paired and signed in to Poshmark.',
    );
    expect(extensionAbsenceText(intl, 'notSeen', 'poshmark', 1)).toContain('in the last 1 minute.');
    expect(extensionAbsenceText(intl, 'paused', 'mercari', 10)).toBe(
      'Waiting for the browser extension: it is paused in the browser paired for Mercari. Resume it from the ListLoop button in that browser’s toolbar.',
    );
    expect(extensionAbsenceText(intl, 'signedOut', 'vestiaire', 10)).toBe(
      'Waiting for the browser extension: the paired browser is signed out of Vestiaire Collective. Sign in to Vestiaire Collective in that browser.',
    );
  });

  it('is worded in the seller’s language', () => {
    expect(extensionAbsenceText(LOCALES[2]!, 'notSeen', 'vinted', 10)).toContain(
      'en los últimos 10 minutos',
    );
    expect(extensionAbsenceText(LOCALES[3]!, 'notSeen', 'vinted', 10)).toContain(
      'negli ultimi 10 minuti',
    );
  });
});
