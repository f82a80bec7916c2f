import type { DriverAnswer, PageKind, SoldEntry, StepResult } from '../contract';
import {
  attachFiles,
  isShown,
  press,
  query,
  queryAll,
  sameLabel,
  textOf,
  waitFor,
} from '../../page/dom';
import {
  createDriver,
  describeProblem,
  fillFields,
  formErrors,
  parsePrice,
  shownElement,
} from '../../page/generic-driver';
import type { SiteFacts } from '../../page/site-facts';
import { recognisePage, stopOf, unknownLayout } from '../../page/stops';
import { CARD_TEXT, facts, optionalFields, SOLD_BADGE } from './facts';
import type { FacebookValues } from './mapping';

const MARKETPLACE = 'Facebook';

/**
 * How long a title sent from this tab stays the one to look for on the seller's listings: long
 * enough for a slow publish, short enough that a later visit never takes an old title for new.
 */
const PENDING_TTL_MS = 10 * 60 * 1000;

/** A card of the seller's listings as read off the page. */
interface Card {
  listedID: string;
  title: string;
  priceText: string;
  sold: boolean;
}

function readCards(doc: Document, siteFacts: SiteFacts): Card[] {
  const { sold } = siteFacts;
  const cards: Card[] = [];
  for (const row of queryAll(doc, sold.row)) {
    if (!isShown(row)) continue;
    const href = row.getAttribute(sold.listedID.attribute ?? 'href') ?? '';
    const listedID = sold.listedID.pattern?.exec(href)?.[1];
    if (!listedID) continue;
    cards.push({
      listedID,
      title: textOf(row.querySelector(sold.title)),
      priceText: textOf(row.querySelector(sold.price)),
      sold: queryAll(row, CARD_TEXT).some((span) => sameLabel(textOf(span), SOLD_BADGE)),
    });
  }
  return cards;
}

/**
 * Facebook's page drivers: the shared driver, with the steps where Facebook differs.
 * - Filling skips fields the chosen category does not show (Brand).
 * - Publishing opens the seller's listings, not the new listing: the new one is found there by
 *   the title sent, which the service worker hands the step that reads the result (the page
 *   that sent it may have been replaced by a full load); the page's own storage is left alone,
 *   for Facebook's scripts read it. Two live listings of that title are not guessed between.
 * - Deleting is confirmed by the card leaving the seller's listings, and sales are the cards
 *   the seller marked sold (Facebook has no orders).
 */
