import { fieldOf, numericId, ReplicaState, type ReplicaListing } from '../replica';
import {
  accepted,
  activeListingItems,
  firstOf,
  formFields,
  html,
  notFound,
  ok,
  options,
  picker,
  redirectTo,
  replicaPage,
  sitePages,
  saleRows,
  soldTime,
  type FormFields,
  type SafeHtml,
  type ValidateListing,
} from '../replica-kit';
import * as route from '../replica-routes';
import type { ReplicaSite } from '../replica-server';

/**
 * Vestiaire Collective's seller pages as far as the public facts go (✅ read in open-source
 * tools that drive the live site: a DrissionPage script that fills its deposit form, a Selenium
 * bot that reads a seller's orders and sales, scrapers that open item pages; ◐ inferred or
 * second-hand — the facts for this site are thin):
 * - the sell ("deposit") form starts at /sell-clothes-online/ ✅. Its first step takes the
 *   universe (Womenswear, … ✅ as clickable labels), the category (a native select
 *   `#preductAddCategory` ✅) and the brand (a search box `#depositForm__form__brands-input` with
 *   a list of `brand-search_depositForm__…` options ✅), then "Continue" `#vc-preduct-add-submit`
 *   ✅. Then: details (subcategory, condition, model, material, colour, size; each a list in a
 *   `[data-component-id]` block ✅; size as a standard and a value, two selects ✅), photos
 *   (`#newPic0` ✅; the page speaks of "at least 3 photos" ✅, enforced here ◐; at most 8 ◐),
 *   description (a `TextArea_textarea…` with "Add item details..." ✅; `#external_reference`
 *   for the seller's own reference ✅), the ship-from address (`selectedAddress` ✅) and the
 *   price (`#priceField`, `data-cy="pvpInput"` ✅, whole amounts ◐, the buyer's fee shown
 *   beside it ✅), sent with "Complete steps" ✅. Here the steps are sections of one page, each
 *   "Continue" revealing the next ◐ (live, the form moves between views);
 * - there is no title field ✅: the item's name and address are made of its colour, material,
 *   model, brand and type ✅ (…/women-bags/handbags/louis-vuitton/brown-cloth-noe-louis-vuitton-
 *   handbag-8464739.shtml); an item's page ends in -<digits>.shtml ✅, and any path ending in
 *   its number opens it ◐;
 * - a submitted item is checked by Vestiaire's team before it is on sale, within 36–48 hours ✅
 *   (its FAQ). The item and its number exist from submission ◐: its page says "In review" to
 *   the seller until the team approves it (`approve(id)` here);
 * - deleting is on the item's page, confirmed ◐; price and description can be edited ◐;
 * - the seller's sales are under "Orders and sales" ✅ (the bot; rows `order-product`,
 *   `order-amount` ✅, prices as "1 234,00 €" ✅), here at /account/orders-and-sales/ ◐;
 *   the seller's profile is /members/profile-<digits>.shtml ✅;
 * - sign-in asks for the e-mail (`#welcomeEmail`) then the password (`#loginPassword`) ✅, here
 *   on one page ◐; the human check is an anti-bot interstitial (Cloudflare-style) ◐.
 */

const SITE = 'Vestiaire Collective';
const SELLER_ID = '17490614';
const PHOTOS_MIN = 3;
const PHOTOS_MAX = 8;
const DESCRIPTION_MAX = 1000;

export const VESTIAIRE_UNIVERSES = ['Womenswear', 'Menswear', 'Kidswear'];

/** Categories and their subcategories, per universe (a small part of the site's catalogue ◐). */
export const VESTIAIRE_CATEGORIES: Record<string, Record<string, string[]>> = {
  Womenswear: {
    Bags: ['Handbags', 'Shoulder bags', 'Clutch bags', 'Backpacks'],
    Clothing: ['Dresses', 'Jackets', 'Coats', 'Knitwear', 'Tops'],
    Shoes: ['Heels', 'Trainers', 'Ankle boots', 'Flats'],
    Accessories: ['Scarves', 'Belts', 'Sunglasses'],
  },
  Menswear: {
    Bags: ['Bags', 'Backpacks'],
    Clothing: ['Jackets', 'Shirts', 'Trousers', 'Knitwear & sweatshirts'],
    Shoes: ['Trainers', 'Lace ups', 'Boots'],
    Accessories: ['Scarves', 'Belts', 'Sunglasses'],
  },
  Kidswear: {
    Clothing: ['Coats', 'Dresses', 'Tops'],
    Shoes: ['Trainers', 'Boots'],
  },
};

