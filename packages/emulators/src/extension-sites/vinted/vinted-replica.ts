import { fieldOf, numericId, ReplicaState, type ReplicaListing } from '../replica';
import {
  accepted,
  allOf,
  firstOf,
  formFields,
  html,
  isPrice,
  notFound,
  ok,
  options,
  redirectTo,
  replicaPage,
  sitePages,
  saleRows,
  SafeHtml,
  soldTime,
  type PickerOption,
  type ValidateListing,
} from '../replica-kit';
import * as route from '../replica-routes';
import type { ReplicaAnswer, ReplicaRequest, ReplicaSite } from '../replica-server';

/**
 * Vinted's seller pages on www.vinted.com as far as the public facts go (✅ read in open-source
 * tools that drive the live site, several of them captured from a signed-in session; ◐ inferred
 * or second-hand). The same site runs under other country domains (vinted.co.uk, vinted.fr,
 * vinted.de, …) in their languages and currencies; this models the .com one, in dollars.
 * - The sell form is /items/new ✅. It has no <form> element: its controls are addressed by
 *   `data-testid` and `id` ✅ (title--input #title, description--input #description,
 *   price-input--input #price), photos go through a hidden `input[type=file][name=photos]`
 *   `data-testid="add-photos-input"` ✅, up to 20 photos ✅, and it sends through Vinted's API
 *   (POST /api/v2/item_upload/items ✅). The replica wraps the controls in a form so the kit can
 *   send them; the adapter never selects the form.
 * - The category is a drill-down picker (`catalog-select-dropdown-input`, its list
 *   `catalog-select-dropdown-content`) two to five levels deep ✅; brand, size, condition, colour
 *   and material appear only once a leaf category is chosen ✅. Brand is searchable
 *   (`brand-search--input`) ✅; size is a grid (`category-size-single-grid-input`) ✅; condition a
 *   list (`category-condition-single-list-input`) of New with tags, New without tags, Very good,
 *   Good, Satisfactory ✅; colour (`color-select-dropdown-input`, checkbox rows, at most 2) and
 *   material (`category-material-multi-list-input`, at most 3) stay open while several are
 *   ticked ✅. Sizes following the category, and the brand list, are ◐ (a fixed sample here).
 * - The parcel size is three cells `[data-testid="N-package-size--cell"]` with radios
 *   `package_type_selector_N` and is required ✅; their names Small, Medium, Large ◐.
 * - "Upload" (`upload-form-save-button`) publishes, beside "Save draft"
 *   (`upload-form-save-draft-button`) ✅; prices from $1 to $9,000 ✅; title 100 and description
 *   2,000 characters ◐. After Upload the replica opens the new item's page ◐ (not read anywhere;
 *   a draft's Upload lands on the wardrobe ✅). Refusals beside the fields, in words of our own ◐.
 * - An item lives at /items/<digits>-<slug>; /items/<id> redirects there ✅. Its owner sees Bump,
 *   Mark as sold, Edit listing and Delete (`item-delete-button`), whose dialog
 *   (`item-delete-modal`) deletes with "Confirm and delete" (`item-delete-confirmation-button`)
 *   and lands on the wardrobe /member/<member id>, the item gone from it ✅. The edit form is
 *   /items/<id>/edit with only "Save" ✅.
 * - Wardrobe cards are `[data-testid="product-item-id-<id>"]` ✅; the wardrobe's own container is ◐.
 * - Sales are under /my_orders/sold ◐ (URL constants of tools reading Vinted's orders); what a row
 *   shows is modelled on the orders API (title, price, status, date, a conversation) ◐.
 * - Signed out, seller pages redirect to /member/signup/select_type?ref_url=… ✅, where "Log in
 *   with email" (`auth-select-type--login-email`) leads to #username and #password ✅.
 * - The human check is DataDome ✅: an HTTP 403 page titled with the host, a `dd` bootstrap object
 *   and an iframe titled "DataDome CAPTCHA" from geo.captcha-delivery.com ✅. The replica's iframe
 *   is blank, so no test reaches DataDome's servers.
 * - A seller Vinted wants to verify is sent to /users/verification ✅: the replica's block.
 */

