import { fieldOf, numericId, ReplicaState, type ReplicaListing } from '../replica';
import {
  accepted,
  firstOf,
  formFields,
  html,
  notFound,
  ok,
  options,
  picker,
  redirectTo,
  refused,
  replicaPage,
  sitePages,
  SafeHtml,
  type FormFields,
  type PickerOption,
  type ValidateListing,
} from '../replica-kit';
import * as route from '../replica-routes';
import type { ReplicaAnswer, ReplicaRequest, ReplicaSite } from '../replica-server';

/**
 * Facebook Marketplace's seller pages as far as the public facts go (✅ read in open-source
 * tools that drive the live site, ◐ inferred or described second-hand). Facebook's markup has
 * generated class names only, so the model carries what those tools select by: ARIA labels,
 * roles, `dir="auto"` text spans and URLs.
 * - the sell form is /marketplace/create/item ✅; Title, Price, Description and Brand are
 *   inputs inside `label[aria-label=…]` ✅; Category and Condition are drop-downs of
 *   `role="option"` choices ✅, categories nested ◐ (the top level from an MV3 extension's list
 *   ◐); conditions "New", "Used – like new", "Used – good", "Used – fair" ✅; Brand shows for
 *   some categories only ✅ (which ones ◐); the location comes filled in from the profile ◐;
 * - photos: a file input accepting `image/*,image/heif,image/heic` ✅, at least 1 and up to 10 ◐;
 * - "Next" opens the second step, "Publish" sends ✅ (to /api/graphql/ ✅, the friendly names
 *   ◐), then Facebook opens the seller's listings /marketplace/you/selling ✅;
 * - prices are whole amounts ◐; limits from the marketplace facts: title 200, description
 *   9,999 ◐; the form's words for its refusals ◐;
 * - a listing is /marketplace/item/<15 digits>/ ✅; the seller sees a "Your Listing" panel with
 *   "Mark as sold", "Edit listing" and "Delete", which a "Delete Listing" dialog confirms ✅;
 *   the edit form is /marketplace/edit/?listing_id=<id> ✅, sent with "Update" ◐;
 * - the seller's listings have a "Search your listings" box ✅, a status filter in the URL
 *   (`status[0]=IN_STOCK` ✅, `OUT_OF_STOCK` for "Sold & out of stock" ◐), cards linking to the
 *   listing ✅ that say "Sold" once marked so ✅; Facebook has no orders ✅;
 * - signing in is /login/ with `email` and `pass` ✅, reached with `?next=` ✅; the human check
 *   is a checkpoint page, /checkpoint/?next=…, with `#checkpointSubmitButton` ✅; a listing limit
 *   is a dialog over the sell form ◐.
 */

const SITE = 'Facebook Marketplace';
const GRAPHQL = '/api/graphql/';
const MUTATIONS = {
  create: 'useCometMarketplaceListingCreateMutation',
  edit: 'useCometMarketplaceListingEditMutation',
  delete: 'useCometMarketplaceListingDeleteMutation',
  markSold: 'useCometMarketplaceListingMarkAsSoldMutation',
} as const;

const men = options(['Jeans', 'Shirts', 'Jackets & Coats']);
const women = options(['Dresses', 'Tops', 'Jeans']);

export const FACEBOOK_CATEGORIES: PickerOption[] = [
  {
    label: 'Clothing, Shoes & Accessories',
    children: [
      { label: 'Men’s Clothing', children: men },
      { label: 'Women’s Clothing', children: women },
      { label: 'Shoes' },
    ],
  },
  { label: 'Electronics', children: options(['Cameras', 'Headphones', 'Computers']) },
  { label: 'Furniture', children: options(['Chairs', 'Tables', 'Sofas']) },
  { label: 'Home & Kitchen' },
  { label: 'Sporting Goods' },
  { label: 'Toys & Games' },
  { label: 'Miscellaneous' },
];

/** The top-level categories whose form asks for a brand. */
export const FACEBOOK_BRAND_CATEGORIES = [
  'Clothing, Shoes & Accessories',
  'Electronics',
  'Sporting Goods',
];

export const FACEBOOK_CONDITIONS = ['New', 'Used – like new', 'Used – good', 'Used – fair'];

const PHOTOS_MAX = 10;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 9999;
const DEFAULT_LOCATION = 'Brooklyn, New York';

