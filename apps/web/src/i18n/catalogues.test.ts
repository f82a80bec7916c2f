import {
  ACCESS_LEVELS,
  ACCOUNT_NAMES,
  ACCOUNT_USER_STATUSES,
  ERROR_CODES,
  ERROR_MESSAGES,
  HELP_TEXT_KEYS,
  LOCALES,
  MARKETPLACE_IDS,
  defaultCatalogue,
  PERMISSION_DEFINITIONS,
  PERMISSION_KEYS,
  REGIONAL_TEXT_SETS,
  type Locale,
} from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from './catalogues/en-GB.json';
import enUS from './catalogues/en-US.json';
import es from './catalogues/es.json';
import it_ from './catalogues/it.json';
import type { MessageId } from './catalogues';
import { conditionMessageId, marketplaceConditionText } from '../lib/listings/listing-values';
import { SHOWN_HELP_TEXT_KEYS } from './dynamic-messages';

const CATALOGUES: Record<Locale, Record<string, string>> = {
  'en-US': enUS,
  'en-GB': enGB,
  es,
  it: it_,
};
const REFERENCE = Object.keys(enUS).sort();

/** The argument names of an ICU message: `{name}` and `{name, plural, …}`, and rich tags. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)) names.add(match[1]!);
  for (const match of message.matchAll(/<([A-Za-z][\w]*)>/g)) names.add(`<${match[1]!}>`);
  return [...names].sort();
}

describe('message catalogues', () => {
  it('covers exactly the four supported locales', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LOCALES].sort());
  });

  for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
    describe(locale, () => {
      it('has every key of en-US and no other', () => {
        const keys = Object.keys(catalogue).sort();
        const missing = REFERENCE.filter((key) => !(key in catalogue));
        const extra = keys.filter((key) => !(key in enUS));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has no empty message', () => {
        const empty = Object.entries(catalogue)
          .filter(([, text]) => typeof text !== 'string' || !text.trim())
          .map(([key]) => key);
        expect(empty).toEqual([]);
      });

      it('uses the same arguments as en-US in every message', () => {
        const mismatched = REFERENCE.filter(
          (key) =>
            catalogue[key] !== undefined &&
            argumentsOf(catalogue[key]).join() !==
              argumentsOf(enUS[key as keyof typeof enUS]).join(),
        );
        expect(mismatched).toEqual([]);
      });

      it('formats every message without an error', () => {
        const errors: string[] = [];
        const intl = createIntl({
          locale,
          messages: catalogue,
          onError: (error) => errors.push(error.message),
        });
        for (const [id, text] of Object.entries(catalogue)) {
          const values: Record<string, unknown> = {};
          for (const name of argumentsOf(text)) {
            if (name.startsWith('<')) {
              values[name.slice(1, -1)] = (chunks: unknown[]) => chunks.join('');
            } else {
              values[name] = name === 'count' || name === 'min' || name === 'max' ? 2 : name;
            }
          }
          intl.formatMessage({ id: id as MessageId }, values as Record<string, string>);
        }
        expect(errors).toEqual([]);
      });
    });
  }
});

describe('messages for domain values', () => {
  it('has a message for every error code', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      const missing = ERROR_CODES.filter((code) => !catalogue[`error.${code}`]);
      expect(missing).toEqual([]);
    }
  });

  it('has every region label of the regional text sets', () => {
    const ids = new Set(
      Object.values(REGIONAL_TEXT_SETS).flatMap((set) => Object.values(set.labels)),
    );
    // Both spellings of each label exist in the domain and so in every catalogue.
    for (const id of [
      'region.tax.salesTax',
      'region.tax.vat',
      'region.colour.color',
      'region.colour.colour',
      'region.postalCode.zip',
      'region.postalCode.post',
    ]) {
      ids.add(id as never);
    }
    for (const catalogue of Object.values(CATALOGUES)) {
      expect([...ids].filter((id) => !catalogue[id])).toEqual([]);
    }
  });

  it('has a label for every permission key', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      expect(PERMISSION_KEYS.filter((key) => !catalogue[`permission.${key}`])).toEqual([]);
    }
  });

  it('has an explanation for every permission key', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      expect(PERMISSION_KEYS.filter((key) => !catalogue[`permission.${key}.explanation`])).toEqual(
        [],
      );
    }
  });

  it('says in en-US what the domain says in English for each permission key', () => {
    const catalogue: Record<string, string> = enUS;
    for (const key of PERMISSION_KEYS) {
      expect(catalogue[`permission.${key}`]).toBe(PERMISSION_DEFINITIONS[key].label);
      expect(catalogue[`permission.${key}.explanation`]).toBe(
        PERMISSION_DEFINITIONS[key].explanation,
      );
    }
  });

  it('has the title and body of every help text shown', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      for (const key of SHOWN_HELP_TEXT_KEYS) {
        expect(catalogue[`helpText.${key}.title`]).toBeTruthy();
        expect(catalogue[`helpText.${key}.body`]).toBeTruthy();
      }
    }
  });

  it('has a title and body for every help-text-seen flag, ready for its screen', () => {
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      const missing = HELP_TEXT_KEYS.filter(
        (key) => !catalogue[`helpText.${key}.title`] || !catalogue[`helpText.${key}.body`],
      );
      expect(missing, locale).toEqual([]);
    }
  });

  it('shows each help text once, and only for a help-text-seen flag', () => {
    expect(new Set(SHOWN_HELP_TEXT_KEYS).size).toBe(SHOWN_HELP_TEXT_KEYS.length);
    for (const key of SHOWN_HELP_TEXT_KEYS) expect(HELP_TEXT_KEYS).toContain(key);
  });

  it('names every access level, membership status and edition', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      expect(ACCESS_LEVELS.filter((level) => !catalogue[`accessLevel.${level}`])).toEqual([]);
      expect(
        ACCOUNT_USER_STATUSES.filter((status) => !catalogue[`accountUserStatus.${status}`]),
      ).toEqual([]);
      expect(ACCOUNT_NAMES.filter((name) => !catalogue[`edition.${name}`])).toEqual([]);
    }
  });

  it('names every condition value of every marketplace, as that marketplace does', () => {
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      const intl = createIntl({ locale, messages: catalogue });
      const missing = MARKETPLACE_IDS.flatMap((marketplace) =>
        (defaultCatalogue[marketplace].conditions?.values ?? [])
          .map((value) => conditionMessageId(marketplace, value))
          .filter((id) => id === null || !catalogue[id])
          .map(String),
      );
      expect(missing).toEqual([]);
      expect(marketplaceConditionText(intl, 'ebay', 'USED_EXCELLENT')).not.toMatch(/_/);
    }
  });

  it('says in en-US what the server says in English for each error code', () => {
    for (const code of ERROR_CODES) {
      expect(enUS[`error.${code}` as keyof typeof enUS]).toBe(ERROR_MESSAGES[code]);
    }
  });
});

/**
 * Phrases that promise something for later: every sentence on screen says what is true today.
 * ("Not listed yet" describes the seller's state and stays; "comes in a later release" does not.)
 */
