import { fieldOf, numericId, ReplicaState, type ReplicaListing } from '../replica';
import {
  accepted,
  activeListingItems,
  firstOf,
  html,
  notFound,
  ok,
  options,
  picker,
  recaptchaPage,
  redirectTo,
  replicaPage,
  sitePages,
  saleRows,
  soldTime,
  type PickerOption,
  type SafeHtml,
  type ValidateListing,
} from '../replica-kit';
import * as route from '../replica-routes';
import type { ReplicaRequest, ReplicaSite } from '../replica-server';

/**
 * Grailed's seller pages as far as the public facts go (✅ read in open-source tools that drive
 * the live site: a CDP form inventory of /sell/new taken in 2026, Selenium scripts and MV3
 * extensions that fill it; ◐ second-hand or inferred):
 * - /sell opens the sell form at /sell/new ✅; the form sits in `#SellForm` ✅; title, price and
 *   description are `input[name=title]`, `input[name=price]` (digits only, so whole dollars) and
 *   `textarea[name=description]` ✅; the title's limit of 60 is the catalogue's ◐.
 * - "Department / Category" is one nested drop-down (Menswear or Womenswear, then a category,
 *   re-rendered in place) ✅; "Sub-category" and "Select Size" are separate drop-downs filled
 *   from the chosen category ✅ (here one list each, and the server refuses a sub-category or
 *   size of another category, as the site's own lists make impossible); the designer is the
 *   `#designer-autocomplete` search box with a suggestion list ✅; colour ("Select a Color", 15
 *   values) ✅ and "Item Condition" (New/Never Worn, Gently Used, Used, Very Worn) ✅ are
 *   drop-downs. Size labels read "US M / EU 48-50 / 2", "US 32 / EU 48", "US 33", "ONE SIZE" ✅.
 * - Photos go into `input[type=file][id^=photo_input_]` (image/*, multiple, "Upload photo"); the
 *   form offers nine slots ✅ and one input takes several files at once ✅.
 * - Field sections carry a plain class after their CSS-module ones (the live collaboration
 *   button reads "Button-module__button___gha04 … Designer") ✅; which plain class each section
 *   has, the "Publish" and "Delete" buttons, the error alert and the toast are ◐.
 * - A listing lives at /listings/<digits>-<slug> ✅; its edit form at /listings/<id>/edit, where
 *   "Delete Listing" asks for a confirmation ◐; "My Items" is /users/myitems ✅ and its sold
 *   section /users/myitems?sold=true ◐; sign-in is /users/sign_in ◐; the human check met at
 *   sign-in is Google reCAPTCHA ✅.
 * Messages beside the fields are ours, in the site's manner ◐.
 */

const SITE = 'Grailed';

/** Sub-categories per "Department > Category" ✅ (the menus as read live in 2026). */
const SUBCATEGORIES: Record<string, readonly string[]> = {
  'Menswear > Tops': [
    'Long Sleeve T-Shirts',
    'Polos',
    'Shirts (Button Ups)',
    'Short Sleeve T-Shirts',
    'Sweaters & Knitwear',
    'Sweatshirts & Hoodies',
    'Tank Tops & Sleeveless',
    'Jerseys',
  ],
  'Menswear > Bottoms': [
    'Casual Pants',
    'Cropped Pants',
    'Denim',
    'Shorts',
    'Sweatpants & Joggers',
    'Swimwear',
  ],
  'Menswear > Outerwear': [
    'Bombers',
    'Denim Jackets',
    'Heavy Coats',
    'Leather Jackets',
    'Light Jackets',
    'Parkas',
    'Vests',
  ],
  'Menswear > Footwear': ['Boots', 'Hi-Top Sneakers', 'Low-Top Sneakers', 'Sandals', 'Slip Ons'],
  'Menswear > Accessories': ['Bags & Luggage', 'Belts', 'Hats', 'Sunglasses', 'Wallets'],
  'Womenswear > Tops': ['Blouses', 'Short Sleeve T-Shirts', 'Sweaters'],
  'Womenswear > Dresses': ['Mini Dresses', 'Midi Dresses', 'Maxi Dresses', 'Gowns'],
};

