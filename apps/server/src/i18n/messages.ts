import IntlMessageFormat from 'intl-messageformat';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@listloop/domain';
import enGB from './catalogues/en-GB.json' with { type: 'json' };
import enUS from './catalogues/en-US.json' with { type: 'json' };
import es from './catalogues/es.json' with { type: 'json' };
import it from './catalogues/it.json' with { type: 'json' };

/**
 * The server's own words (notification e-mails, Slack messages) as ICU MessageFormat, one
 * catalogue per locale, formatted with intl-messageformat (what react-intl uses on the web).
 * The reference catalogue is en-US: every other one has exactly its keys (messages.test.ts).
 */
export type MessageId = keyof typeof enUS;
export type Catalogue = Record<MessageId, string>;

/** Typed against en-US, so a catalogue missing a key does not compile. */
export const CATALOGUES: Readonly<Record<Locale, Catalogue>> = {
  'en-US': enUS,
  'en-GB': enGB,
  es,
  it,
};

/** What a message is formatted with: text already worded for the locale, or numbers. */
export type MessageValues = Readonly<Record<string, string | number>>;

export type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * One of ours for any locale tag: an exact match (any case), else the same language (`es-MX`
 * → es, `en-AU` → en-US, the first English), else en-US.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0];
  return (
    LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? DEFAULT_LOCALE
  );
}

// Parsing is the costly part; each (locale, message) is parsed once per process.
const compiled = new Map<string, IntlMessageFormat>();

function compile(locale: Locale, id: MessageId): IntlMessageFormat {
  const cacheKey = `${locale}\u0000${id}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    // Plain text only: a `<` in a message is a character, never a rich-text tag.
    format = new IntlMessageFormat(CATALOGUES[locale][id], locale, undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  return format;
}

/**
 * A message in a locale (an unknown one falls back to en-US). Throws when a value the message
 * names is missing: that is a bug in the caller, not something to send half-worded.
 */
export function formatMessage(
  locale: string | null | undefined,
  id: MessageId,
  values?: MessageValues,
): string {
  const resolved = resolveLocale(locale);
  const formatted = compile(resolved, id).format(values);
  return Array.isArray(formatted) ? formatted.join('') : String(formatted);
}

/** The formatter of one locale, for code that words several messages at once. */
export function translator(locale: string | null | undefined): Translate {
  const resolved = resolveLocale(locale);
  return (id, values) => formatMessage(resolved, id, values);
}