const FUTURE_PHRASES: Record<Locale, RegExp> = {
  'en-US':
    /\b(later release|next release|future release|coming soon|on (its|their) way|for now|not built yet|not (available|supported) yet)\b/i,
  'en-GB':
    /\b(later release|next release|future release|coming soon|on (its|their) way|for now|not built yet|not (available|supported) yet)\b/i,
  es: /(pr[oó]xima versi[oó]n|versi[oó]n futura|pr[oó]ximamente|en camino|por ahora|de momento|llegar[aá] en)/i,
  it: /(prossima versione|versione futura|prossimamente|in arrivo|per ora|per il momento|arriver[aà] in)/i,
};

describe('sentences about the future', () => {
  for (const [locale, catalogue] of Object.entries(CATALOGUES) as [
    Locale,
    Record<string, string>,
  ][]) {
    it(`${locale} promises nothing for later`, () => {
      const promising = Object.entries(catalogue)
        .filter(([, text]) => FUTURE_PHRASES[locale].test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(promising).toEqual([]);
    });
  }
});

describe('texts other parts of the product rely on', () => {
  it('has the sign-in texts the end-to-end journeys look for', () => {
    expect(enUS['auth.login.title']).toBe('Sign in to ListLoop');
    expect(enUS['auth.login.submit']).toBe('Sign in');
    expect(enUS['auth.fields.email']).toBe('Email');
    expect(enUS['shell.userMenu.signOut']).toBe('Sign out');
    expect(enUS['error.auth/login-fail']).toBe('The e-mail or password is not correct.');
    expect(it_['auth.login.title']).toBe('Accedi a ListLoop');
    expect(it_['auth.login.submit']).toBe('Accedi');
  });

  it('writes en-GB in British spelling', () => {
    const american =
      /\b(color|colors|center|centered|favorite|favorites|catalog|organize|organization|canceled|license)\b/i;
    const offending = Object.entries(enGB)
      .filter(([, text]) => american.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offending).toEqual([]);
    expect(enGB['region.colour.color']).toBe('Colour');
  });
});
