import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CATALOGUES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/i18n/catalogues',
);

/** The four editions (spec §1): the country in `?country=`, its locale and how it writes decimals. */
export const EDITIONS = [
  { country: 'US', locale: 'en-US', decimal: '.' },
  { country: 'UK', locale: 'en-GB', decimal: '.' },
  { country: 'ES', locale: 'es', decimal: ',' },
  { country: 'IT', locale: 'it', decimal: ',' },
] as const;
export type Edition = (typeof EDITIONS)[number];

/**
 * The edition's words, from the app's own catalogue, so a journey reads the screen as a person
 * reading that edition does. `{name}` arguments are filled in; a plural message takes its
 * `other` form (the journeys count several).
 */
export function wordsOf(edition: Edition) {
  const catalogue = JSON.parse(
    readFileSync(path.join(CATALOGUES, `${edition.locale}.json`), 'utf8'),
  ) as Record<string, string>;
  return (id: string, values: Record<string, string | number> = {}): string => {
    let text = catalogue[id];
    if (text === undefined) throw new Error(`No message ${id} in ${edition.locale}`);
    const plural = /^\{(\w+), plural, .*other \{([^}]*)\}\}$/.exec(text);
    if (plural) text = plural[2]!.replace(/#/g, String(values[plural[1]!] ?? ''));
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