/** Categories whose items have a size (◐). */
const SIZED = new Set(['Clothing', 'Shoes']);

export const VESTIAIRE_BRANDS = [
  'Hermès',
  'Chanel',
  'Louis Vuitton',
  'Gucci',
  'Prada',
  'Dior',
  'Saint Laurent',
  'Celine',
  'Balenciaga',
  'Bottega Veneta',
  'Dolce & Gabbana',
  'Acne Studios',
];

export const VESTIAIRE_CONDITIONS = [
  'Never worn, with tag',
  'Never worn',
  'Very good condition',
  'Good condition',
  'Fair condition',
];

export const VESTIAIRE_MODELS: Record<string, string[]> = {
  Hermès: ['Birkin', 'Kelly', 'Evelyne', 'Garden Party'],
  Chanel: ['Timeless/Classique', 'Boy', '2.55'],
  'Louis Vuitton': ['Speedy', 'Neverfull', 'Noé', 'Alma'],
};

export const VESTIAIRE_MATERIALS = [
  'Leather',
  'Patent leather',
  'Suede',
  'Exotic leathers',
  'Cloth',
  'Cotton',
  'Denim - Jeans',
  'Wool',
  'Cashmere',
  'Silk',
  'Linen',
  'Synthetic',
  'Metal',
  'Other',
];

export const VESTIAIRE_COLOURS = [
  'Black',
  'White',
  'Beige',
  'Camel',
  'Brown',
  'Grey',
  'Blue',
  'Navy',
  'Green',
  'Red',
  'Pink',
  'Purple',
  'Yellow',
  'Orange',
  'Gold',
  'Silver',
  'Multicolour',
  'Other',
];

export const VESTIAIRE_SIZE_STANDARDS = ['INT', 'EU', 'FR', 'IT', 'UK', 'US'];
export const VESTIAIRE_SIZES = [
  'XXS',
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  ...Array.from({ length: 13 }, (_, i) => String(34 + i)),
];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const UNIVERSE_SLUG: Record<string, string> = {
  Womenswear: 'women',
  Menswear: 'men',
  Kidswear: 'kids',
};

/** The item's name as the site composes it: colour, material, model, brand, type ◐. */
function itemName(fields: FormFields): string {
  const one = (name: string) => firstOf(fields, name);
  return [one('color'), one('material'), one('model'), one('brand'), one('subcategory')]
    .filter(Boolean)
    .join(' ');
}

/** The item's canonical address: /women-bags/handbags/hermes/black-leather-…-12345678.shtml. */
export const vestiaireItemPath = (listing: ReplicaListing) =>
  `/${UNIVERSE_SLUG[fieldOf(listing, 'universe')] ?? 'women'}-${slug(fieldOf(listing, 'category'))}` +
  `/${slug(fieldOf(listing, 'subcategory'))}/${slug(fieldOf(listing, 'brand'))}` +
  `/${slug(fieldOf(listing, 'name')) || 'item'}-${listing.id}.shtml`;

const PROFILE_PATH = `/members/profile-${SELLER_ID}.shtml`;
const SALES_PATH = '/account/orders-and-sales/';

function header(): SafeHtml {
  return html`<header class="header header--logged-in">
    <a href="/">Vestiaire Collective</a> · <a href="/sell-clothes-online/">Sell</a> ·
    <a href="${PROFILE_PATH}">My items for sale</a> ·
    <a id="commandes_click" href="${SALES_PATH}">Orders and sales</a>
  </header>`;
}

const sitePage = sitePages(SITE, header);

function signInPage(next: string): string {
  return replicaPage(
    SITE,
    'Log in | Vestiaire Collective',
    html`<main>
      <div role="dialog" aria-label="Log in" class="authentication">
        <h1>Welcome to Vestiaire Collective</h1>
        <form action="/authentication/?redirect=${encodeURIComponent(next)}" method="post">
          <label
            >Email<input id="welcomeEmail" name="email" type="email" autocomplete="username"
          /></label>
          <label
            >Password<input
              id="loginPassword"
              name="password"
              type="password"
              autocomplete="current-password"
          /></label>
          <button type="submit" data-testid="welcome_continue_btn">Continue</button>
        </form>
      </div>
    </main>`,
  );
}