const SITE = 'Vinted';
/** The signed-in seller's member id (Vinted's are numeric ✅). */
export const VINTED_MEMBER_ID = '84512907';

export const VINTED_CATEGORIES: PickerOption[] = [
  {
    label: 'Women',
    children: [
      {
        label: 'Clothing',
        children: [
          { label: 'Jeans', children: options(['Skinny jeans', 'Straight jeans', 'Flared jeans']) },
          { label: 'Dresses', children: options(['Mini dresses', 'Midi dresses', 'Maxi dresses']) },
          { label: 'Skirts', children: options(['Mini skirts', 'Midi skirts']) },
        ],
      },
      { label: 'Shoes', children: options(['Sneakers', 'Boots', 'Sandals']) },
    ],
  },
  {
    label: 'Men',
    children: [
      {
        label: 'Clothing',
        children: [
          { label: 'Jeans', children: options(['Skinny jeans', 'Straight jeans', 'Ripped jeans']) },
          { label: 'Outerwear', children: options(['Jackets', 'Coats']) },
        ],
      },
      { label: 'Shoes', children: options(['Sneakers', 'Boots']) },
    ],
  },
];

export const VINTED_BRANDS = [
  'Levi’s',
  'Nike',
  'adidas',
  'Zara',
  'H&M',
  'J.Crew',
  'Madewell',
  'Patagonia',
  'Carhartt',
  'Columbia',
];

export const VINTED_SIZES = [
  'XXS / US 00',
  'XS / US 0-2',
  'S / US 4-6',
  'M / US 8-10',
  'L / US 12-14',
  'XL / US 16-18',
  'XXL / US 20',
  'One size',
];

export const VINTED_CONDITIONS = [
  'New with tags',
  'New without tags',
  'Very good',
  'Good',
  'Satisfactory',
];

export const VINTED_COLOURS = [
  'Black',
  'Grey',
  'White',
  'Cream',
  'Beige',
  'Apricot',
  'Orange',
  'Coral',
  'Red',
  'Burgundy',
  'Pink',
  'Rose',
  'Purple',
  'Lilac',
  'Light blue',
  'Blue',
  'Navy',
  'Turquoise',
  'Mint',
  'Green',
  'Dark green',
  'Khaki',
  'Brown',
  'Mustard',
  'Yellow',
  'Silver',
  'Gold',
  'Multi',
];

export const VINTED_MATERIALS = [
  'Cotton',
  'Denim',
  'Elastane',
  'Leather',
  'Linen',
  'Polyester',
  'Silk',
  'Viscose',
  'Wool',
  'Cashmere',
];

/** Vinted's parcel sizes, numbered as their cells are. */
export const VINTED_PACKAGE_SIZES = [
  { id: '1', name: 'Small', hint: 'For items that fit in a large envelope' },
  { id: '2', name: 'Medium', hint: 'For items that fit in a shoebox' },
  { id: '3', name: 'Large', hint: 'For items that fit in a moving box' },
];

const PRICE_MAX = 9000;
const PHOTOS_MAX = 20;
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 2000;
const COLOURS_MAX = 2;
const MATERIALS_MAX = 3;

const slug = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'item';

export const vintedItemPath = (listing: ReplicaListing) =>
  `/items/${listing.id}-${slug(fieldOf(listing, 'title'))}`;

const WARDROBE_PATH = `/member/${VINTED_MEMBER_ID}`;

/** Reveals the item's attributes once a leaf category is chosen, as the site renders them. */
const ATTRIBUTES_SCRIPT = `
(() => {
  const category = document.querySelector('input[type=hidden][name=catalog]');
  const attributes = document.getElementById('item-attributes');
  if (!category || !attributes) return;
  category.addEventListener('change', () => { attributes.hidden = category.value === ''; });
})();
`;