export function makeDriver(siteFacts: SiteFacts) {
  let pending: { title: string; at: number } | null = null;

  const expect = async (doc: Document, wanted: PageKind, name: string) => {
    const page = await recognisePage(doc, siteFacts);
    if (page === wanted) return null;
    return stopOf(doc, siteFacts, page) ?? unknownLayout(doc, name, page);
  };

  /** The form's fields, then the optional ones the chosen category shows. */
  const fillForm = async (doc: Document, values: FacebookValues): Promise<StepResult | null> => {
    const problem = await fillFields(doc, siteFacts.form.fields, values);
    if (problem) return describeProblem(MARKETPLACE, problem);
    for (const [name, fact] of Object.entries(optionalFields)) {
      const value = values[name];
      if (!value || !('selector' in fact) || !isShown(query(doc, fact.selector))) continue;
      const optionalProblem = await fillFields(doc, { [name]: fact }, { [name]: value });
      if (optionalProblem) return describeProblem(MARKETPLACE, optionalProblem);
    }
    return null;
  };

  /** After a submit: the form's refusal, or the page it went to (a stop page among them). */
  const settle = async (doc: Document): Promise<{ page: PageKind; errors: string | null }> => {
    const settled = await waitFor(
      () => {
        const errors = formErrors(doc, siteFacts.form.errors);
        if (errors) return { page: 'sell_form' as const, errors };
        for (const kind of ['captcha', 'blocked', 'sign_in', 'listing', 'sold_list'] as const) {
          if (isShown(query(doc, siteFacts.pages[kind]))) return { page: kind, errors: null };
        }
        return null;
      },
      { timeoutMs: siteFacts.renderTimeoutMs },
    );
    return settled ?? { page: await recognisePage(doc, siteFacts), errors: null };
  };

  const listedAt = (doc: Document, listedID: string): StepResult => ({
    kind: 'listed',
    listedID,
    listingURL: `${new URL(doc.location.href).origin}/marketplace/item/${listedID}/`,
  });

  return createDriver<FacebookValues>(MARKETPLACE, siteFacts, {
    async fill(doc, values, photos): Promise<DriverAnswer> {
      const stop = await expect(doc, 'sell_form', 'sell form');
      if (stop) return { result: stop };
      for (const name of siteFacts.form.required) {
        const fact = siteFacts.form.fields[name];
        const anchor =
          fact &&
          (fact.kind === 'picker' ? fact.open : 'selector' in fact ? fact.selector : fact.option);
        if (!anchor || !query(doc, anchor)) {
          return { result: describeProblem(MARKETPLACE, { kind: 'missing', field: name }) };
        }
      }
      const photoInput = query<HTMLInputElement>(doc, siteFacts.form.photos);
      if (!photoInput) {
        return { result: describeProblem(MARKETPLACE, { kind: 'missing', field: 'photos' }) };
      }
      if (photos.length > 0) attachFiles(photoInput, photos);
      const problem = await fillForm(doc, values);
      if (problem) return { result: problem };
      for (const selector of siteFacts.form.advance ?? []) {
        const next = await shownElement(doc, selector);
        if (!next) {
          return { result: describeProblem(MARKETPLACE, { kind: 'missing', field: 'next step' }) };
        }
        press(next);
      }
      const publish = await shownElement(doc, siteFacts.form.submit);
      if (!publish) {
        return { result: describeProblem(MARKETPLACE, { kind: 'missing', field: 'submit' }) };
      }
      return {
        result: { kind: 'submitted' },
        afterReply: () => {
          pending = { title: values.title, at: Date.now() };
          press(publish);
        },
      };
    },

    async readListed(doc, sentValues) {
      const { page, errors } = await settle(doc);
      if (errors) {
        pending = null;
        return { kind: 'refused', message: errors };
      }
      const stop = stopOf(doc, siteFacts, page);
      if (stop) return stop;
      if (page === 'listing') {
        const rule = siteFacts.listing.id;
        const id = 'path' in rule ? rule.path.exec(doc.location.pathname)?.[1] : null;
        return id ? listedAt(doc, id) : unknownLayout(doc, 'listing id on its page', page);
      }
      if (page !== 'sold_list')
        return unknownLayout(doc, 'seller’s listings after publishing', page);
      // The title sent comes with the step (the page that sent it may be gone); the one kept
      // in this page's script is for a step that does not bring it.
      const sent = sentValues?.title
        ? { title: sentValues.title, at: Date.now() }
        : pending && Date.now() - pending.at < PENDING_TTL_MS
          ? pending
          : null;
      if (!sent) {
        // Taking the newest card instead could name an older listing, which a delist would
        // then take down: the seller checks which listing is the new one.
        return {
          kind: 'stop',
          reason: 'unknown_layout',
          detail:
            'Facebook opened your listings after publishing; ListLoop cannot tell which one is new.',
        };
      }
      // The new listing shows a moment after the page does: wait for its card.
      const matching = await waitFor(
        () => {
          const cards = readCards(doc, siteFacts).filter(
            (c) => !c.sold && sameLabel(c.title, sent.title),
          );
          return cards.length > 0 ? cards : null;
        },
        { timeoutMs: siteFacts.renderTimeoutMs },
      );
      if (matching && matching.length > 1) {
        // Two live listings of that title: naming either could take the wrong one down later.
        const detail = `Facebook shows more than one listing titled “${sent.title}”; ListLoop cannot tell which one is new.`;
        return { kind: 'stop', reason: 'unknown_layout', detail: detail.slice(0, 500) };
      }
      const card = matching?.[0];
      if (!card) {
        const detail = `Facebook published, but “${sent.title}” does not show on your listings.`;
        return { kind: 'stop', reason: 'unknown_layout', detail: detail.slice(0, 500) };
      }
      pending = null;
      return listedAt(doc, card.listedID);
    },

    async readDelisted(doc, listedID) {
      const page = await recognisePage(doc, siteFacts);
      const stop = stopOf(doc, siteFacts, page);
      if (stop) return stop;
      if (page !== 'sold_list') return unknownLayout(doc, 'seller’s listings after deleting', page);
      const gone = await waitFor(
        () => !readCards(doc, siteFacts).some((c) => c.listedID === listedID),
        { timeoutMs: siteFacts.renderTimeoutMs },
      );
      return gone
        ? { kind: 'delisted' }
        : unknownLayout(doc, `seller’s listings without listing ${listedID}`, page);
    },

    async update(doc, values) {
      const stop = await expect(doc, 'edit_form', 'edit form');
      if (stop) return { result: stop };
      const problem = await fillForm(doc, values);
      if (problem) return { result: problem };
      const submit = await shownElement(doc, siteFacts.form.updateSubmit ?? siteFacts.form.submit);
      if (!submit) {
        return { result: describeProblem(MARKETPLACE, { kind: 'missing', field: 'submit' }) };
      }
      return { result: { kind: 'submitted' }, afterReply: () => press(submit) };
    },

    async readSold(doc) {
      const stop = await expect(doc, 'sold_list', 'seller’s sold listings');
      if (stop) return stop;
      const sales: SoldEntry[] = readCards(doc, siteFacts)
        .filter((card) => card.sold)
        .map((card) => {
          const price = parsePrice(card.priceText);
          return {
            externalOrderId: card.listedID,
            listedID: card.listedID,
            title: card.title,
            price: price?.amount ?? null,
            currency: price?.currency ?? null,
            // The cards say how long ago ("2 days ago"), not when.
            soldAt: null,
          };
        });
      return { kind: 'sold', sales };
    },
  });
}

export const driver = makeDriver(facts);