function captchaPage(): string {
  return replicaPage(
    SITE,
    'Just a moment...',
    html`<main>
      <h1>www.vestiairecollective.com</h1>
      <p>Verify you are human by completing the action below.</p>
      <form id="challenge-form">
        <div class="cf-turnstile">
          <iframe title="Widget containing a challenge" src="about:blank"></iframe>
        </div>
      </form>
    </main>`,
  );
}

/** A list in a `[data-component-id]` block, as the deposit form's details are. */
function componentPicker(
  id: string,
  label: string,
  choices: string[],
  trigger: (attrs: { id: string }) => SafeHtml,
  search?: SafeHtml,
): SafeHtml {
  return html`<div class="depositForm__field" data-component-id="${id}">
    <label>${label}</label>
    ${picker({
      name: id,
      options: options(choices),
      trigger: trigger({ id }),
      search,
      listClass: 'Dropdown_dropdown__list',
    })}
    <span class="error" data-replica-error="${id}"></span>
  </div>`;
}

function selectField(id: string, label: string, choices: string[]): SafeHtml {
  return html`<div class="depositForm__field">
    <label for="${id}">${label}</label>
    <select id="${id}" name="${id}" data-component-id="${id}">
      <option value="">Select</option>
      ${choices.map((c) => html`<option value="${c}">${c}</option>`)}
    </select>
    <span class="error" data-replica-error="${id}"></span>
  </div>`;
}

function continueButton(step: string, next: string): SafeHtml {
  return html`<button
    type="button"
    class="StepFooter_continue__b7Xq2"
    data-step-next="${step}"
    data-replica-reveal="${next}"
  >
    Continue
  </button>`;
}