function header(): SafeHtml {
  return html`<header class="l-header">
    <a href="/">Vinted</a> · <a href="/items/new" data-testid="side-bar-sell-btn">Sell now</a> ·
    <a href="${WARDROBE_PATH}">Profile</a> · <a href="/my_orders/sold">My orders</a>
    <button type="button" id="user-menu-button" data-testid="user-menu-button">
      replica_seller
    </button>
  </header>`;
}

const sitePage = sitePages(SITE, header);

function signInPage(refUrl: string): string {
  return replicaPage(
    SITE,
    'Vinted | Sign up or log in',
    html`<main class="auth">
      <h1>Join and sell pre-loved clothes with no fees</h1>
      <p>
        Already have an account?
        <span
          data-testid="auth-select-type--login-email"
          role="button"
          data-replica-reveal="auth-email-login"
          >Log in with email</span
        >
      </p>
      <form id="auth-email-login" action="/member/login" method="post" hidden>
        <input type="hidden" name="ref_url" value="${refUrl}" />
        <label>Email or username<input id="username" name="username" /></label>
        <label>Password<input id="password" name="password" type="password" /></label>
        <button type="submit" class="web_ui__Button__button">Continue</button>
      </form>
    </main>`,
  );
}

/** DataDome's interstitial, as its pages are quoted: the host as title, a notice, the frame. */
function captchaPage(): string {
  const bootstrap = `var dd={'rt':'c','cid':'AHrlqAAAAAMA','hsh':'replica','t':'fe','host':'geo.captcha-delivery.com'}`;
  return replicaPage(
    SITE,
    'www.vinted.com',
    html`<p id="cmsg">Please enable JS and disable any ad blocker</p>
      <script>
        ${new SafeHtml(bootstrap)};
      </script>
      <iframe
        src="about:blank"
        title="DataDome CAPTCHA"
        width="100%"
        height="500"
        sandbox="allow-scripts allow-same-origin allow-forms"
        frameborder="0"
        scrolling="yes"
        style="height:100vh;border:none"
      ></iframe>`,
  );
}

/** One of the site's drop-downs, wired to the kit's picker script through its attributes. */
function dropdown(input: {
  name: string;
  id: string;
  testId: string;
  placeholder: string;
  options: PickerOption[];
  value: string;
  search?: { id: string; testId: string; placeholder: string };
}): SafeHtml {
  return html`<div
    class="input-dropdown-field"
    data-replica-picker
    data-options="${JSON.stringify(input.options)}"
    data-option-class="web_ui__Cell__cell"
  >
    <input
      id="${input.id}"
      data-testid="${input.testId}-input"
      class="web_ui__Input__value"
      readonly
      placeholder="${input.placeholder}"
      value="${input.value}"
      data-replica-open
    />
    ${
      input.search
        ? html`<input
            id="${input.search.id}"
            data-testid="${input.search.testId}"
            placeholder="${input.search.placeholder}"
            data-replica-search
            hidden
          />`
        : ''
    }
    <ul
      role="listbox"
      class="input-dropdown"
      data-testid="${input.testId}-content"
      data-replica-list
      hidden
    ></ul>
    <input type="hidden" name="${input.name}" value="${input.value}" />
  </div>`;
}

/** A drop-down of checkbox rows that stays open while several are ticked (colour, material). */
function multiList(input: {
  name: string;
  id: string;
  testId: string;
  rowPrefix: string;
  placeholder: string;
  labels: readonly string[];
  chosen: readonly string[];
}): SafeHtml {
  const panel = `${input.id}-options`;
  return html`<div class="input-dropdown-field">
    <input
      id="${input.id}"
      data-testid="${input.testId}-input"
      class="web_ui__Input__value"
      readonly
      placeholder="${input.placeholder}"
      value="${input.chosen.join(', ')}"
      data-replica-reveal="${panel}"
    />
    <div id="${panel}" class="input-dropdown" data-testid="${input.testId}-content" hidden>
      ${input.labels.map(
        (label, index) =>
          html`<label class="web_ui__Cell__cell" id="${input.rowPrefix}-${index + 1}"
            ><span class="web_ui__Cell__title">${label}</span
            ><input
              type="checkbox"
              id="${input.rowPrefix}-checkbox-${index + 1}"
              name="${input.name}"
              value="${label}"
              ${input.chosen.includes(label) ? 'checked' : ''}
          /></label>`,
      )}
    </div>
  </div>`;
}

