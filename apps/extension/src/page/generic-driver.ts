import type {
  DriverAnswer,
  FormValues,
  PageDriver,
  PageKind,
  SoldEntry,
  StepResult,
} from '../adapters/contract';
import {
  attachFiles,
  isShown,
  press,
  query,
  queryAll,
  sameLabel,
  selectOption,
  setValue,
  textOf,
  waitFor,
} from './dom';
import type { FieldFact, RowPart, SiteFacts, SoldListFacts } from './site-facts';
import { recognisePage, stopOf, unknownLayout } from './stops';

/** How long a picker's options may take to appear after it opens or is searched. */
const OPTION_TIMEOUT_MS = 3000;

/** A field the form could not take, and why. */
export type FieldProblem =
  { kind: 'missing'; field: string } | { kind: 'unavailable'; field: string; value: string };

function optionLabel(element: Element): string {
  const own = element.getAttribute('aria-label') ?? element.getAttribute('data-value');
  if (own) return own;
  // A label wrapping a radio or checkbox: its input's value ("yes") names it too.
  const input = element.matches('input') ? element : element.querySelector('input');
  return input?.getAttribute('value') ?? '';
}

function matchesOption(element: Element, wanted: string): boolean {
  return sameLabel(textOf(element), wanted) || sameLabel(optionLabel(element), wanted);
}

async function fillField(
  doc: Document,
  name: string,
  fact: FieldFact,
  value: string | number | boolean | string[],
): Promise<FieldProblem | null> {
  switch (fact.kind) {
    case 'text': {
      const input = query<HTMLInputElement | HTMLTextAreaElement>(doc, fact.selector);
      if (!input) return { kind: 'missing', field: name };
      setValue(input, Array.isArray(value) ? value.join(', ') : String(value));
      return null;
    }
    case 'select': {
      const select = query<HTMLSelectElement>(doc, fact.selector);
      if (!select) return { kind: 'missing', field: name };
      return selectOption(select, String(value))
        ? null
        : { kind: 'unavailable', field: name, value: String(value) };
    }
    case 'checkbox': {
      const box = query<HTMLInputElement>(doc, fact.selector);
      if (!box) return { kind: 'missing', field: name };
      if (box.checked !== Boolean(value)) press(box);
      return null;
    }
    case 'choice': {
      for (const wanted of Array.isArray(value) ? value : [String(value)]) {
        const options = queryAll(doc, fact.option);
        if (options.length === 0) return { kind: 'missing', field: name };
        const option = options.find((o) => matchesOption(o, wanted));
        if (!option) return { kind: 'unavailable', field: name, value: wanted };
        press(option);
      }
      return null;
    }
    case 'picker': {
      const wantedValues = Array.isArray(value) ? value : [String(value)];
      for (const wanted of wantedValues) {
        const opener = query(doc, fact.open);
        if (!opener) return { kind: 'missing', field: name };
        press(opener);
        // ListLoop writes paths with › and sellers type >: either separates the levels.
        const levels = fact.path ? wanted.split(/\s*[›>]\s*/) : [wanted];
        for (const level of levels) {
          if (fact.search) {
            const search = await waitFor(() => query<HTMLInputElement>(doc, fact.search!) ?? null, {
              timeoutMs: OPTION_TIMEOUT_MS,
            });
            if (!search) return { kind: 'missing', field: name };
            setValue(search, level);
          }
          const option = await waitFor(
            () => queryAll(doc, fact.option).find((o) => isShown(o) && matchesOption(o, level)),
            { timeoutMs: OPTION_TIMEOUT_MS },
          );
          if (!option) return { kind: 'unavailable', field: name, value: wanted };
          press(option);
        }
      }
      return null;
    }
  }
}

/**
 * Fills the named fields; empty values (null, '', []) are left as the form has them. Stops at
 * the first field the form cannot take.
 */
export async function fillFields(
  doc: Document,
  fields: Record<string, FieldFact>,
  values: FormValues,
): Promise<FieldProblem | null> {
  for (const [name, value] of Object.entries(values)) {
    const fact = fields[name];
    if (!fact || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
      continue;
    }
    const problem = await fillField(doc, name, fact, value);
    if (problem) return problem;
  }
  return null;
}

/** A price as a list shows it ("$1,234.50", "1.234,50 €", "£12"), in major units. */
export function parsePrice(text: string): { amount: number; currency: string | null } | null {
  const currency = /\$|US\$/.test(text)
    ? 'USD'
    : /€/.test(text)
      ? 'EUR'
      : /£/.test(text)
        ? 'GBP'
        : null;
  const digits = text.replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return null;
  // The last separator followed by exactly two digits is the decimal one.
  const decimal = /[.,](\d{2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, -3) : digits).replace(/[.,]/g, '');
  const amount = Number(`${whole}.${decimal ? decimal[1] : '00'}`);
  return Number.isFinite(amount) ? { amount, currency } : null;
}