function depositForm(): string {
  const subcategories = [
    ...new Set(
      Object.values(VESTIAIRE_CATEGORIES).flatMap((byCategory) => Object.values(byCategory).flat()),
    ),
  ];
  const categories = [
    ...new Set(
      Object.values(VESTIAIRE_CATEGORIES).flatMap((byCategory) => Object.keys(byCategory)),
    ),
  ];
  const models = [...new Set(Object.values(VESTIAIRE_MODELS).flat())];
  const body = html`<main class="depositForm">
    <h1>Sell an item</h1>
    <form data-replica-form action="/api/deposit" class="depositForm__form">
      <div role="alert" class="depositForm__alert" data-replica-alert hidden></div>

      <section class="depositForm__step" data-step="filter">
        <h2>What are you selling?</h2>
        <div class="universe-selector_depositForm__form__universes__Hk2pL">
          ${VESTIAIRE_UNIVERSES.map(
            (u) =>
              html`<label class="universe-selector_depositForm__form__universe__Qw81v"
                ><input type="radio" name="universe" value="${u}" /><span
                  class="universe-selector_depositForm__form__universeLabel__x9Tz3"
                  >${u}</span
                ></label
              >`,
          )}
        </div>
        <span class="error" data-replica-error="universe"></span>
        <label for="preductAddCategory">Category</label>
        <select id="preductAddCategory" name="category">
          <option value="">Select a category</option>
          ${categories.map((c) => html`<option value="${c}">${c}</option>`)}
        </select>
        <span class="error" data-replica-error="category"></span>
        <div class="brand-search_depositForm__form__brands__p0Lm4">
          <label>Designer</label>
          ${picker({
            name: 'brand',
            options: options(VESTIAIRE_BRANDS),
            trigger: html`<div
              role="combobox"
              class="brand-search_depositForm__form__field__Ty6Bn"
              data-replica-open
            >
              Search for a designer
            </div>`,
            search: html`<input
              id="depositForm__form__brands-input"
              placeholder="Designer"
              autocomplete="off"
              data-replica-search
              hidden
            />`,
            listClass: 'brand-search_depositForm__form__optionsList__2dG7q',
            optionClass: 'brand-search_depositForm__form__optionsList__item__value__Zk3s1',
          })}
          <span class="error" data-replica-error="brand"></span>
        </div>
        <button type="button" id="vc-preduct-add-submit" data-replica-reveal="step-details">
          Continue
        </button>
      </section>

      <section class="depositForm__step" data-step="details" id="step-details" hidden>
        <h2>Details</h2>
        <label for="external_reference">External reference</label>
        <input id="external_reference" name="external_reference" />
        ${componentPicker(
          'subcategory',
          'Category',
          subcategories,
          ({ id }) => html`<input id="${id}" readonly placeholder="Select" data-replica-open />`,
        )}
        ${componentPicker(
          'condition',
          'Condition',
          VESTIAIRE_CONDITIONS,
          () =>
            html`<button type="button" class="Dropdown_dropdown__button" data-replica-open>
              Select
            </button>`,
        )}
        ${componentPicker(
          'model',
          'Model',
          models,
          () =>
            html`<button type="button" class="ModelSelect_modelSelect__button" data-replica-open>
              Select
            </button>`,
          html`<input placeholder="Find your item model" data-replica-search hidden />`,
        )}
        ${componentPicker(
          'material',
          'Material',
          VESTIAIRE_MATERIALS,
          () =>
            html`<button type="button" class="Dropdown_dropdown__button" data-replica-open>
              Select
            </button>`,
        )}
        ${componentPicker(
          'color',
          'Colour',
          VESTIAIRE_COLOURS,
          ({ id }) => html`<input id="${id}" readonly placeholder="Select" data-replica-open />`,
        )}
        ${selectField('size_unit', 'Standard', VESTIAIRE_SIZE_STANDARDS)}
        ${selectField('size', 'Size', VESTIAIRE_SIZES)} ${continueButton('details', 'step-photos')}
      </section>

      <section class="depositForm__step" data-step="photos" id="step-photos" hidden>
        <h2>Photos</h2>
        <p class="Photo_photoSection__text__juAIc">Add at least 3 photos, up to 8.</p>
        <button type="button" class="FileUploader_field-file-fake__m3Qd1">Add photos</button>
        <input type="file" id="newPic0" name="pictures" accept="image/*" multiple />
        <span class="error" data-replica-error="pictures"></span>
        ${continueButton('photos', 'step-description')}
      </section>

      <section class="depositForm__step" data-step="description" id="step-description" hidden>
        <h2>Description</h2>
        <textarea
          class="TextArea_textarea__WRrcw"
          name="description"
          placeholder="Add item details..."
        ></textarea>
        <span class="error" data-replica-error="description"></span>
        <label>Serial number<input name="serial_number" /></label>
        ${continueButton('description', 'step-address')}
      </section>

      <section class="depositForm__step" data-step="address" id="step-address" hidden>
        <h2>Ship from</h2>
        <label
          ><input type="radio" name="selectedAddress" value="home" checked />Home, 1 Rue de la Paix,
          75002 Paris</label
        >
        ${continueButton('address', 'step-price')}
      </section>

      <section class="depositForm__step" data-step="price" id="step-price" hidden>
        <h2>Price</h2>
        <label for="priceField">Price (€)</label>
        <input
          id="priceField"
          class="PriceInputs_priceInputs__input__XvBHr"
          data-cy="pvpInput"
          name="price"
          inputmode="numeric"
        />
        <span class="error" data-replica-error="price"></span>
        <p class="PriceInputs_price__buyerFee__r2Kd8">
          <span>The buyer will also pay a service fee.</span>
        </p>
        <button type="submit" class="DepositFooter_completeSteps__n4Fh8">Complete steps</button>
      </section>
    </form>
  </main>`;
  return sitePage('Sell an item | Vestiaire Collective', body);
}

function editForm(listing: ReplicaListing): string {
  return sitePage(
    'Edit my item | Vestiaire Collective',
    html`<main class="depositForm depositForm--edit">
      <h1>Edit my item</h1>
      <form data-replica-form action="/api/products/${listing.id}" class="depositForm__form">
        <div role="alert" class="depositForm__alert" data-replica-alert hidden></div>
        <textarea
          class="TextArea_textarea__WRrcw"
          name="description"
          placeholder="Add item details..."
        >
${fieldOf(listing, 'description')}</textarea>
        <span class="error" data-replica-error="description"></span>
        <label for="priceField">Price (€)</label>
        <input
          id="priceField"
          class="PriceInputs_priceInputs__input__XvBHr"
          data-cy="pvpInput"
          name="price"
          inputmode="numeric"
          value="${fieldOf(listing, 'price')}"
        />
        <span class="error" data-replica-error="price"></span>
        <button type="submit" class="EditFooter_save__c1Vb8">Save changes</button>
      </form>
    </main>`,
  );
}

function changedLayoutPage(): string {
  // The site redesigned its deposit form: the same words, none of the markup the adapter knows.
  return sitePage(
    'Sell an item | Vestiaire Collective',
    html`<main class="sell-v3">
      <h1>Tell us about your item</h1>
      <div class="sell-v3__card"><input aria-label="Designer" /><button>Next</button></div>
    </main>`,
  );
}

