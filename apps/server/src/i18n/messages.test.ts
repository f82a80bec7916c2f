import IntlMessageFormat from 'intl-messageformat';
import { LOCALES } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  formatMessage,
  resolveLocale,
  translator,
  type MessageId,
  type MessageValues,
} from './messages';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

// The parser's element types (TYPE in @formatjs/icu-messageformat-parser).
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

/**
 * The arguments of a message as `name:kind`: a plain `{name}`, a plural, or a select with its
 * keys (a select's keys are the contract with the code; a plural's categories are the
 * language's own, so they may differ between locales).
 */
function argumentsOf(elements: Element[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === LITERAL || element.type === POUND) continue;
    const options = 'options' in element ? element.options : undefined;
    if (element.type === SELECT && options) {
      into.add(`${element.value}:select(${Object.keys(options).sort().join('|')})`);
    } else if (element.type === PLURAL) {
      into.add(`${element.value}:plural`);
    } else {
      into.add(`${element.value}:${element.type}`);
    }
    for (const option of Object.values(options ?? {})) argumentsOf(option.value, into);
    if ('children' in element) argumentsOf(element.children, into);
  }
  return into;
}

function astOf(message: string, locale: string): Element[] {
  return new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst();
}

const REFERENCE = CATALOGUES['en-US'];
const IDS = Object.keys(REFERENCE).sort() as MessageId[];

describe('server message catalogues', () => {
  it('cover exactly the four supported locales', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    const catalogue: Record<string, unknown> = CATALOGUES[locale];

    describe(locale, () => {
      it('has exactly the keys of en-US', () => {
        expect(Object.keys(catalogue).sort()).toEqual(IDS);
      });

      it('has a non-empty ICU message for every key, each of which parses', () => {
        for (const id of IDS) {
          const message = catalogue[id];
          expect(typeof message === 'string' && message.trim().length > 0, id).toBe(true);
          expect(() => astOf(message as string, locale), id).not.toThrow();
        }
      });

      it('names the same placeholders as en-US in every message', () => {
        const mismatched = IDS.filter((id) => {
          const ours = [...argumentsOf(astOf(catalogue[id] as string, locale))].sort();
          const reference = [...argumentsOf(astOf(REFERENCE[id], 'en-US'))].sort();
          return ours.join() !== reference.join();
        });
        expect(mismatched).toEqual([]);
      });

      it('uses typographic apostrophes only (a straight one is ICU’s quoting character)', () => {
        expect(IDS.filter((id) => (catalogue[id] as string).includes("'"))).toEqual([]);
      });

      it('formats every message with every branch of its selects', () => {
        for (const id of IDS) {
          const args = [...argumentsOf(astOf(REFERENCE[id], 'en-US'))];
          const base: Record<string, string | number> = {};
          for (const arg of args) {
            const [name = '', kind = ''] = arg.split(':');
            base[name] = kind === 'plural' ? 2 : kind.startsWith('select') ? 'other' : name;
          }
          for (const flag of [undefined, 'yes']) {
            const values = { ...base };
            for (const arg of args) {
              if (flag && arg.includes(':select(')) values[arg.split(':')[0]!] = flag;
            }
            const text = formatMessage(locale, id, values);
            expect(text.length, id).toBeGreaterThan(0);
            expect(text, id).not.toMatch(/[{}]/);
          }
        }
      });
    });
  }

  it('writes en-GB in British usage where it differs', () => {
    expect(CATALOGUES['en-GB']['email.doubleSale.whatNext']).toContain('dispatched');
    const american = /\b(color|center|favorite|catalog|organize|canceled|license)\b/i;
    expect(Object.values(CATALOGUES['en-GB']).filter((text) => american.test(text))).toEqual([]);
  });
});

describe('formatMessage', () => {
  const sale = (quantity: number, priced: boolean): MessageValues => ({
    quantity,
    title: 'Pentax K1000',
    where: 'marketplace',
    marketplace: 'eBay',
    priced: priced ? 'yes' : 'no',
    price: priced ? '$180.00' : '',
  });

  it('words a sale with its plural quantity and an optional price', () => {
    expect(formatMessage('en-US', 'email.sale.sold', sale(1, true))).toBe(
      '“Pentax K1000” sold on eBay for $180.00.',
    );
    expect(formatMessage('en-US', 'email.sale.sold', sale(3, false))).toBe(
      '3 × “Pentax K1000” sold on eBay.',
    );
    expect(formatMessage('en-US', 'email.sale.sold', sale(1200, false))).toBe(
      '1,200 × “Pentax K1000” sold on eBay.',
    );
    expect(formatMessage('es', 'email.sale.sold', sale(2, true))).toBe(
      '2 × «Pentax K1000» se ha vendido en eBay por $180.00.',
    );
    expect(formatMessage('it', 'email.sale.sold', sale(1, false))).toBe(
      '«Pentax K1000» è stato venduto su eBay.',
    );
  });

  it('chooses the branch of a select', () => {
    const values = {
      title: 'Mug',
      where: 'marketplace',
      marketplace: 'Etsy',
      priced: 'no',
      price: '',
    };
    expect(
      formatMessage('en-GB', 'email.doubleSale.sold', {
        ...values,
        soldBefore: 'yes',
        soldOn: 'Depop',
      }),
    ).toBe('“Mug” sold on Etsy after it had already sold on Depop.');
    expect(
      formatMessage('es', 'email.doubleSale.sold', { ...values, soldBefore: 'no', soldOn: '' }),
    ).toBe('«Mug» se ha vendido en Etsy cuando ya se había vendido.');
    expect(
      formatMessage('it', 'email.doubleSale.sold', {
        ...values,
        where: 'inPerson',
        soldBefore: 'inPerson',
        soldOn: '',
      }),
    ).toBe('«Mug» è stato venduto di persona quando era già stato venduto di persona.');
  });

  it('keeps values as they are, markup-like characters included', () => {
    expect(
      formatMessage('en-US', 'email.sale.subject', {
        where: 'marketplace',
        marketplace: 'eBay',
        title: '<b> & {x}',
      }),
    ).toBe('Sold on eBay: <b> & {x}');
  });

  it('falls back to en-US for a locale it does not have, and to the language for a region', () => {
    expect(formatMessage('fr-FR', 'slack.field.price')).toBe('Price');
    expect(formatMessage(undefined, 'slack.field.price')).toBe('Price');
    expect(formatMessage('IT', 'slack.field.price')).toBe('Prezzo');
    expect(translator('es-MX')('slack.field.price')).toBe('Precio');
    expect(resolveLocale('en-gb')).toBe('en-GB');
    expect(resolveLocale('en-AU')).toBe('en-US');
    expect(resolveLocale('xx')).toBe('en-US');
  });

  it('refuses to word a message without a value it names', () => {
    expect(() => formatMessage('en-US', 'email.sale.subject', { title: 'x' })).toThrow();
  });
});
