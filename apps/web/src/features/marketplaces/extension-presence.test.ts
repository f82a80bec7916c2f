import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/catalogues/en-US.json';
import es from '../../i18n/catalogues/es.json';
import it_ from '../../i18n/catalogues/it.json';
import type { PresenceLine } from '../../lib/connections/executor-presence';
import { presenceText } from './extension-presence';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const SEEN = '2026-03-01T12:00:00.000Z';
const THREE_MINUTES_LATER = Date.parse(SEEN) + 3 * 60_000;

const seen = (state: 'signedIn' | 'signedOut' | 'paused', active = true): PresenceLine => ({
  kind: 'seen',
  lastSeenAt: SEEN,
  active,
  state,
});

describe('an extension marketplace’s presence line', () => {
  it('says when a paired browser was seen and in what state', () => {
    expect(presenceText(intl, seen('signedIn'), 'poshmark', THREE_MINUTES_LATER)).toEqual({
      text: 'Browser extension seen 3 minutes ago · signed in',
      tone: 'ready',
    });
    expect(presenceText(intl, seen('signedOut'), 'poshmark', THREE_MINUTES_LATER)).toEqual({
      text: 'Browser extension seen 3 minutes ago · signed out of Poshmark',
      tone: 'attention',
    });
    expect(presenceText(intl, seen('paused'), 'poshmark', THREE_MINUTES_LATER)).toEqual({
      text: 'Browser extension seen 3 minutes ago · paused',
      tone: 'attention',
    });
  });

  it('is not good news when the browser was not seen lately, however it was then', () => {
    const lateNow = Date.parse(SEEN) + 2 * 3_600_000;
    expect(presenceText(intl, seen('signedIn', false), 'mercari', lateNow)).toEqual({
      text: 'Browser extension seen 2 hours ago · signed in',
      tone: 'attention',
    });
  });

  it('says when no paired browser has ever checked in', () => {
    expect(presenceText(intl, { kind: 'never' }, 'grailed', THREE_MINUTES_LATER)).toEqual({
      text: 'No paired browser has checked in yet',
      tone: 'none',
    });
  });

  it('is worded in the seller’s language', () => {
    const spanish = createIntl({ locale: 'es', messages: es });
    const italian = createIntl({ locale: 'it', messages: it_ });
    expect(presenceText(spanish, seen('signedOut'), 'vinted', THREE_MINUTES_LATER).text).toBe(
      'Extensión del navegador vista hace 3 minutos · sin sesión en Vinted',
    );
    expect(presenceText(italian, seen('paused'), 'vinted', THREE_MINUTES_LATER).text).toBe(
      'Estensione del browser vista 3 minuti fa · in pausa',
    );
  });
});
