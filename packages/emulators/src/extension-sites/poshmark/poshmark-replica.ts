import { hexId, ReplicaState, fieldOf, type ReplicaListing } from '../replica';
import {
  accepted,
  activeListingItems,
  allOf,
  firstOf,
  html,
  isPrice,
  notFound,
  ok,
  options,
  picker,
  recaptchaPage,
  replicaPage,
  sitePages,
  saleRows,
  soldTime,
  type PickerOption,
  type ValidateListing,
} from '../replica-kit';
import * as route from '../replica-routes';
import type { ReplicaSite } from '../replica-server';

/**
 * Poshmark's seller pages as far as the public facts go (✅ read in open-source tools that
 * drive the live site, ◐ inferred or described second-hand):
 * - the sell form is /create-listing ✅; its inputs are named by `data-vv-name` (title,
 *   description, originalPrice, listingPrice, sku) ✅; the brand is a text input in the
 *   `listingEditorBrandSection` ✅; the category is one nested list (department, category,
 *   subcategory) ✅; sizes follow the category ◐; up to 2 colours ◐; "Does this item have tags
 *   attached?" answers the condition (new with tags or not) ✅; up to 16 photos ◐;
 * - sending is two steps: "Next" opens a review, "List This Item" publishes ✅;
 * - a listing lives at /listing/<title words>-<24 hex id> ✅, its edit form at
 *   /edit-listing/<id> ◐, where "Delete Listing" asks for a confirmation ◐;
 * - sales are at /order/sales ✅; sign-in at /login with `login_form[username_email]` ◐;
 *   its human check is Google reCAPTCHA ◐.
 * Prices are whole dollars ✅ (the tools round before typing); limits from the marketplace
 * facts: title 80, description 1,500, price at least $3 ◐.
 */

const SITE = 'Poshmark';

export const POSHMARK_CATEGORIES: PickerOption[] = [
  {
    label: 'Women',
    children: [
      { label: 'Tops', children: options(['Blouses', 'Tees - Short Sleeve', 'Sweaters']) },
      { label: 'Jeans', children: options(['Straight Leg', 'Skinny', 'Flare & Wide Leg']) },
      { label: 'Dresses', children: options(['Midi', 'Maxi', 'Mini']) },
    ],
  },
  {
    label: 'Men',
    children: [
      { label: 'Jackets & Coats', children: options(['Bomber & Varsity', 'Denim', 'Puffers']) },
      { label: 'Shirts', children: options(['Casual Button Down Shirts', 'Tees - Short Sleeve']) },
      { label: 'Jeans', children: options(['Straight', 'Slim', 'Relaxed']) },
    ],
  },
];

export const POSHMARK_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'OS', '28', '30', '32', '34'];

export const POSHMARK_COLOURS = [
  'Red',
  'Pink',
  'Orange',
  'Yellow',
  'Green',
  'Blue',
  'Purple',
  'Gold',
  'Silver',
  'Black',
  'Gray',
  'White',
  'Cream',
  'Brown',
  'Tan',
];

const slug = (title: string) =>
  title
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'Listing';

export const poshmarkListingPath = (listing: ReplicaListing) =>
  `/listing/${slug(fieldOf(listing, 'title'))}-${listing.id}`;

function signInPage(): string {
  return replicaPage(
    SITE,
    'Log in | Poshmark',
    html`<main>
      <h1>Log in to Poshmark</h1>
      <form action="/login" method="post">
        <label
          >Username or Email<input name="login_form[username_email]" autocomplete="username"
        /></label>
        <label
          >Password<input
            name="login_form[password]"
            type="password"
            autocomplete="current-password"
        /></label>
        <button type="submit">Log In</button>
      </form>
    </main>`,
  );
}

function captchaPage(): string {
  return recaptchaPage(SITE, 'Poshmark', 'Please verify you are a human');
}

function header(): ReturnType<typeof html> {
  return html`<header class="header--logged-in">
    <a href="/feed">Poshmark</a> · <a href="/closet/replica_seller">My Closet</a> ·
    <a href="/order/sales">My Sales</a>
  </header>`;
}

const sitePage = sitePages(SITE, header);