function itemPage(listing: ReplicaListing, pending: boolean, seller: boolean): string {
  const name = fieldOf(listing, 'name');
  return sitePage(
    `${name} | Vestiaire Collective`,
    html`<main class="product-page">
      <h1 class="product-page__title">${name}</h1>
      <p class="product-page__price">${fieldOf(listing, 'price')},00 €</p>
      ${
        listing.status === 'sold'
          ? html`<p class="product-page__status">Sold</p>`
          : pending
            ? html`<p class="product-page__status product-page__status--review" role="status">
                In review: our team checks every item before it goes on sale, within 48 hours.
              </p>`
            : html`<p class="product-page__status">Online</p>`
      }
      ${
        seller && listing.status === 'active'
          ? html`<div class="product-page__seller-actions">
              <a class="product-page__edit" href="/sell-clothes-online/edit/${listing.id}/">Edit</a>
              <button
                type="button"
                class="product-page__delete"
                data-replica-reveal="confirm-delete"
              >
                Delete
              </button>
              <div id="confirm-delete" role="dialog" aria-label="Delete this item" hidden>
                <p>Do you really want to delete this item?</p>
                <button
                  type="button"
                  class="product-page__confirm-delete"
                  data-replica-post="/api/products/${listing.id}/delete"
                >
                  Yes, delete
                </button>
              </div>
            </div>`
          : ''
      }
    </main>`,
  );
}

function profilePage(state: ReplicaState, deleted: boolean): string {
  return sitePage(
    'My profile | Vestiaire Collective',
    html`<main class="profile-page">
      ${
        deleted
          ? html`<p class="profile-page__toast" role="status">Your item has been deleted.</p>`
          : ''
      }
      <h1>My items for sale</h1>
      <ul>
        ${activeListingItems(state, vestiaireItemPath, 'name')}
      </ul>
    </main>`,
  );
}

/** "1 234,00 €", as the site writes prices for a euro account ✅. */
const euros = (amount: number) =>
  `${Math.floor(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${(Math.round(amount * 100) % 100)
    .toString()
    .padStart(2, '0')} €`;