const note = (field: string) =>
  html`<span
    class="web_ui__Input__note web_ui__Input__warning"
    data-replica-error="${field}"
  ></span>`;

function itemForm(mode: 'create' | 'edit', listing?: ReplicaListing): string {
  const value = (name: string) => (listing ? fieldOf(listing, name) : '');
  const many = (name: string) =>
    listing ? ([] as string[]).concat(listing.fields[name] ?? []) : [];
  const action =
    mode === 'create' ? '/api/v2/item_upload/items' : `/api/v2/item_upload/items/${listing!.id}`;
  const body = html`<main class="item-upload">
    <h1 class="web_ui__Text__title">Sell an item</h1>
    <form data-replica-form action="${action}" class="u-ui-padding-regular">
      <section id="photos" data-testid="media-upload">
        <div data-testid="dropzone">
          <p>Add up to ${PHOTOS_MAX} photos.</p>
          <input
            type="file"
            name="photos"
            data-testid="add-photos-input"
            accept="image/jpeg,image/png,image/webp"
            multiple
            hidden
          />
          <button type="button" class="web_ui__Button__button">Upload photos</button>
        </div>
        ${note('photos')}
      </section>
      <section class="web_ui__Card__card">
        <label for="title">Title</label>
        <input
          id="title"
          name="title"
          data-testid="title--input"
          placeholder="e.g. White COS Jumper"
          value="${value('title')}"
        />
        ${note('title')}
        <label for="description">Describe your item</label>
        <textarea
          id="description"
          name="description"
          data-testid="description--input"
          placeholder="e.g. only worn a few times, true to size"
        >
${value('description')}</textarea>
        ${note('description')}
      </section>
      <section class="web_ui__Card__card">
        <label for="category">Category</label>
        ${dropdown({
          name: 'catalog',
          id: 'category',
          testId: 'catalog-select-dropdown',
          placeholder: 'Select a category',
          options: VINTED_CATEGORIES,
          value: value('catalog'),
        })}
        ${note('catalog')}
        <div id="item-attributes" ${mode === 'create' ? 'hidden' : ''}>
          <label for="brand">Brand</label>
          ${dropdown({
            name: 'brand',
            id: 'brand',
            testId: 'brand-select-dropdown',
            placeholder: 'Select a brand',
            options: options(VINTED_BRANDS),
            value: value('brand'),
            search: {
              id: 'brand-search-input',
              testId: 'brand-search--input',
              placeholder: 'Find a brand',
            },
          })}
          ${note('brand')}
          <label for="size">Size</label>
          ${dropdown({
            name: 'size',
            id: 'size',
            testId: 'category-size-single-grid',
            placeholder: 'Select a size',
            options: options(VINTED_SIZES),
            value: value('size'),
          })}
          ${note('size')}
          <label for="condition">Condition</label>
          ${dropdown({
            name: 'status',
            id: 'condition',
            testId: 'category-condition-single-list',
            placeholder: 'Select condition',
            options: options(VINTED_CONDITIONS),
            value: value('status'),
          })}
          ${note('status')}
          <label for="color">Colour</label>
          ${multiList({
            name: 'color',
            id: 'color',
            testId: 'color-select-dropdown',
            rowPrefix: 'color',
            placeholder: 'Select up to 2 colours',
            labels: VINTED_COLOURS,
            chosen: many('color'),
          })}
          ${note('color')}
          <label for="material">Material (recommended)</label>
          ${multiList({
            name: 'material',
            id: 'material',
            testId: 'category-material-multi-list',
            rowPrefix: 'material',
            placeholder: 'Select up to 3 materials',
            labels: VINTED_MATERIALS,
            chosen: many('material'),
          })}
          ${note('material')}
        </div>
      </section>
      <section class="web_ui__Card__card">
        <label for="price">Price</label>
        <input
          id="price"
          name="price"
          data-testid="price-input--input"
          inputmode="decimal"
          placeholder="$0.00"
          value="${value('price')}"
        />
        ${note('price')}
      </section>
      <section class="web_ui__Card__card" id="packages">
        <h2>Parcel size</h2>
        ${VINTED_PACKAGE_SIZES.map(
          (size) =>
            html`<label
              class="web_ui__Cell__cell"
              data-testid="${size.id}-package-size--cell"
              aria-label="${size.name}"
              ><span class="web_ui__Cell__title" id="package-size-${size.id}">${size.name}</span
              ><span class="web_ui__Cell__body">${size.hint}</span
              ><input
                type="radio"
                id="package_type_selector_${size.id}"
                name="package_size_id"
                value="${size.id}"
                aria-labelledby="package-size-${size.id}"
                ${value('package_size_id') === size.id ? 'checked' : ''}
            /></label>`,
        )}
        ${note('package_size_id')}
      </section>
      ${note('form')}
      ${
        mode === 'create'
          ? html`<button
                type="button"
                class="web_ui__Button__button"
                data-testid="upload-form-save-draft-button"
              >
                Save draft
              </button>
              <button
                type="submit"
                class="web_ui__Button__button web_ui__Button__filled"
                data-testid="upload-form-save-button"
              >
                Upload
              </button>`
          : html`<button
              type="submit"
              class="web_ui__Button__button web_ui__Button__filled"
              data-testid="upload-form-save-button"
            >
              Save
            </button>`
      }
    </form>
    <script>
      ${new SafeHtml(ATTRIBUTES_SCRIPT)};
    </script>
  </main>`;
  return sitePage(mode === 'create' ? 'Sell an item | Vinted' : 'Edit listing | Vinted', body);
}