function readPart(row: Element, part: RowPart): string | null {
  const element = part.selector ? row.querySelector(part.selector) : row;
  if (!element) return null;
  const value = (part.attribute ? element.getAttribute(part.attribute) : textOf(element))?.trim();
  if (!value) return null;
  return part.pattern ? (part.pattern.exec(value)?.[1] ?? null) : value;
}

export function readSoldRows(doc: Document, facts: SoldListFacts): SoldEntry[] {
  const sales: SoldEntry[] = [];
  for (const row of queryAll(doc, facts.row)) {
    const externalOrderId = readPart(row, facts.orderId);
    if (!externalOrderId) continue;
    const price = parsePrice(textOf(row.querySelector(facts.price)));
    const soldAt = facts.soldAt
      ? (row.querySelector(facts.soldAt.selector)?.getAttribute(facts.soldAt.attribute) ?? null)
      : null;
    sales.push({
      externalOrderId,
      listedID: readPart(row, facts.listedID),
      title: textOf(row.querySelector(facts.title)),
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
      soldAt: soldAt && !Number.isNaN(Date.parse(soldAt)) ? new Date(soldAt).toISOString() : null,
    });
  }
  return sales;
}

/** The form's refusal in its own words, when it shows one. */
export function formErrors(doc: Document, selector: string): string | null {
  const texts = queryAll(doc, selector)
    .filter(isShown)
    .map(textOf)
    .filter((t) => t.length > 0);
  return texts.length > 0 ? texts.join(' ').slice(0, 2000) : null;
}

export function describeProblem(marketplace: string, problem: FieldProblem): StepResult {
  return problem.kind === 'missing'
    ? {
        kind: 'stop',
        reason: 'unknown_layout',
        detail: `The ${marketplace} form has no ${problem.field} field where ListLoop expects it.`,
      }
    : {
        kind: 'refused',
        message: `${marketplace} does not offer “${problem.value}” for ${problem.field}.`,
      };
}

/**
 * What a page turned into after a submit: the form again with its refusal, another page, or
 * (past the render timeout) the same form with nothing said.
 */
async function settle(doc: Document, facts: SiteFacts, from: 'sell_form' | 'edit_form') {
  const settled = await waitFor(
    () => {
      const errors = formErrors(doc, facts.form.errors);
      if (errors) return { page: from, errors };
      for (const kind of ['captcha', 'blocked', 'sign_in', 'listing', 'sold_list'] as const) {
        if (isShown(query(doc, facts.pages[kind]))) return { page: kind, errors: null };
      }
      // The other form counts only once the one sent is gone: a site whose forms share a
      // button (Vinted's Upload) would otherwise read the form just sent as the other one.
      if (isShown(query(doc, facts.pages[from]))) return null;
      const formKinds = ['sell_form', 'edit_form'] as const;
      const other = formKinds.find((k) => k !== from && isShown(query(doc, facts.pages[k])));
      return other ? { page: other, errors: null } : null;
    },
    { timeoutMs: facts.renderTimeoutMs },
  );
  return settled ?? { page: await recognisePage(doc, facts), errors: null };
}

function listingIdOf(doc: Document, facts: SiteFacts): string | null {
  const rule = facts.listing.id;
  if ('path' in rule) return rule.path.exec(doc.location.pathname)?.[1] ?? null;
  return query(doc, rule.selector)?.getAttribute(rule.attribute)?.trim() || null;
}

/** The element once it is shown (a step of the form rendering it), or null after a while. */
export function shownElement(doc: Document, selector: string): Promise<HTMLElement | null> {
  return waitFor(() => {
    const found = query(doc, selector);
    return isShown(found) ? found : null;
  });
}

/**
 * The driver every adapter starts from: it reads the site's facts and does what a person does
 * on the pages they describe. An adapter whose site needs more overrides single steps.
 */