const MENS_TOP_SIZES = [
  'US XS / EU 42 / 0',
  'US S / EU 44-46 / 1',
  'US M / EU 48-50 / 2',
  'US L / EU 52-54 / 3',
  'US XL / EU 56 / 4',
  'US XXL / EU 58 / 5',
];
const WOMENS_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'ONE SIZE'];

/** Sizes per "Department > Category" ✅ in their labels' formats. */
const SIZES: Record<string, readonly string[]> = {
  'Menswear > Tops': MENS_TOP_SIZES,
  'Menswear > Outerwear': MENS_TOP_SIZES,
  'Menswear > Bottoms': [
    'US 28 / EU 44',
    'US 29',
    'US 30 / EU 46',
    'US 31',
    'US 32 / EU 48',
    'US 33',
    'US 34 / EU 50',
    'US 36 / EU 52',
  ],
  'Menswear > Footwear': ['US 8 / EU 41', 'US 9 / EU 42', 'US 9.5 / EU 42-43', 'US 10 / EU 43'],
  'Menswear > Accessories': ['ONE SIZE'],
  'Womenswear > Tops': WOMENS_SIZES,
  'Womenswear > Dresses': WOMENS_SIZES,
};

export const GRAILED_CATEGORIES: PickerOption[] = ['Menswear', 'Womenswear'].map((department) => ({
  label: department,
  children: Object.keys(SUBCATEGORIES)
    .filter((path) => path.startsWith(`${department} > `))
    .map((path) => ({ label: path.slice(department.length + 3) })),
}));

