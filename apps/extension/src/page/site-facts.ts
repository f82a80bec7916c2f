import type { PageKind } from '../adapters/contract';

/**
 * The shape of a site's facts, which the shared driver (generic-driver.ts) reads. Each adapter's
 * `facts.ts` fills it in; selectors are CSS. Pages are told apart by a selector only that page
 * has; the stop pages (captcha, sign-in, blocked) are checked first.
 */

/** How one form field takes its value. */
export type FieldFact =
  /** A text input or text area. */
  | { kind: 'text'; selector: string }
  /** A native select; the value is matched against option labels, then option values. */
  | { kind: 'select'; selector: string }
  /**
   * The site's own drop-down: press `open`, type the value into `search` when it has one, then
   * press the `option` whose text is the value. A value such as "Women > Tops > Blouses" is a
   * path: one level per choice, the list re-rendering between levels.
   */
  | { kind: 'picker'; open: string; search?: string; option: string; path?: boolean }
  /** Radio buttons or chips: the one whose label (or value) is the value. */
  | { kind: 'choice'; option: string }
  /** A checkbox: true ticks it, false clears it. */
  | { kind: 'checkbox'; selector: string };

/**
 * Where a value is in a row: the text of an element (or of the row), or one of its attributes;
 * `pattern`'s first group takes the id out of a longer text (a link's path).
 */
export interface RowPart {
  selector?: string;
  attribute?: string;
  pattern?: RegExp;
}

export interface SoldListFacts {
  /** One sale. */
  row: string;
  orderId: RowPart;
  listedID: RowPart;
  title: string;
  price: string;
  /** An element with a machine-readable time (`datetime` of a <time>), when the list has one. */
  soldAt?: { selector: string; attribute: string };
}

export interface SiteFacts {
  /** Selectors that identify each page; `stops` are checked before the others. */
  pages: Record<Exclude<PageKind, 'unknown'>, string>;
  /** How long a page may take to render something known before it counts as unknown. */
  renderTimeoutMs: number;
  form: {
    /** The form's fields by the names the adapter's mapping gives its values. */
    fields: Record<string, FieldFact>;
    /** The photo file input. */
    photos: string;
    /** Fields the form cannot be sent without: if one is missing, the layout is not ours. */
    required: readonly string[];
    /** Presses between filling and sending ("Next" to a review step), each awaited in turn. */
    advance?: readonly string[];
    submit: string;
    /** The edit form's send button, when it is not `submit`. */
    updateSubmit?: string;
    /** Where the form shows what it refused. */
    errors: string;
  };
  listing: {
    /** Where the listing's page says its id: a pattern on its path, or an attribute. */
    id: { path: RegExp } | { selector: string; attribute: string };
    /** The presses that take a listing down, in order; the last one is the submitting one. */
    delist: readonly string[];
    /** What shows once it is gone (on the same page, or the page it goes to). */
    gone: string;
  };
  sold: SoldListFacts;
}
