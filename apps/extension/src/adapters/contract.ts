import type { BuiltListing, ExtensionMarketplace, NeedsYouReason } from '@listloop/domain';

/**
 * What every marketplace adapter provides (decision 0041). An adapter is a folder:
 * - `facts.ts`: the site as data (addresses, selectors, field names, picker behaviour), with
 *   what each fact rests on in its header. A change on the marketplace's site is a fix there.
 * - `mapping.ts`: the built listing (rules and overrides applied by the server) → the values
 *   its sell form takes, or why the form cannot take it. Pure; runs in the service worker.
 * - `driver.ts`: the page driver. Runs as a content script on the marketplace's own pages,
 *   one step at a time (`StepRequest`), and answers what it saw (`StepResult`).
 */

/** Which page a tab shows, as the adapter recognises it. */
export type PageKind =
  | 'sell_form'
  | 'edit_form'
  | 'listing'
  | 'sold_list'
  | 'sign_in'
  | 'captcha'
  | 'blocked'
  | 'unknown';

/** A sale as the marketplace's sold (or orders) list shows it. */
export interface SoldEntry {
  /** The marketplace's order id; a sale is reported once per order and listing. */
  externalOrderId: string;
  /** The marketplace's id of the listing that sold, when the list names it. */
  listedID: string | null;
  title: string;
  /** What the buyer paid, in major units, when shown. */
  price: number | null;
  currency: string | null;
  /** ISO time of the sale, when the list gives one precise enough. */
  soldAt: string | null;
}

/** A photo as a page receives it: messages carry JSON, so the bytes travel as base64. */
export interface PagePhoto {
  name: string;
  type: string;
  base64: string;
}

/** What the service worker asks a content script to do on the page it runs in. */
export type StepRequest =
  /** Which page is this? (also: is the seller signed in?) */
  | { step: 'probe' }
  /** On the sell form: fill it with these values and photos, then submit. */
  | { step: 'fill'; values: FormValues; photos: PagePhoto[] }
  /**
   * After a submit: is this the new listing's page? Or did the form refuse it? The values sent
   * come along: a site that opens the seller's listings instead finds the new one by them.
   */
  | { step: 'read-listed'; values?: FormValues }
  /** On the listing's page (or its edit form): take it down. */
  | { step: 'delist'; listedID: string }
  /** After a delist: is it gone? */
  | { step: 'read-delisted'; listedID: string }
  /** On the listing's edit form: send the changed values (price, quantity, details). */
  | { step: 'update'; values: FormValues }
  /** After an update's submit: did it take? */
  | { step: 'read-updated' }
  /** On the sold list: the sales it shows. */
  | { step: 'read-sold' };

export type StepResult =
  /** The page is one the step does not expect, and the seller must act (decision 0041). */
  | { kind: 'stop'; reason: NeedsYouReason; detail: string | null }
  /** The marketplace refused what was sent, in its own words (a list or update failure). */
  | { kind: 'refused'; message: string }
  /** Submitted: the answer is on the next page, which the next step reads. */
  | { kind: 'submitted' }
  | { kind: 'page'; page: PageKind }
  | { kind: 'listed'; listedID: string; listingURL: string }
  | { kind: 'delisted' }
  | { kind: 'updated' }
  | { kind: 'sold'; sales: SoldEntry[] };

/** The sell form's values, as the adapter's mapping names them. JSON, to travel in messages. */
export type FormValues = Record<string, string | number | boolean | string[] | null>;

export type MappingResult<V extends FormValues> =
  | { ok: true; values: V }
  /** Why the form cannot take this listing, for the seller (reported as a list failure). */
  | { ok: false; message: string };

/** The addresses of a site; paths are relative to `origin`. */
export interface SiteAddresses {
  /** https://…, no trailing slash. */
  origin: string;
  /** Match patterns for the manifest: the site's pages, where its content script runs. */
  matches: readonly string[];
  sell: string;
  listing: (listedID: string) => string;
  edit: (listedID: string) => string;
  sold: string;
  /** Where a delist starts: the listing's page, or its edit form (where the delete button is). */
  delistFrom: 'listing' | 'edit';
}

/**
 * What a driver does inside the page. Each method looks at `doc` as it is now (waiting for the
 * page's own script where the facts say it renders late) and answers; `submit` steps answer
 * `{ kind: 'submitted' }` and leave the click to the runtime (`afterReply`), because the page
 * may unload before an answer sent after the click arrives.
 */
export interface PageDriver<V extends FormValues = FormValues> {
  recognise(doc: Document): Promise<PageKind>;
  fill(doc: Document, values: V, photos: File[]): Promise<DriverAnswer>;
  readListed(doc: Document, sent?: V): Promise<StepResult>;
  delist(doc: Document, listedID: string): Promise<DriverAnswer>;
  readDelisted(doc: Document, listedID: string): Promise<StepResult>;
  update(doc: Document, values: V): Promise<DriverAnswer>;
  readUpdated(doc: Document): Promise<StepResult>;
  readSold(doc: Document): Promise<StepResult>;
}

/** A driver's answer, with what must happen once it has been sent (the submitting click). */
export interface DriverAnswer {
  result: StepResult;
  afterReply?: () => void;
}

export interface Adapter<V extends FormValues = FormValues> {
  marketplace: ExtensionMarketplace;
  site: SiteAddresses;
  /** Photos the form takes at most; more are left out, the first (the cover) kept. */
  maxPhotos: number;
  map(listing: BuiltListing): MappingResult<V>;
  driver: PageDriver<V>;
}