function changedLayoutPage(): string {
  // The site redesigned: the same words, none of the test ids the adapter knows.
  return sitePage(
    'Sell an item | Vinted',
    html`<main class="sell-v2">
      <h1>What are you selling?</h1>
      <input aria-label="Title" /><textarea aria-label="Describe your item"></textarea>
      <button type="button">Continue</button>
    </main>`,
  );
}

function blockedPage(message: string): string {
  return sitePage(
    'Verification | Vinted',
    html`<main class="user-verification">
      <h1>Let’s verify it’s you</h1>
      <p class="web_ui__Text__text" data-testid="user-verification-reason">${message}</p>
    </main>`,
  );
}

function itemPage(listing: ReplicaListing): string {
  const id = listing.id;
  return sitePage(
    `${fieldOf(listing, 'title')} | Vinted`,
    html`<main class="item-page" itemscope itemtype="https://schema.org/Product">
      <h1 class="web_ui__Text__text web_ui__Text__title">${fieldOf(listing, 'title')}</h1>
      <div data-testid="item-price"><p>$${Number(fieldOf(listing, 'price')).toFixed(2)}</p></div>
      <div itemprop="description">${fieldOf(listing, 'description')}</div>
      ${
        listing.status === 'sold'
          ? html`<p data-testid="item-status--content">Sold</p>`
          : html`<div class="item-owner-actions">
              <button type="button" data-testid="item-bump-button">Bump</button>
              <button type="button" data-testid="mark-as-sold-button">Mark as sold</button>
              <a data-testid="item-edit-button" href="/items/${id}/edit">Edit listing</a>
              <button
                type="button"
                data-testid="item-delete-button"
                data-replica-reveal="item-delete-modal"
              >
                Delete
              </button>
            </div>`
      }
      <div
        id="item-delete-modal"
        data-testid="item-delete-modal"
        role="dialog"
        aria-modal="true"
        hidden
      >
        <h2>Delete item</h2>
        <p>
          Remember: if you sold this item on Vinted, click on ‘mark as sold’ instead of deleting it!
        </p>
        <button
          type="button"
          data-testid="item-delete-confirmation-button"
          data-replica-post="/api/v2/items/${id}/delete"
        >
          Confirm and delete
        </button>
        <button type="button" data-testid="item-delete-cancelation-button">Cancel</button>
      </div>
    </main>`,
  );
}