export function createDriver<V extends FormValues>(
  marketplace: string,
  facts: SiteFacts,
  overrides: Partial<PageDriver<V>> = {},
): PageDriver<V> {
  const expect = async (doc: Document, wanted: readonly PageKind[], name: string) => {
    const page = await recognisePage(doc, facts);
    if (wanted.includes(page)) return { page, stop: null };
    return { page, stop: stopOf(doc, facts, page) ?? unknownLayout(doc, name, page) };
  };

  const driver: PageDriver<V> = {
    recognise: (doc) => recognisePage(doc, facts),

    async fill(doc, values, photos): Promise<DriverAnswer> {
      const { stop } = await expect(doc, ['sell_form'], 'sell form');
      if (stop) return { result: stop };
      for (const name of facts.form.required) {
        const fact = facts.form.fields[name];
        const anchor =
          fact &&
          (fact.kind === 'picker' ? fact.open : 'selector' in fact ? fact.selector : fact.option);
        if (!anchor || !query(doc, anchor)) {
          return { result: describeProblem(marketplace, { kind: 'missing', field: name }) };
        }
      }
      const photoInput = query<HTMLInputElement>(doc, facts.form.photos);
      if (!photoInput)
        return { result: describeProblem(marketplace, { kind: 'missing', field: 'photos' }) };
      if (photos.length > 0) attachFiles(photoInput, photos);
      const problem = await fillFields(doc, facts.form.fields, values);
      if (problem) return { result: describeProblem(marketplace, problem) };
      for (const selector of facts.form.advance ?? []) {
        const next = await shownElement(doc, selector);
        if (!next) {
          return { result: describeProblem(marketplace, { kind: 'missing', field: 'next step' }) };
        }
        press(next);
      }
      const submit = await shownElement(doc, facts.form.submit);
      if (!submit)
        return { result: describeProblem(marketplace, { kind: 'missing', field: 'submit' }) };
      return { result: { kind: 'submitted' }, afterReply: () => press(submit) };
    },

    async readListed(doc) {
      const { page, errors } = await settle(doc, facts, 'sell_form');
      if (errors) return { kind: 'refused', message: errors };
      const stop = stopOf(doc, facts, page);
      if (stop) return stop;
      if (page !== 'listing') return unknownLayout(doc, 'new listing’s page', page);
      const listedID = listingIdOf(doc, facts);
      if (!listedID) return unknownLayout(doc, 'listing id on its page', page);
      const url = new URL(doc.location.href);
      return { kind: 'listed', listedID, listingURL: `${url.origin}${url.pathname}` };
    },

    async delist(doc, listedID) {
      const { page, stop } = await expect(doc, ['listing', 'edit_form'], 'listing’s page');
      if (stop) return { result: stop };
      const onPage = page === 'listing' ? listingIdOf(doc, facts) : listedID;
      if (onPage !== null && onPage !== listedID) {
        return { result: unknownLayout(doc, `page of listing ${listedID}`, page) };
      }
      const presses = facts.listing.delist;
      for (const [index, selector] of presses.entries()) {
        const button = await shownElement(doc, selector);
        if (!button)
          return { result: describeProblem(marketplace, { kind: 'missing', field: 'delete' }) };
        if (index === presses.length - 1) {
          return { result: { kind: 'submitted' }, afterReply: () => press(button) };
        }
        press(button);
      }
      return { result: describeProblem(marketplace, { kind: 'missing', field: 'delete' }) };
    },

    async readDelisted(doc) {
      const gone = await waitFor(() => isShown(query(doc, facts.listing.gone)), {
        timeoutMs: facts.renderTimeoutMs,
      });
      if (gone) return { kind: 'delisted' };
      const page = await recognisePage(doc, facts);
      return (
        stopOf(doc, facts, page) ?? unknownLayout(doc, 'page saying the listing is gone', page)
      );
    },

    async update(doc, values) {
      const { stop } = await expect(doc, ['edit_form'], 'edit form');
      if (stop) return { result: stop };
      const problem = await fillFields(doc, facts.form.fields, values);
      if (problem) return { result: describeProblem(marketplace, problem) };
      const submit = await shownElement(doc, facts.form.updateSubmit ?? facts.form.submit);
      if (!submit)
        return { result: describeProblem(marketplace, { kind: 'missing', field: 'submit' }) };
      return { result: { kind: 'submitted' }, afterReply: () => press(submit) };
    },

    async readUpdated(doc) {
      const { page, errors } = await settle(doc, facts, 'edit_form');
      if (errors) return { kind: 'refused', message: errors };
      const stop = stopOf(doc, facts, page);
      if (stop) return stop;
      return page === 'listing' ? { kind: 'updated' } : unknownLayout(doc, 'updated listing', page);
    },

    async readSold(doc) {
      const { stop } = await expect(doc, ['sold_list'], 'sold list');
      if (stop) return stop;
      return { kind: 'sold', sales: readSoldRows(doc, facts.sold) };
    },
  };
  return { ...driver, ...overrides };
}
