import { IntlMessageFormat } from 'intl-messageformat';
import enUS from './en-US.json';
import enGB from './en-GB.json';
import es from './es.json';
import it from './it.json';

export type MessageKey = keyof typeof enUS;
export type Catalogue = Record<MessageKey, string>;

export const CATALOGUES = {
  'en-US': enUS,
  'en-GB': enGB,
  es: es satisfies Catalogue,
  it: it satisfies Catalogue,
} as const;
export type Locale = keyof typeof CATALOGUES;

const BRITISH_ENGLISH = new Set(['en-gb', 'en-ie', 'en-au', 'en-nz']);

/** The catalogue for a browser language (`navigator.language`), American English otherwise. */
export function pickLocale(language: string | undefined): Locale {
  const tag = (language ?? '').toLowerCase();
  if (BRITISH_ENGLISH.has(tag)) return 'en-GB';
  const primary = tag.split('-')[0];
  if (primary === 'es') return 'es';
  if (primary === 'it') return 'it';
  return 'en-US';
}

export type Translate = (
  key: MessageKey,
  values?: Record<string, string | number | Date>,
) => string;

export function translator(locale: Locale): Translate {
  const catalogue: Catalogue = CATALOGUES[locale];
  const formats = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(catalogue[key], locale);
      formats.set(key, format);
    }
    return String(format.format(values));
  };
}