function wardrobePage(state: ReplicaState): string {
  return sitePage(
    'replica_seller | Vinted',
    html`<main class="profile" data-testid="profile-wardrobe">
      <h1 class="web_ui__Text__title">replica_seller</h1>
      <div class="feed-grid">
        ${state.active().map(
          (l) =>
            html`<div class="feed-grid__item" data-testid="product-item-id-${l.id}">
              <a
                data-testid="product-item-id-${l.id}--overlay-link"
                href="${vintedItemPath(l)}"
                title="${fieldOf(l, 'title')}"
                >${fieldOf(l, 'title')}</a
              >
            </div>`,
        )}
      </div>
    </main>`,
  );
}

function soldPage(state: ReplicaState): string {
  return sitePage(
    'My orders | Vinted',
    html`<main class="my-orders" data-testid="my-orders">
      <h1 class="web_ui__Text__title">My orders</h1>
      <nav role="tablist">
        <a role="tab" aria-selected="true" href="/my_orders/sold">Sold</a>
        <a role="tab" aria-selected="false" href="/my_orders/bought">Bought</a>
      </nav>
      <div class="my-orders__list">
        ${saleRows(
          state,
          vintedItemPath,
          (sale, listingHref) =>
            html`<div class="web_ui__Cell__cell" data-testid="my-orders-item">
              <a data-testid="my-orders-item--conversation" href="/inbox/${sale.orderId}"
                >Open conversation</a
              >
              <a
                class="web_ui__Cell__title"
                data-testid="my-orders-item--title"
                href="${listingHref}"
                >${sale.title}</a
              >
              <span data-testid="my-orders-item--price">$${sale.price.toFixed(2)}</span>
              <span data-testid="my-orders-item--status">Payment successful</span>
              ${soldTime(sale)}
            </div>`,
        )}
      </div>
    </main>`,
  );
}

const validate: ValidateListing = (fields, photoCount, creating) => {
  const one = (name: string) => firstOf(fields, name);
  const many = (name: string) => allOf(fields, name);
  const errors: Record<string, string> = {};
  if (creating && photoCount < 1) errors.photos = 'Add at least one photo.';
  if (photoCount > PHOTOS_MAX) errors.photos = `You can add up to ${PHOTOS_MAX} photos.`;
  if (!one('title')) errors.title = 'Enter a title.';
  else if (one('title').length > TITLE_MAX) {
    errors.title = `Title must be ${TITLE_MAX} characters or fewer.`;
  }
  if (!one('description')) errors.description = 'Describe your item.';
  else if (one('description').length > DESCRIPTION_MAX) {
    errors.description = `Description must be ${DESCRIPTION_MAX} characters or fewer.`;
  }
  if (!one('catalog')) errors.catalog = 'Select a category.';
  if (!one('brand')) errors.brand = 'Select a brand.';
  if (!one('size')) errors.size = 'Select a size.';
  if (!one('status')) errors.status = 'Select the condition.';
  if (many('color').length > COLOURS_MAX) {
    errors.color = `You can select up to ${COLOURS_MAX} colours.`;
  }
  if (many('material').length > MATERIALS_MAX) {
    errors.material = `You can select up to ${MATERIALS_MAX} materials.`;
  }
  const price = one('price');
  if (!isPrice(price)) errors.price = 'Enter a price.';
  else if (Number(price) < 1) errors.price = 'Price must be at least $1.00.';
  else if (Number(price) > PRICE_MAX) {
    errors.price = `Price must be no more than $${PRICE_MAX.toLocaleString('en-US')}.00.`;
  }
  if (!VINTED_PACKAGE_SIZES.some((s) => s.id === one('package_size_id'))) {
    errors.package_size_id = 'Select a parcel size.';
  }
  return errors;
};

