import type { ReplicaListing, ReplicaState } from './replica';
import {
  formFields,
  notFound,
  ok,
  photosOf,
  refused,
  type FormFields,
  type ValidateListing,
} from './replica-kit';
import type { ReplicaAnswer, ReplicaRequest } from './replica-server';

/**
 * What the replicas' request handlers share: the gate in front of seller pages, the sign-in
 * answer, the sell form's three faces, and the create, update and refusal steps of a listing
 * form. Each site keeps its own addresses, markup and words and passes them in; these helpers
 * carry only the order of the steps, which every replica must keep the same for the adapters'
 * tests to mean the same thing on each site.
 */

type Answer = ReplicaAnswer | Promise<ReplicaAnswer>;

/** How a site turns away a visitor from its seller pages. */
export interface SellerGate {
  /** The sign-in page's address for a signed-out visitor, who returns to `back` after. */
  signIn: (back: string) => string;
  /** The site's human check, shown instead of any seller page while `state.captcha` is set. */
  captcha: (back: string) => ReplicaAnswer;
  /**
   * Whether the way back keeps the query (`?status[0]=…`, `?sold=true`): on sites whose seller
   * pages are told apart by their query, coming back without it would open another page.
   */
  backWithQuery?: boolean;
  /**
   * Whether the human check comes before the sign-in: a bot wall in front of the site
   * (DataDome on Depop) answers before the site ever looks at the session.
   */
  captchaFirst?: boolean;
}

/**
 * The gate in front of a site's seller pages: a signed-out visitor is sent to sign in (and
 * brought back), and while the site shows its human check every seller page is that check,
 * which is what the adapters must recognise as "needs you".
 */
export function sellerGate(state: ReplicaState, gate: SellerGate) {
  return (request: ReplicaRequest, page: () => Answer): Answer => {
    const query = request.query.toString();
    const back = gate.backWithQuery && query ? `${request.path}?${query}` : request.path;
    if (gate.captchaFirst && state.captcha) return gate.captcha(back);
    if (!request.signedIn) return { status: 302, location: gate.signIn(back) };
    if (state.captcha) return gate.captcha(back);
    return page();
  };
}

/**
 * Where a sign-in may send the visitor back to: a path on this site only. A full address or a
 * protocol-relative one (`//elsewhere`) would make the sign-in page an open redirect.
 */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : '/';
}

/** A sign-in's answer: a new session of the replica, and the way on to `location`. */
export function signInAnswer(state: ReplicaState, location: string): ReplicaAnswer {
  return { status: 302, location, session: state.openSession() };
}

/**
 * A site's API call without a session: the sites' own scripts get a 401, not the sign-in
 * page, and show its message. The words are each site's.
 */
export function unauthorised(error = 'Please log in.'): ReplicaAnswer {
  return { status: 401, json: { error } };
}

/**
 * The sell form's page as the state has it: the site's block on new listings, the changed
 * layout the adapter does not know, or the form. The block comes first, as sites refuse a
 * blocked seller before showing any form.
 */
export function sellFormAnswer(
  state: ReplicaState,
  faces: { blocked: (message: string) => ReplicaAnswer; changed: () => string; form: () => string },
): ReplicaAnswer {
  if (state.blocked) return faces.blocked(state.blocked);
  return ok(state.layout === 'changed' ? faces.changed() : faces.form());
}

/**
 * The page of a listing the address names, or the site's "not found" once it is gone (a
 * deleted listing's page no longer opens on any of the sites).
 */
export function listingAnswer(
  site: string,
  listing: ReplicaListing | undefined,
  page: (listing: ReplicaListing) => string,
): ReplicaAnswer {
  if (!listing || listing.status === 'deleted') return notFound(site);
  return ok(page(listing));
}

/** The parts of a listing form's handling that are each site's own. */
interface ListingForm {
  /** The site's checks, in its words. */
  validate: ValidateListing;
  /** The words of the form's alert beside the fields' own messages, on sites that show one. */
  formError?: string;
  /** What the site answers once the listing is stored (the page its script opens next). */
  answer: (listing: ReplicaListing) => ReplicaAnswer;
}

/**
 * A sent sell form, as every site handles it: the photos checked to be images, the fields
 * checked by the site's rules, refused beside the fields or stored as a new listing. A test's
 * `state.beforeCreate` is awaited just before the listing is stored, on every site alike.
 */
export async function createFromForm(
  request: ReplicaRequest,
  state: ReplicaState,
  form: ListingForm & {
    /** The file input's name; a photo's refusal is shown beside it. */
    photoField: string;
    /** The fields as the site keeps them, when it reads the form its own way. */
    fields?: (request: ReplicaRequest) => FormFields;
  },
): Promise<ReplicaAnswer> {
  const { photos, error } = await photosOf(request, form.photoField);
  const fields = (form.fields ?? formFields)(request);
  const errors = form.validate(fields, photos.length, true);
  if (error) errors[form.photoField] = error;
  if (Object.keys(errors).length > 0) return refusal(errors, form.formError);
  if (state.beforeCreate) await state.beforeCreate();
  return form.answer(state.create(fields, photos));
}

/**
 * A sent edit form: only a listing still for sale can be edited; the sent fields over the
 * kept ones are checked as a whole, as the sites check the edited listing, not the change.
 */
export async function updateFromForm(
  request: ReplicaRequest,
  listing: ReplicaListing | undefined,
  form: ListingForm & {
    /** The words when the listing is gone or sold. */
    gone: string;
    /**
     * The edited fields, when the site keeps some the form did not send or sent empty;
     * otherwise the sent ones over the kept ones.
     */
    fields?: (kept: FormFields, request: ReplicaRequest) => FormFields;
    /** The file input's name, on sites whose edit form adds photos to the listing's. */
    photoField?: string;
  },
): Promise<ReplicaAnswer> {
  if (!listing || listing.status !== 'active') return refused({ form: form.gone });
  const added = form.photoField
    ? await photosOf(request, form.photoField)
    : { photos: [], error: null };
  const fields = form.fields
    ? form.fields(listing.fields, request)
    : { ...listing.fields, ...formFields(request) };
  const errors = form.validate(fields, listing.photos.length + added.photos.length, false);
  if (added.error && form.photoField) errors[form.photoField] = added.error;
  if (Object.keys(errors).length > 0) return refusal(errors, form.formError);
  listing.fields = fields;
  if (added.photos.length > 0) listing.photos = [...listing.photos, ...added.photos];
  listing.updatedAt = new Date();
  return form.answer(listing);
}

function refusal(errors: Record<string, string>, formError: string | undefined): ReplicaAnswer {
  return refused(formError ? { form: formError, ...errors } : errors);
}