const takesBrand = (category: string) =>
  FACEBOOK_BRAND_CATEGORIES.some((top) => category === top || category.startsWith(`${top} > `));

export const facebookListingPath = (listing: ReplicaListing) => `/marketplace/item/${listing.id}/`;

const mutation = (name: string, listingId?: string) =>
  `${GRAPHQL}?fb_api_req_friendly_name=${name}${listingId ? `&listing_id=${listingId}` : ''}`;

/**
 * Facebook's own script on the form: the Brand field follows the chosen category. The kit's
 * picker announces a choice with a change event on its hidden input.
 */
const BRAND_SCRIPT = new SafeHtml(`<script>
(() => {
  const brand = document.getElementById('brand-field');
  const category = document.querySelector('input[type=hidden][name=category]');
  if (!brand || !category) return;
  const tops = JSON.parse(brand.getAttribute('data-replica-brand-for') || '[]');
  category.addEventListener('change', () => {
    brand.hidden = !tops.some((top) => category.value === top || category.value.startsWith(top + ' > '));
  });
})();
</script>`);

function banner(): SafeHtml {
  return html`<div role="banner">
    <a aria-label="Facebook" href="/">facebook</a> ·
    <a aria-label="Marketplace" href="/marketplace/">Marketplace</a> ·
    <a href="/marketplace/you/selling">Selling</a>
  </div>`;
}

const sitePage = sitePages(SITE, banner);

function signInPage(next: string): string {
  return replicaPage(
    SITE,
    'Log in to Facebook',
    html`<main>
      <h1>Log in to Facebook</h1>
      <form id="login_form" action="/login/?next=${next}" method="post">
        <input
          type="text"
          name="email"
          id="email"
          placeholder="Email address or phone number"
          autocomplete="username"
        />
        <input
          type="password"
          name="pass"
          id="pass"
          placeholder="Password"
          autocomplete="current-password"
        />
        <button type="submit" name="login">Log in</button>
      </form>
    </main>`,
  );
}

function checkpointPage(next: string): string {
  return replicaPage(
    SITE,
    'Security check',
    html`<main>
      <h1>Security check</h1>
      <p>Confirm that this is you before you continue.</p>
      <form action="/checkpoint/?next=${next}" method="post">
        <button type="submit" id="checkpointSubmitButton" name="submit[Continue]">Continue</button>
      </form>
    </main>`,
  );
}

function blockedPage(message: string): string {
  return sitePage(
    'Marketplace – Item for sale',
    html`<div role="main">
        <h1><span dir="auto">Item for sale</span></h1>
      </div>
      <div role="dialog" aria-label="Listing limit reached">
        <h2>Listing limit reached</h2>
        <span dir="auto">${message}</span>
        <a role="button" aria-label="OK" href="/marketplace/you/selling">OK</a>
      </div>`,
  );
}

function changedLayoutPage(): string {
  // Facebook redesigned the composer: none of the labels the adapter knows.
  return sitePage(
    'Marketplace – Create listing',
    html`<div role="main">
      <h1><span dir="auto">What are you selling?</span></h1>
      <div contenteditable="true" aria-placeholder="Describe your item"></div>
      <div role="button" aria-label="Continue">Continue</div>
    </div>`,
  );
}