/** The Vinted replica; `state` is what the tests read and steer. */
export function vintedReplica(): ReplicaSite {
  const state = new ReplicaState(numericId(11), { title: 'title', price: 'price' });
  const seller = route.sellerGate(state, {
    signIn: (back) => `/member/signup/select_type?ref_url=${encodeURIComponent(back)}`,
    // DataDome answers the request itself, with a 403 and its interstitial.
    captcha: () => ({ status: 403, html: captchaPage() }),
  });
  const api = (
    request: ReplicaRequest,
    answer: () => ReplicaAnswer | Promise<ReplicaAnswer>,
  ): ReplicaAnswer | Promise<ReplicaAnswer> => {
    if (!request.signedIn) return route.unauthorised('Log in to continue.');
    if (state.captcha)
      return { status: 403, json: { url: 'https://geo.captcha-delivery.com/captcha/' } };
    return answer();
  };
  const answer = (listing: ReplicaListing) => accepted(vintedItemPath(listing));

  return {
    marketplace: 'vinted',
    hosts: ['www.vinted.com', 'vinted.com'],
    state,
    async handle(request) {
      const { method, path } = request;
      if (method === 'GET' && path === '/member/signup/select_type') {
        return ok(signInPage(request.query.get('ref_url') || '/'));
      }
      if (method === 'POST' && path === '/member/login') {
        return route.signInAnswer(state, route.safeReturnPath(request.form?.get('ref_url')));
      }
      if (method === 'GET' && path === '/') {
        return seller(request, () => ok(sitePage('Vinted', html`<main><h1>Feed</h1></main>`)));
      }
      if (method === 'GET' && path === '/items/new') {
        return seller(request, () =>
          route.sellFormAnswer(state, {
            blocked: () => redirectTo('/users/verification'),
            changed: changedLayoutPage,
            form: () => itemForm('create'),
          }),
        );
      }
      if (method === 'GET' && path === '/users/verification') {
        return seller(request, () =>
          ok(blockedPage(state.blocked ?? 'We need to verify your account before you continue.')),
        );
      }
      if (method === 'POST' && path === '/api/v2/item_upload/items') {
        return api(request, () => {
          if (state.blocked) return accepted('/users/verification');
          return route.createFromForm(request, state, { photoField: 'photos', validate, answer });
        });
      }
      const itemMatch = /^\/items\/(\d+)(?:-([^/]*))?$/.exec(path);
      if (method === 'GET' && itemMatch) {
        const listing = state.find(itemMatch[1]);
        if (!listing || listing.status === 'deleted') return notFound(SITE);
        const canonical = vintedItemPath(listing);
        if (path !== canonical) return redirectTo(canonical);
        return seller(request, () => ok(itemPage(listing)));
      }
      const editMatch = /^\/items\/(\d+)\/edit$/.exec(path);
      if (method === 'GET' && editMatch) {
        return seller(request, () =>
          route.listingAnswer(SITE, state.find(editMatch[1]), (l) => itemForm('edit', l)),
        );
      }
      const updateMatch = /^\/api\/v2\/item_upload\/items\/(\d+)$/.exec(path);
      if (method === 'POST' && updateMatch) {
        return api(request, () =>
          route.updateFromForm(request, state.find(updateMatch[1]), {
            gone: 'This item is no longer available.',
            fields: (stored, sent) => {
              const fields = { ...stored, ...formFields(sent) };
              // Unticking every colour or material sends none of them: the list is then empty.
              for (const name of ['color', 'material']) {
                if (!sent.form?.has(name)) fields[name] = [];
              }
              return fields;
            },
            validate,
            answer,
          }),
        );
      }
      const deleteMatch = /^\/api\/v2\/items\/(\d+)\/delete$/.exec(path);
      if (method === 'POST' && deleteMatch) {
        return api(request, () => {
          state.delete(deleteMatch[1]);
          return accepted(WARDROBE_PATH);
        });
      }
      if (method === 'GET' && path === WARDROBE_PATH) {
        return seller(request, () => ok(wardrobePage(state)));
      }
      if (method === 'GET' && path === '/my_orders/sold') {
        return seller(request, () => ok(soldPage(state)));
      }
      return notFound(SITE);
    },
  };
}