function listingForm(mode: 'create' | 'edit', listing?: ReplicaListing): string {
  const value = (name: string) => (listing ? fieldOf(listing, name) : '');
  const action = mode === 'create' ? '/api/posts' : `/api/posts/${listing!.id}`;
  const body = html`<main class="listing-editor">
    <h1>${mode === 'create' ? 'Listing Details' : 'Edit Listing'}</h1>
    <form data-replica-form action="${action}" class="listing-editor__form">
      <div role="alert" class="form__error-message" data-replica-alert hidden></div>
      <section class="listing-editor__section--photos">
        <label>Photos<input type="file" name="photos" accept="image/*" multiple /></label>
        <span class="error" data-replica-error="photos"></span>
      </section>
      <label
        >Title<input data-vv-name="title" name="title" maxlength="80" value="${value('title')}"
      /></label>
      <span class="error" data-replica-error="title"></span>
      <label
        >Description<textarea data-vv-name="description" name="description">
${value('description')}</textarea>
      </label>
      <span class="error" data-replica-error="description"></span>
      <div data-et-name="listingEditorCategorySection">
        <span>Category</span>
        ${picker({
          name: 'category',
          options: POSHMARK_CATEGORIES,
          trigger: html`<button type="button" class="dropdown__selector" data-replica-open>
            ${value('category') || 'Select Category'}
          </button>`,
          listClass: 'dropdown__menu',
          optionClass: 'dropdown__menu__item',
        })}
        <span class="error" data-replica-error="category"></span>
      </div>
      <div data-et-name="listingEditorSizeSection">
        <span>Size</span>
        ${picker({
          name: 'size',
          options: options(POSHMARK_SIZES),
          trigger: html`<button type="button" class="dropdown__selector" data-replica-open>
            ${value('size') || 'Select Size'}
          </button>`,
          listClass: 'dropdown__menu',
          optionClass: 'dropdown__menu__item',
        })}
        <span class="error" data-replica-error="size"></span>
      </div>
      <div data-et-name="listingEditorBrandSection">
        <label
          >Brand<input
            name="brand"
            placeholder="Enter the Brand/Designer"
            value="${value('brand')}"
        /></label>
      </div>
      <div class="listing-editor__condition">
        <h4>Does this item have tags attached?</h4>
        <label class="condition-option"
          ><input
            type="radio"
            name="nwt"
            value="yes"
            ${value('nwt') === 'yes' ? 'checked' : ''}
          />Yes</label
        >
        <label class="condition-option"
          ><input
            type="radio"
            name="nwt"
            value="no"
            ${value('nwt') === 'no' ? 'checked' : ''}
          />No</label
        >
        <span class="error" data-replica-error="nwt"></span>
      </div>
      <fieldset data-et-name="listingEditorColorSection">
        <legend>Color (up to 2)</legend>
        ${POSHMARK_COLOURS.map(
          (colour) =>
            html`<label class="color-chip"
              ><input type="checkbox" name="colors" value="${colour}" />${colour}</label
            >`,
        )}
        <span class="error" data-replica-error="colors"></span>
      </fieldset>
      <label
        >Original Price<input
          data-vv-name="originalPrice"
          name="originalPrice"
          inputmode="decimal"
          value="${value('originalPrice')}"
      /></label>
      <label
        >Listing Price<input
          data-vv-name="listingPrice"
          name="listingPrice"
          inputmode="decimal"
          value="${value('listingPrice')}"
      /></label>
      <span class="error" data-replica-error="listingPrice"></span>
      <label>SKU<input data-vv-name="sku" name="sku" value="${value('sku')}" /></label>
      ${
        mode === 'create'
          ? html`<button type="button" data-et-name="next" data-replica-reveal="review">
                Next
              </button>
              <div id="review" class="listing-editor__review" hidden>
                <p>Review your listing, then list it.</p>
                <button type="submit" data-et-name="list_item">List This Item</button>
              </div>`
          : html`<button type="submit" data-et-name="update">Update</button>
              <button
                type="button"
                data-et-name="delete_listing"
                data-replica-reveal="confirm-delete"
              >
                Delete Listing
              </button>
              <div
                id="confirm-delete"
                class="modal"
                role="dialog"
                aria-label="Delete listing"
                hidden
              >
                <p>Are you sure you want to delete this listing?</p>
                <button
                  type="button"
                  class="btn--primary"
                  data-et-name="confirm_delete"
                  data-replica-post="/api/posts/${listing!.id}/delete"
                >
                  Yes
                </button>
              </div>`
      }
    </form>
  </main>`;
  return sitePage(mode === 'create' ? 'Sell on Poshmark' : 'Edit Listing', body);
}

function changedLayoutPage(): string {
  // The site redesigned: the same words, none of the attributes the adapter knows.
  return sitePage(
    'Sell on Poshmark',
    html`<main class="sell-flow-v2">
      <h1>What are you selling?</h1>
      <div class="sell-flow-v2__step">
        <input aria-label="Title" /><textarea aria-label="Description"></textarea>
      </div>
    </main>`,
  );
}

function listingPage(listing: ReplicaListing): string {
  return sitePage(
    `${fieldOf(listing, 'title')} | Poshmark`,
    html`<main class="listing" data-post-id="${listing.id}">
      <h1 class="listing__title">${fieldOf(listing, 'title')}</h1>
      <p class="listing__price">$${fieldOf(listing, 'listingPrice')}</p>
      ${listing.status === 'sold' ? html`<p class="listing__sold-tag">Sold</p>` : ''}
      <a class="listing__edit" href="/edit-listing/${listing.id}">Edit Listing</a>
    </main>`,
  );
}

function closetPage(state: ReplicaState, deleted: boolean): string {
  return sitePage(
    'My Closet | Poshmark',
    html`<main class="closet">
      ${deleted ? html`<p class="flash-message" role="status">Listing deleted</p>` : ''}
      <h1 class="closet__header">replica_seller's closet</h1>
      <ul>
        ${activeListingItems(state, poshmarkListingPath, 'title')}
      </ul>
    </main>`,
  );
}