function salesPage(state: ReplicaState): string {
  return sitePage(
    'Orders and sales | Vestiaire Collective',
    html`<main class="orders-and-sales">
      <h1>Orders and sales</h1>
      <table>
        <tbody>
          ${saleRows(
            state,
            vestiaireItemPath,
            (sale, listingHref) =>
              html`<tr class="order-row" data-order-id="${sale.orderId}">
                <td class="order-product"><a href="${listingHref}">${sale.title}</a></td>
                <td class="order-amount">${euros(sale.price)}</td>
                <td class="order-date">${soldTime(sale)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </main>`,
  );
}

const validate: ValidateListing = (fields, photoCount, creating) => {
  const one = (name: string) => firstOf(fields, name);
  const errors: Record<string, string> = {};
  if (creating) {
    const byCategory = VESTIAIRE_CATEGORIES[one('universe')];
    if (!byCategory) errors.universe = 'Please select a universe.';
    if (!one('category')) errors.category = 'Please select a category.';
    else if (byCategory && !byCategory[one('category')]) {
      errors.category = `${one('category')} is not available in ${one('universe')}.`;
    }
    if (!VESTIAIRE_BRANDS.includes(one('brand'))) errors.brand = 'Please select a designer.';
    const subcategories = byCategory?.[one('category')];
    if (!one('subcategory')) errors.subcategory = 'Please select a category.';
    else if (subcategories && !subcategories.includes(one('subcategory'))) {
      errors.subcategory = `Please choose a type of ${one('category').toLowerCase()}.`;
    }
    if (!one('condition')) errors.condition = 'Please select the condition of your item.';
    if (!one('material')) errors.material = 'Please select a material.';
    if (!one('color')) errors.color = 'Please select a colour.';
    if (SIZED.has(one('category')) && (!one('size_unit') || !one('size'))) {
      errors.size = 'Please select a size.';
    }
    if (photoCount < PHOTOS_MIN) errors.pictures = `Please add at least ${PHOTOS_MIN} photos.`;
    if (!one('selectedAddress')) errors.selectedAddress = 'Please select an address.';
  }
  if (photoCount > PHOTOS_MAX) errors.pictures = `You can add up to ${PHOTOS_MAX} photos.`;
  if (!one('description')) errors.description = 'Please describe your item.';
  else if (one('description').length > DESCRIPTION_MAX) {
    errors.description = `Your description must be ${DESCRIPTION_MAX} characters or fewer.`;
  }
  if (!/^\d+$/.test(one('price')) || Number(one('price')) <= 0) {
    errors.price = 'Please enter a price in whole euros.';
  }
  return errors;
};

/** The replica, and the review Vestiaire's team gives each submitted item. */
export interface VestiaireReplicaSite extends ReplicaSite {
  /** The team approves the item: its page stops saying "In review". */
  approve(listingId: string): void;
  /** Whether the item is still waiting for the team's review. */
  inReview(listingId: string): boolean;
}

/** The Vestiaire Collective replica; `state` is what the tests read and steer. */
export function vestiaireReplica(): VestiaireReplicaSite {
  const state = new ReplicaState(numericId(8), { title: 'name', price: 'price' });
  const pending = new Set<string>();
  const seller = route.sellerGate(state, {
    signIn: (back) => `/authentication/?redirect=${encodeURIComponent(back)}`,
    captcha: () => ok(captchaPage()),
  });
  const answer = (listing: ReplicaListing) => accepted(vestiaireItemPath(listing));

  return {
    marketplace: 'vestiaire',
    hosts: ['www.vestiairecollective.com', 'vestiairecollective.com'],
    state,
    approve: (id) => void pending.delete(id),
    inReview: (id) => pending.has(id),
    async handle(request) {
      const { method, path } = request;
      if (method === 'GET' && path === '/authentication/') {
        return ok(signInPage(request.query.get('redirect') ?? '/'));
      }
      if (method === 'POST' && path === '/authentication/') {
        return route.signInAnswer(state, route.safeReturnPath(request.query.get('redirect')));
      }
      if (method === 'GET' && path === '/') {
        return seller(request, () =>
          ok(sitePage('Vestiaire Collective', html`<main><h1>Vestiaire Collective</h1></main>`)),
        );
      }
      if (method === 'GET' && path === '/sell-clothes-online/') {
        return seller(request, () =>
          route.sellFormAnswer(state, {
            blocked: (message) =>
              ok(
                sitePage(
                  'Sell an item | Vestiaire Collective',
                  html`<main>
                    <p class="depositForm__limit-message" role="alert">${message}</p>
                  </main>`,
                ),
              ),
            changed: changedLayoutPage,
            form: depositForm,
          }),
        );
      }
      if (method === 'POST' && path === '/api/deposit') {
        if (!request.signedIn) return route.unauthorised();
        return route.createFromForm(request, state, {
          photoField: 'pictures',
          // No title is sent: the item is named from its details.
          fields: (sent) => {
            const fields = formFields(sent);
            return { ...fields, name: itemName(fields) };
          },
          validate,
          answer: (listing) => {
            pending.add(listing.id);
            return answer(listing);
          },
        });
      }
      const itemMatch = /-(\d+)\.shtml$/.exec(path);
      if (method === 'GET' && itemMatch && !path.startsWith('/members/')) {
        const listing = state.find(itemMatch[1]);
        if (!listing || listing.status === 'deleted') return notFound(SITE);
        const canonical = vestiaireItemPath(listing);
        if (path !== canonical) return redirectTo(canonical);
        return ok(itemPage(listing, pending.has(listing.id), request.signedIn));
      }
      const editMatch = /^\/sell-clothes-online\/edit\/(\d+)\/$/.exec(path);
      if (method === 'GET' && editMatch) {
        return seller(request, () => route.listingAnswer(SITE, state.find(editMatch[1]), editForm));
      }
      const updateMatch = /^\/api\/products\/(\d+)$/.exec(path);
      if (method === 'POST' && updateMatch) {
        if (!request.signedIn) return route.unauthorised();
        return route.updateFromForm(request, state.find(updateMatch[1]), {
          gone: 'This item is no longer available.',
          validate,
          answer,
        });
      }
      const deleteMatch = /^\/api\/products\/(\d+)\/delete$/.exec(path);
      if (method === 'POST' && deleteMatch) {
        if (!request.signedIn) return route.unauthorised();
        const deleted = state.delete(deleteMatch[1]);
        if (deleted) pending.delete(deleted.id);
        return accepted(`${PROFILE_PATH}?deleted=1`);
      }
      if (method === 'GET' && path === PROFILE_PATH) {
        return ok(profilePage(state, request.query.get('deleted') === '1'));
      }
      if (method === 'GET' && path === SALES_PATH) {
        return seller(request, () => ok(salesPage(state)));
      }
      return notFound(SITE);
    },
  };
}