const unique = (lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

export const GRAILED_SUBCATEGORIES = unique(Object.values(SUBCATEGORIES));
export const GRAILED_SIZES = unique(Object.values(SIZES));

export const GRAILED_DESIGNERS = [
  'Acne Studios',
  'Carhartt',
  'Comme des Garcons',
  'Levi’s',
  'Maison Margiela',
  'Nike',
  'Ralph Lauren',
  'Stussy',
  'Supreme',
  'Vintage',
];

/** ✅ the colour list of the live form. */
export const GRAILED_COLOURS = [
  'Black',
  'White',
  'Gray',
  'Brown',
  'Beige',
  'Yellow',
  'Red',
  'Orange',
  'Pink',
  'Purple',
  'Blue',
  'Green',
  'Multi',
  'Silver',
  'Gold',
];

/** ✅ "Item Condition" as the form labels it (the API's is_new … is_worn). */
export const GRAILED_CONDITIONS = ['New/Never Worn', 'Gently Used', 'Used', 'Very Worn'];

const MAX_PHOTOS = 9;
const TITLE_MAX = 60;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'listing';

export const grailedListingPath = (listing: ReplicaListing) =>
  `/listings/${listing.id}-${slug(fieldOf(listing, 'title'))}`;

function header(): SafeHtml {
  return html`<header class="Header-module__header___t7k2m">
    <a href="/">Grailed</a> · <a href="/sell/new">Sell</a> · <a href="/users/myitems">My Items</a>
  </header>`;
}

const sitePage = sitePages(SITE, header);

function signInPage(next: string | null): string {
  const action = next ? `/users/sign_in?redirect=${encodeURIComponent(next)}` : '/users/sign_in';
  return replicaPage(
    SITE,
    'Log In | Grailed',
    html`<main class="Login-module__page___w2n8q">
      <h1>Log in</h1>
      <form action="${action}" method="post">
        <label>Email<input type="email" name="email" autocomplete="username" /></label>
        <label
          >Password<input type="password" name="password" autocomplete="current-password"
        /></label>
        <button type="submit">Log In</button>
      </form>
    </main>`,
  );
}

function captchaPage(): string {
  return recaptchaPage(SITE, 'Grailed', 'Please confirm you are a human');
}

/** A Radix-style drop-down of the sell form, in its section. */
function dropdown(
  section: string,
  name: string,
  placeholder: string,
  choices: PickerOption[],
  current: string,
): SafeHtml {
  return html`<div class="section ${section}">
    ${picker({
      name,
      options: choices,
      trigger: html`<button
        type="button"
        class="Dropdown-module__trigger___p3v8d"
        aria-haspopup="menu"
        data-replica-open
      >
        ${current || placeholder}
      </button>`,
      listClass: 'Dropdown-module__menu___c6r1x',
      optionClass: 'Dropdown-module__item___f9s4k',
    })}
    <p class="FieldError-module__error___m2k9v" data-replica-error="${name}"></p>
  </div>`;
}

function listingForm(mode: 'create' | 'edit', listing?: ReplicaListing): string {
  const value = (name: string) => (listing ? fieldOf(listing, name) : '');
  const action = mode === 'create' ? '/api/listings' : `/api/listings/${listing!.id}`;
  const photoSlots = Array.from(
    { length: MAX_PHOTOS },
    (_, slot) =>
      html`<input
        type="file"
        id="photo_input_${slot}"
        name="photos"
        accept="image/*"
        aria-label="Upload photo"
        multiple
      />`,
  );
  const body = html`<main id="SellForm" class="SellForm-module__page___h1d5s">
    <h1>${mode === 'create' ? 'Add a new listing' : 'Edit listing'}</h1>
    <form data-replica-form action="${action}" class="SellForm-module__form___r4e7w">
      <div role="alert" class="FormError-module__error___r8t1n" data-replica-alert hidden></div>
      ${dropdown(
        'Category',
        'category',
        'Department / Category',
        GRAILED_CATEGORIES,
        value('category'),
      )}
      ${dropdown(
        'SubCategory',
        'subcategory',
        'Sub-category',
        options(GRAILED_SUBCATEGORIES),
        value('subcategory'),
      )}
      ${dropdown('Size', 'size', 'Select Size', options(GRAILED_SIZES), value('size'))}
      <div class="section Designer DesignersAndCollabs-module__designers___y5u2a">
        <span>Designer</span>
        ${picker({
          name: 'designer',
          options: options(GRAILED_DESIGNERS),
          trigger: html`<input
            id="designer-autocomplete"
            placeholder="Search and add a Designer"
            autocomplete="off"
            value="${value('designer')}"
            data-replica-open
            data-replica-search
          />`,
          listClass: 'autocomplete',
          optionClass: 'Autocomplete-module__item___d8q3j',
        })}
        <p class="FieldError-module__error___m2k9v" data-replica-error="designer"></p>
      </div>
      <div class="section Title">
        <label>Item Name<input name="title" autocomplete="off" value="${value('title')}" /></label>
        <p class="FieldError-module__error___m2k9v" data-replica-error="title"></p>
      </div>
      <div class="section Description">
        <label>Description<textarea name="description">${value('description')}</textarea></label>
      </div>
      ${dropdown('Color', 'color', 'Select a Color', options(GRAILED_COLOURS), value('color'))}
      ${dropdown(
        'Condition',
        'condition',
        'Item Condition',
        options(GRAILED_CONDITIONS),
        value('condition'),
      )}
      <div class="section Price">
        <label
          >Price<input type="tel" name="price" placeholder="Price (USD)" value="${value('price')}"
        /></label>
        <p class="FieldError-module__error___m2k9v" data-replica-error="price"></p>
      </div>
      <div class="section Photos">
        <span>Photos</span> ${photoSlots}
        <p class="FieldError-module__error___m2k9v" data-replica-error="photos"></p>
      </div>
      ${
        mode === 'create'
          ? html`<button
              type="submit"
              class="Button-module__button___gha04 Button-module__primary___k2l9z Publish"
            >
              Publish
            </button>`
          : html`<button
                type="submit"
                class="Button-module__button___gha04 Button-module__primary___k2l9z Save"
              >
                Save Changes
              </button>
              <button
                type="button"
                class="Button-module__button___gha04 Button-module__secondary___PTcqW DeleteListing"
                data-replica-reveal="confirm-delete"
              >
                Delete Listing
              </button>
              <div
                id="confirm-delete"
                role="dialog"
                class="Modal-module__modal___v1b6c"
                aria-label="Delete listing"
                hidden
              >
                <p>Are you sure you want to delete this listing? This cannot be undone.</p>
                <button
                  type="button"
                  class="Button-module__button___gha04 ConfirmDelete"
                  data-replica-post="/api/listings/${listing!.id}/delete"
                >
                  Delete
                </button>
              </div>`
      }
    </form>
  </main>`;
  return sitePage(mode === 'create' ? 'Sell | Grailed' : 'Edit Listing | Grailed', body);
}

function changedLayoutPage(): string {
  // The site redesigned: the same words, none of the markup the adapter knows.
  return sitePage(
    'Sell | Grailed',
    html`<main class="SellFlowV2-module__page___q8z3t">
      <h1>What are you selling?</h1>
      <input aria-label="Item Name" /><textarea aria-label="Description"></textarea>
    </main>`,
  );
}

function blockedPage(message: string): string {
  return sitePage(
    'Sell | Grailed',
    html`<main>
      <div class="SellForm-module__blocked___b3w6e" role="alert">${message}</div>
    </main>`,
  );
}

function listingPage(listing: ReplicaListing): string {
  return sitePage(
    `${fieldOf(listing, 'title')} | Grailed`,
    html`<main class="ListingPage-module__listing___a9c2e">
      <p class="Designer-module__name___x4p1s">${fieldOf(listing, 'designer')}</p>
      <h1 class="Title-module__title___u6f3h">${fieldOf(listing, 'title')}</h1>
      <p>Size ${fieldOf(listing, 'size')} · ${fieldOf(listing, 'condition')}</p>
      <p class="Price-module__price___n5d2r">$${fieldOf(listing, 'price')}</p>
      ${listing.status === 'sold' ? html`<p class="ListingPage-module__sold___j1m4w">Sold</p>` : ''}
      <a href="/listings/${listing.id}/edit">Edit</a>
    </main>`,
  );
}

function myItemsPage(state: ReplicaState, deleted: boolean): string {
  return sitePage(
    'My Items | Grailed',
    html`<main class="MyItems-module__page___z1v7b">
      ${
        deleted
          ? html`<div class="Toast-module__toast___e2h8p" role="status">
              Your listing has been deleted.
            </div>`
          : ''
      }
      <h1>My Items</h1>
      <nav><a href="/users/myitems">For Sale</a> · <a href="/users/myitems?sold=true">Sold</a></nav>
      <ul class="MyItems-module__forSale___g3k9d">
        ${activeListingItems(state, grailedListingPath, 'title')}
      </ul>
    </main>`,
  );
}

function soldPage(state: ReplicaState): string {
  return sitePage(
    'Sold | My Items | Grailed',
    html`<main class="MyItems-module__page___z1v7b">
      <h1>My Items</h1>
      <nav><a href="/users/myitems">For Sale</a> · <a href="/users/myitems?sold=true">Sold</a></nav>
      <div class="MyItems-module__sold___k2c5f">
        ${saleRows(
          state,
          grailedListingPath,
          (sale, listingHref) =>
            html`<article class="SoldListing-module__card___p4r8t">
              <a class="SoldListing-module__title___t5y1u" href="${listingHref}">${sale.title}</a>
              <span class="SoldListing-module__price___s6a2b">Sold for $${sale.price}</span>
              ${soldTime(sale)}
              <a class="SoldListing-module__order___o7w3e" href="/transactions/${sale.orderId}"
                >View Order</a
              >
            </article>`,
        )}
      </div>
    </main>`,
  );
}

/**
 * The form without its empty photo slots: a browser sends every file input, the empty ones as
 * nameless, empty files, which are no photo and no refusal either.
 */
function withoutEmptySlots(request: ReplicaRequest): ReplicaRequest {
  if (!request.form) return request;
  const form = new FormData();
  for (const [name, value] of request.form.entries()) {
    if (typeof value !== 'string' && value.name === '' && value.size === 0) continue;
    form.append(name, value);
  }
  return { ...request, form };
}

const validate: ValidateListing = (fields, photoCount, creating) => {
  const one = (name: string) => firstOf(fields, name);
  const errors: Record<string, string> = {};
  if (creating && photoCount < 1) errors.photos = 'Add at least one photo.';
  if (photoCount > MAX_PHOTOS) errors.photos = `You can add up to ${MAX_PHOTOS} photos.`;
  const category = one('category');
  const categoryName = category.split(' > ')[1] ?? category;
  if (!SUBCATEGORIES[category]) errors.category = 'Select a department and category.';
  else {
    if (!one('subcategory')) errors.subcategory = 'Select a sub-category.';
    else if (!SUBCATEGORIES[category]!.includes(one('subcategory'))) {
      errors.subcategory = `Select a sub-category of ${categoryName}.`;
    }
    if (!one('size')) errors.size = 'Select a size.';
    else if (!SIZES[category]!.includes(one('size'))) {
      errors.size = `Select a size for ${categoryName}.`;
    }
  }
  if (!one('designer')) errors.designer = 'Add a designer.';
  if (!one('title')) errors.title = 'Add an item name.';
  else if (one('title').length > TITLE_MAX) {
    errors.title = `Item names can be at most ${TITLE_MAX} characters.`;
  }
  if (!GRAILED_CONDITIONS.includes(one('condition'))) errors.condition = 'Select a condition.';
  if (!one('price')) errors.price = 'Add a price.';
  else if (!/^\d+$/.test(one('price')) || Number(one('price')) < 1) {
    errors.price = 'Enter a price in whole US dollars.';
  }
  return errors;
};

/** The Grailed replica; `state` is what the tests read and steer. */
export function grailedReplica(): ReplicaSite {
  const state = new ReplicaState(numericId(8), { title: 'title', price: 'price' });
  const seller = route.sellerGate(state, {
    signIn: (back) => `/users/sign_in?redirect=${encodeURIComponent(back)}`,
    captcha: () => ok(captchaPage()),
    // My Items and its sold section differ only by the query.
    backWithQuery: true,
  });
  const answer = (listing: ReplicaListing) => accepted(grailedListingPath(listing));

  return {
    marketplace: 'grailed',
    hosts: ['www.grailed.com', 'grailed.com'],
    state,
    async handle(request) {
      const { method, path } = request;
      if (method === 'GET' && path === '/users/sign_in') {
        return ok(signInPage(request.query.get('redirect')));
      }
      if (method === 'POST' && path === '/users/sign_in') {
        return route.signInAnswer(state, route.safeReturnPath(request.query.get('redirect')));
      }
      if (method === 'GET' && path === '/') {
        return seller(request, () => ok(sitePage('Grailed', html`<main><h1>Feed</h1></main>`)));
      }
      if (method === 'GET' && path === '/sell') return redirectTo('/sell/new');
      if (method === 'GET' && path === '/sell/new') {
        return seller(request, () =>
          route.sellFormAnswer(state, {
            blocked: (message) => ok(blockedPage(message)),
            changed: changedLayoutPage,
            form: () => listingForm('create'),
          }),
        );
      }
      if (method === 'POST' && path === '/api/listings') {
        if (!request.signedIn) return route.unauthorised();
        return route.createFromForm(withoutEmptySlots(request), state, {
          photoField: 'photos',
          validate,
          answer,
        });
      }
      const listingMatch = /^\/listings\/(\d+)(?:-[^/]*)?$/.exec(path);
      if (method === 'GET' && listingMatch) {
        return route.listingAnswer(SITE, state.find(listingMatch[1]), listingPage);
      }
      const editMatch = /^\/listings\/(\d+)\/edit$/.exec(path);
      if (method === 'GET' && editMatch) {
        return seller(request, () =>
          route.listingAnswer(SITE, state.find(editMatch[1]), (l) => listingForm('edit', l)),
        );
      }
      const updateMatch = /^\/api\/listings\/(\d+)$/.exec(path);
      if (method === 'POST' && updateMatch) {
        if (!request.signedIn) return route.unauthorised();
        // The edit form's photo slots add photos to the listing's.
        return route.updateFromForm(withoutEmptySlots(request), state.find(updateMatch[1]), {
          gone: 'This listing can no longer be edited.',
          photoField: 'photos',
          validate,
          answer,
        });
      }
      const deleteMatch = /^\/api\/listings\/(\d+)\/delete$/.exec(path);
      if (method === 'POST' && deleteMatch) {
        if (!request.signedIn) return route.unauthorised();
        state.delete(deleteMatch[1]);
        return accepted('/users/myitems?deleted=1');
      }
      if (method === 'GET' && path === '/users/myitems') {
        return seller(request, () =>
          request.query.get('sold') === 'true'
            ? ok(soldPage(state))
            : ok(myItemsPage(state, request.query.get('deleted') === '1')),
        );
      }
      return notFound(SITE);
    },
  };
}