function salesPage(state: ReplicaState): string {
  return sitePage(
    'My Sales | Poshmark',
    html`<main class="order-list">
      <h1>My Sales</h1>
      ${saleRows(
        state,
        poshmarkListingPath,
        (sale, listingHref) =>
          html`<div class="order-item" data-order-id="${sale.orderId}">
            <a class="order-item__link" href="/order/sales/${sale.orderId}">Order</a>
            <a class="order-item__listing" href="${listingHref}">${sale.title}</a>
            <span class="order-item__price">$${sale.price.toFixed(2)}</span>
            ${soldTime(sale)}
          </div>`,
      )}
    </main>`,
  );
}

const validate: ValidateListing = (fields, photoCount, creating) => {
  const one = (name: string) => firstOf(fields, name);
  const errors: Record<string, string> = {};
  if (creating && photoCount < 1) errors.photos = 'Please add at least one photo.';
  if (photoCount > 16) errors.photos = 'You can add up to 16 photos.';
  if (!one('title')) errors.title = 'Please enter a title.';
  else if (one('title').length > 80) errors.title = 'Title must be 80 characters or less.';
  if (!one('description')) errors.description = 'Please enter a description.';
  else if (one('description').length > 1500) errors.description = 'Description is too long.';
  if (!one('category')) errors.category = 'Please select a category.';
  if (!one('size')) errors.size = 'Please select a size.';
  if (!one('nwt')) errors.nwt = 'Please tell buyers whether the item has tags attached.';
  if (allOf(fields, 'colors').length > 2) errors.colors = 'You can select up to 2 colors.';
  if (!isPrice(one('listingPrice'))) errors.listingPrice = 'Please enter a listing price.';
  else if (!/^\d+$/.test(one('listingPrice'))) {
    errors.listingPrice = 'Please enter a whole dollar amount.';
  } else if (Number(one('listingPrice')) < 3)
    errors.listingPrice = 'Listing price must be at least $3.';
  return errors;
};

/** The Poshmark replica; `state` is what the tests read and steer. */
export function poshmarkReplica(): ReplicaSite {
  const state = new ReplicaState(hexId, { title: 'title', price: 'listingPrice' });
  const seller = route.sellerGate(state, {
    signIn: (back) => `/login?next=${encodeURIComponent(back)}`,
    captcha: () => ok(captchaPage()),
  });
  const answer = (listing: ReplicaListing) => accepted(poshmarkListingPath(listing));

  return {
    marketplace: 'poshmark',
    hosts: ['poshmark.com', 'www.poshmark.com'],
    state,
    async handle(request) {
      const { method, path } = request;
      if (method === 'GET' && path === '/login') return ok(signInPage());
      if (method === 'POST' && path === '/login') return route.signInAnswer(state, '/feed');
      if (method === 'GET' && (path === '/' || path === '/feed')) {
        return seller(request, () =>
          ok(sitePage('Feed | Poshmark', html`<main><h1>Feed</h1></main>`)),
        );
      }
      if (method === 'GET' && path === '/create-listing') {
        return seller(request, () =>
          route.sellFormAnswer(state, {
            blocked: (message) =>
              ok(
                sitePage(
                  'Sell on Poshmark',
                  html`<main><p class="listing-limit-message" role="alert">${message}</p></main>`,
                ),
              ),
            changed: changedLayoutPage,
            form: () => listingForm('create'),
          }),
        );
      }
      if (method === 'POST' && path === '/api/posts') {
        if (!request.signedIn) return route.unauthorised();
        return route.createFromForm(request, state, { photoField: 'photos', validate, answer });
      }
      const listingMatch = /^\/listing\/(?:.*-)?([0-9a-f]{24})$/.exec(path);
      if (method === 'GET' && listingMatch) {
        return route.listingAnswer(SITE, state.find(listingMatch[1]), listingPage);
      }
      const editMatch = /^\/edit-listing\/([0-9a-f]{24})$/.exec(path);
      if (method === 'GET' && editMatch) {
        return seller(request, () =>
          route.listingAnswer(SITE, state.find(editMatch[1]), (l) => listingForm('edit', l)),
        );
      }
      const updateMatch = /^\/api\/posts\/([0-9a-f]{24})$/.exec(path);
      if (method === 'POST' && updateMatch) {
        if (!request.signedIn) return route.unauthorised();
        return route.updateFromForm(request, state.find(updateMatch[1]), {
          gone: 'This listing is not available.',
          validate,
          answer,
        });
      }
      const deleteMatch = /^\/api\/posts\/([0-9a-f]{24})\/delete$/.exec(path);
      if (method === 'POST' && deleteMatch) {
        if (!request.signedIn) return route.unauthorised();
        state.delete(deleteMatch[1]);
        return accepted('/closet/replica_seller?deleted=1');
      }
      if (method === 'GET' && path === '/closet/replica_seller') {
        return ok(closetPage(state, request.query.get('deleted') === '1'));
      }
      if (method === 'GET' && path === '/order/sales') {
        return seller(request, () => ok(salesPage(state)));
      }
      return notFound(SITE);
    },
  };
}