function listingForm(mode: 'create' | 'edit', listing?: ReplicaListing): string {
  const value = (name: string) => (listing ? fieldOf(listing, name) : '');
  const category = value('category');
  const action =
    mode === 'create' ? mutation(MUTATIONS.create) : mutation(MUTATIONS.edit, listing!.id);
  const pickerTrigger = (label: string, current: string) =>
    html`<label
      aria-label="${label}"
      role="combobox"
      aria-haspopup="listbox"
      tabindex="0"
      data-replica-open
      >${current || label}</label
    >`;
  const body = html`<div role="main">
      <form data-replica-form action="${action}" aria-label="Marketplace listing">
        <h1><span dir="auto">${mode === 'create' ? 'Item for sale' : 'Edit listing'}</span></h1>
        <div role="alert" data-replica-alert hidden></div>
        ${
          mode === 'create'
            ? html`<div>
                <span dir="auto"
                  >Photos · 0 / ${PHOTOS_MAX} - You can add up to ${PHOTOS_MAX} photos.</span
                >
                <div role="button" aria-label="Add photos" tabindex="0">
                  <span dir="auto">Add photos</span> <span dir="auto">or drag and drop</span>
                </div>
                <input
                  type="file"
                  name="photos"
                  accept="image/*,image/heif,image/heic"
                  multiple
                  class="x1s85apg"
                />
                <span dir="auto" data-replica-error="photos"></span>
              </div>`
            : html`<span dir="auto">Photos · ${listing!.photos.length} / ${PHOTOS_MAX}</span>`
        }
        <span dir="auto">Required</span>
        <label aria-label="Title"
          ><span dir="auto">Title</span><input type="text" name="title" value="${value('title')}"
        /></label>
        <span dir="auto" data-replica-error="title"></span>
        <label aria-label="Price"
          ><span dir="auto">Price</span
          ><input type="text" name="price" inputmode="numeric" value="${value('price')}"
        /></label>
        <span dir="auto" data-replica-error="price"></span>
        ${picker({
          name: 'category',
          options: FACEBOOK_CATEGORIES,
          trigger: pickerTrigger('Category', category),
        })}
        <span dir="auto" data-replica-error="category"></span>
        ${picker({
          name: 'condition',
          options: options(FACEBOOK_CONDITIONS),
          trigger: pickerTrigger('Condition', value('condition')),
        })}
        <span dir="auto" data-replica-error="condition"></span>
        <div
          id="brand-field"
          data-replica-brand-for="${JSON.stringify(FACEBOOK_BRAND_CATEGORIES)}"
          ${takesBrand(category) ? '' : 'hidden'}
        >
          <label aria-label="Brand"
            ><span dir="auto">Brand</span><input type="text" name="brand" value="${value('brand')}"
          /></label>
        </div>
        <label aria-label="Description"
          ><span dir="auto">Description</span
          ><textarea name="description">${value('description')}</textarea>
        </label>
        <span dir="auto" data-replica-error="description"></span>
        <label aria-label="Location"
          ><span dir="auto">Location</span
          ><input type="text" name="location" value="${value('location') || DEFAULT_LOCATION}"
        /></label>
        <span dir="auto" data-replica-error="location"></span>
        ${
          mode === 'create'
            ? html`<div role="button" aria-label="Next" tabindex="0" data-replica-reveal="audience">
                  <span dir="auto">Next</span>
                </div>
                <div id="audience" hidden>
                  <span dir="auto">List in more places</span>
                  <label
                    ><input type="checkbox" name="marketplace" value="1" checked disabled />
                    Marketplace</label
                  >
                  <button type="submit" aria-label="Publish">
                    <span dir="auto">Publish</span>
                  </button>
                </div>`
            : html`<button type="submit" aria-label="Update">
                <span dir="auto">Update</span>
              </button>`
        }
      </form>
    </div>
    ${BRAND_SCRIPT}`;
  return sitePage(
    mode === 'create' ? 'Marketplace – Item for sale' : 'Marketplace – Edit listing',
    body,
  );
}

function listingPage(listing: ReplicaListing): string {
  const sold = listing.status === 'sold';
  return sitePage(
    `Marketplace – ${fieldOf(listing, 'title')} | Facebook`,
    html`<div role="main">
        <h1><span dir="auto">${fieldOf(listing, 'title')}</span></h1>
        <span dir="auto">$${fieldOf(listing, 'price')}</span>
        ${sold ? html`<span dir="auto">Sold</span>` : ''}
        <div>
          <span dir="auto">Condition</span><span dir="auto">${fieldOf(listing, 'condition')}</span>
        </div>
        <div>
          <span dir="auto">Description</span
          ><span dir="auto">${fieldOf(listing, 'description')}</span>
        </div>
        <div aria-label="Your Listing" role="region">
          ${
            sold
              ? ''
              : html`<div
                  role="button"
                  aria-label="Mark as sold"
                  tabindex="0"
                  data-replica-post="${mutation(MUTATIONS.markSold, listing.id)}"
                >
                  <span dir="auto">Mark as sold</span>
                </div>`
          }
          <a aria-label="Edit listing" href="/marketplace/edit/?listing_id=${listing.id}"
            >Edit listing</a
          >
          <div role="button" aria-label="Delete" tabindex="0" data-replica-reveal="delete-dialog">
            <span dir="auto">Delete</span>
          </div>
        </div>
      </div>
      <div id="delete-dialog" role="dialog" aria-label="Delete Listing" hidden>
        <span dir="auto">Delete listing?</span>
        <span dir="auto">Are you sure you want to delete this listing?</span>
        <div role="button" aria-label="Cancel" tabindex="0">Cancel</div>
        <div
          role="button"
          aria-label="Delete"
          tabindex="0"
          data-replica-post="${mutation(MUTATIONS.delete, listing.id)}"
        >
          <span dir="auto">Delete</span>
        </div>
      </div>`,
  );
}

const STATUS_FILTERS = [
  { label: 'All', status: null },
  { label: 'Available & in stock', status: 'IN_STOCK' },
  { label: 'Sold & out of stock', status: 'OUT_OF_STOCK' },
] as const;

function sellingPage(state: ReplicaState, status: string | null): string {
  const shown = [...state.listings.values()]
    .filter((l) =>
      status === 'OUT_OF_STOCK'
        ? l.status === 'sold'
        : status === 'IN_STOCK'
          ? l.status === 'active'
          : l.status !== 'deleted',
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return sitePage(
    'Marketplace – Your listings | Facebook',
    html`<div role="main">
      <h1><span dir="auto">Your listings</span></h1>
      <input type="search" placeholder="Search your listings" aria-label="Search your listings" />
      <div role="navigation" aria-label="Status">
        ${STATUS_FILTERS.map(
          (filter) =>
            html`<a
              href="/marketplace/you/selling${filter.status ? `?status[0]=${filter.status}` : ''}"
              aria-current="${filter.status === status ? 'page' : 'false'}"
              >${filter.label}</a
            >`,
        )}
      </div>
      <div role="list">
        ${shown.map(
          (listing) =>
            html`<div role="listitem">
              <a href="${facebookListingPath(listing)}" role="link" tabindex="0"
                ><img alt="" src="data:," /><span dir="auto">${fieldOf(listing, 'title')}</span
                ><span dir="auto">$${fieldOf(listing, 'price')}</span
                >${listing.status === 'sold' ? html`<span dir="auto">Sold</span>` : ''}</a
              >
            </div>`,
        )}
      </div>
    </div>`,
  );
}

const validate: ValidateListing = (fields, photoCount, creating) => {
  const one = (name: string) => firstOf(fields, name);
  const errors: Record<string, string> = {};
  if (creating && photoCount < 1) errors.photos = 'Add at least 1 photo to continue.';
  if (photoCount > PHOTOS_MAX) errors.photos = `You can add up to ${PHOTOS_MAX} photos.`;
  if (!one('title')) errors.title = 'Enter a title.';
  else if ([...one('title')].length > TITLE_MAX) {
    errors.title = `Title must be ${TITLE_MAX} characters or fewer.`;
  }
  if (!one('price')) errors.price = 'Enter a price.';
  else if (!/^\d+$/.test(one('price')) || Number(one('price')) < 1) {
    errors.price = 'Enter a whole number for the price.';
  }
  if (!one('category')) errors.category = 'Select a category.';
  if (!FACEBOOK_CONDITIONS.includes(one('condition'))) errors.condition = 'Select a condition.';
  if ([...one('description')].length > DESCRIPTION_MAX) {
    errors.description = 'Description must be 9,999 characters or fewer.';
  }
  if (!one('location')) errors.location = 'Enter a location.';
  return errors;
};

/**
 * The fields as the listing keeps them: a brand only where the category asks for one, and text
 * with the line breaks a form sends (CRLF) read back as the seller typed them.
 */
function kept(sent: FormFields): FormFields {
  const fields = Object.fromEntries(
    Object.entries(sent).map(([name, v]) => [
      name,
      Array.isArray(v) ? v.map((s) => s.replace(/\r\n/g, '\n')) : v.replace(/\r\n/g, '\n'),
    ]),
  );
  const category = fields.category;
  const { brand, ...rest } = fields;
  return typeof category === 'string' && takesBrand(category) && brand !== undefined
    ? { ...rest, brand }
    : rest;
}

/** The Facebook Marketplace replica; `state` is what the tests read and steer. */
export function facebookReplica(): ReplicaSite {
  const state = new ReplicaState(numericId(15), { title: 'title', price: 'price' });
  const seller = route.sellerGate(state, {
    signIn: (back) => `/login/?next=${encodeURIComponent(back)}`,
    captcha: (back) => redirectTo(`/checkpoint/?next=${encodeURIComponent(back)}`),
    // The seller's listings are filtered by the query (`status[0]=…`).
    backWithQuery: true,
  });
  const safeNext = (request: ReplicaRequest) => route.safeReturnPath(request.query.get('next'));
  const mutate = async (request: ReplicaRequest): Promise<ReplicaAnswer> => {
    if (!request.signedIn) return route.unauthorised('Please log in to continue.');
    const name = request.query.get('fb_api_req_friendly_name');
    const listing = state.find(request.query.get('listing_id'));
    switch (name) {
      case MUTATIONS.create:
        if (state.blocked) return refused({ form: state.blocked });
        return route.createFromForm(request, state, {
          photoField: 'photos',
          fields: (sent) => kept(formFields(sent)),
          validate,
          // Facebook opens the seller's listings, not the new listing ✅.
          answer: () => accepted('/marketplace/you/selling'),
        });
      case MUTATIONS.edit:
        return route.updateFromForm(request, listing, {
          gone: 'This listing isn’t available anymore.',
          // A drop-down left as it was keeps its choice.
          fields: (stored, sent) =>
            kept({
              ...stored,
              ...Object.fromEntries(Object.entries(formFields(sent)).filter(([, v]) => v !== '')),
            }),
          validate,
          answer: (edited) => accepted(facebookListingPath(edited)),
        });
      case MUTATIONS.delete:
        // A listing marked sold can be deleted too.
        if (listing && listing.status !== 'deleted') listing.status = 'deleted';
        return accepted('/marketplace/you/selling');
      case MUTATIONS.markSold:
        // The seller marking it sold is the sale on Facebook.
        if (listing && listing.status === 'active') state.sell(listing.id);
        return accepted(listing ? facebookListingPath(listing) : '/');
      default:
        return { status: 400, json: { error: 'Unknown request.' } };
    }
  };

  return {
    marketplace: 'facebook',
    hosts: ['www.facebook.com', 'facebook.com'],
    state,
    async handle(request) {
      const { method, path } = request;
      if (method === 'GET' && path === '/login/') {
        return ok(signInPage(encodeURIComponent(safeNext(request))));
      }
      if (method === 'POST' && path === '/login/')
        return route.signInAnswer(state, safeNext(request));
      if (method === 'GET' && path === '/checkpoint/') {
        if (!state.captcha) return redirectTo(safeNext(request));
        return ok(checkpointPage(encodeURIComponent(safeNext(request))));
      }
      if (method === 'POST' && path === '/checkpoint/') {
        // The seller answered the check in their own browser.
        state.captcha = false;
        return redirectTo(safeNext(request));
      }
      if (method === 'GET' && (path === '/' || path === '/marketplace/')) {
        return seller(request, () =>
          ok(
            sitePage(
              'Marketplace | Facebook',
              html`<div role="main">
                <h1><span dir="auto">Marketplace</span></h1>
              </div>`,
            ),
          ),
        );
      }
      if (method === 'GET' && /^\/marketplace\/create\/item\/?$/.test(path)) {
        return seller(request, () =>
          route.sellFormAnswer(state, {
            blocked: (message) => ok(blockedPage(message)),
            changed: changedLayoutPage,
            form: () => listingForm('create'),
          }),
        );
      }
      if (method === 'POST' && path === GRAPHQL) return mutate(request);
      const itemMatch = /^\/marketplace\/item\/(\d+)\/?$/.exec(path);
      if (method === 'GET' && itemMatch) {
        return seller(request, () =>
          route.listingAnswer(SITE, state.find(itemMatch[1]), listingPage),
        );
      }
      if (method === 'GET' && /^\/marketplace\/edit\/?$/.test(path)) {
        return seller(request, () =>
          route.listingAnswer(SITE, state.find(request.query.get('listing_id')), (l) =>
            listingForm('edit', l),
          ),
        );
      }
      if (method === 'GET' && /^\/marketplace\/you\/selling\/?$/.test(path)) {
        return seller(request, () => ok(sellingPage(state, request.query.get('status[0]'))));
      }
      return notFound(SITE);
    },
  };
}
