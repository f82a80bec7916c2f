import crypto from 'node:crypto';
import { ReplicaState, type ReplicaListing } from '../replica';
import {
  accepted,
  allOf,
  firstOf,
  formFields,
  html,
  isPrice,
  notFound,
  ok,
  refused,
  replicaPage,
  sitePages,
  SafeHtml,
  type FormFields,
  type ValidateListing,
} from '../replica-kit';
import * as route from '../replica-routes';
import type { ReplicaAnswer, ReplicaRequest, ReplicaSite } from '../replica-server';

/**
 * Depop's website as a seller without partner API access uses it, as far as the public facts
 * go (✅ read in open-source tools that drive the live site, or in Depop's Seller API
 * description, whose vocabulary the web form shares; ◐ inferred, or markup of our own where
 * nothing public shows it):
 * - the sell form is /products/create/ ✅. Its controls carry stable ids ✅: photos
 *   `#upload-input__input` (data-testid too, multiple) ✅, the description `textarea#description`
 *   ✅, the price `#priceAmount__input` ✅. Every drop-down is a text input with
 *   role=combobox whose `aria-controls` names its own menu (`#<name>-input` → `#<name>-menu`,
 *   options `li[role=option]`) ✅: the category `group` ✅, then the product type
 *   `productType`, shown once a category is chosen ✅, then the size `variants`, shown when the
 *   product type has sizes ✅; `brand` (exact names; "Other" for the rest) ✅, `condition` ✅,
 *   `colour` (up to two, each chosen colour a chip `button[aria-label="Remove <colour>"]`) ✅,
 *   the package size `shippingMethods` ✅. The category menu lists each category once per
 *   department, under the department's heading ✅; the headings' markup is ours ◐.
 * - Depop has no title: the description is the listing's text and its first line names it ✅
 *   (the product page's JSON-LD name); at most 1,000 characters, 5 hashtags, no e-mail
 *   addresses ✅; 1 to 8 photos ✅; a price of at least $1.00 ✅; shipping is Depop Shipping
 *   (the USPS radio, `usps__shipping__input`, with a package size) ✅ or the seller's own
 *   price ◐ (that input's markup is ours).
 * - condition labels "Brand new", "Like new", "Used - Excellent", "Used - Good", "Used - Fair" ◐
 *   (the five condition values of the Seller API ✅); the taxonomy here is a small part of
 *   Depop's, in its words ◐.
 * - one Post button sends the form ✅ (our "Save as a draft" button's test id is ours ◐); the
 *   tab then opens /products/<slug>/manage/, the seller's view of the new listing ✅, whose own
 *   address is /products/<slug>/ ✅; a slug is the shop's name, the first words of the
 *   description and a short suffix ✅ (`yumseller21-ivory-soho-pullover-brand-alo-ab33`).
 *   The page carries a JSON-LD Product (`script[data-testid=meta__jsonLd]`) ✅, the price as
 *   `p[aria-description=Price]` ✅ and "size • condition • brand" as
 *   `[data-testid=productPrimaryAttributes]` ✅; its heading is a name Depop makes up ✅.
 * - the seller's view offers Edit listing (/products/edit/<slug>/ ✅), Boost listing, Copy
 *   listing and Delete listing ✅; what the delete asks and where it leads is ours ◐.
 * - sold items are in the selling hub at /sellinghub/sold-items/ ✅, one row per receipt
 *   (`li[class*=receiptsListWrapper]` in a list) ✅ with a link `a[aria-label="View receipt
 *   <id>"]` to /sellinghub/sold-items/<id>/ ✅ (Depop's ids are numeric; the replica's are the
 *   kit's hex ids), the product's description ✅ and a "Sold on" date ✅; the product link in
 *   the row is ◐ (the receipt's drawer has it ✅).
 * - sign-in is /login/ with `#username`, `#password` and `button[data-testid=login__cta]` ✅; a
 *   turned-away browser gets a 403 "Forbidden - Depop" page, "Sorry, not authorized" ✅ (its
 *   markup is ours ◐); the human check is DataDome's ◐.
 */

const SITE = 'Depop';
/** The shop the replica's seller signs in to. */
export const DEPOP_REPLICA_SHOP = 'replica_seller';

export interface DepopProductType {
  label: string;
  /** The size menu's choices, or null where the product type has no sizes. */
  sizes: readonly string[] | null;
}

export interface DepopGroup {
  label: string;
  types: readonly DepopProductType[];
}

export interface DepopDepartment {
  label: string;
  groups: readonly DepopGroup[];
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'];
const US_SHOE_SIZES = Array.from({ length: 10 }, (_, i) => `US ${i + 4}`);
const sized = (labels: readonly string[], sizes: readonly string[] | null = LETTER_SIZES) =>
  labels.map((label) => ({ label, sizes }));

const apparel = (dresses: boolean): DepopGroup[] => [
  { label: 'Tops', types: sized(['T-shirts', 'Shirts', 'Jumpers', 'Hoodies']) },
  { label: 'Bottoms', types: sized(['Jeans', 'Trousers', 'Shorts']) },
  { label: 'Coats and jackets', types: sized(['Jackets', 'Coats']) },
  ...(dresses ? [{ label: 'Dresses', types: sized(['Dresses']) }] : []),
  { label: 'Swimwear', types: sized(['One-piece swimsuits', 'Bikinis']) },
  { label: 'Footwear', types: sized(['Trainers', 'Boots'], US_SHOE_SIZES) },
  { label: 'Bags and purses', types: sized(['Bags'], null) },
  { label: 'Accessories', types: sized(['Scarves', 'Hats'], null) },
];

/** The part of Depop's taxonomy the replica offers, as its menus name it ◐. */
export const DEPOP_TAXONOMY: readonly DepopDepartment[] = [
  { label: 'Women', groups: apparel(true) },
  { label: 'Men', groups: apparel(false) },
  { label: 'Kids', groups: apparel(true) },
  {
    label: 'Everything else',
    groups: [
      { label: 'Electronics', types: sized(['Cameras'], null) },
      { label: 'Home', types: sized(['Vases'], null) },
      { label: 'Music', types: sized(['Vinyl'], null) },
    ],
  },
];

export const DEPOP_WEB_CONDITIONS = [
  'Brand new',
  'Like new',
  'Used - Excellent',
  'Used - Good',
  'Used - Fair',
];
/** ✅ The Seller API's colours, as the menu names them ◐. */
export const DEPOP_COLOURS = [
  'Black',
  'Grey',
  'White',
  'Brown',
  'Tan',
  'Cream',
  'Yellow',
  'Red',
  'Burgundy',
  'Orange',
  'Pink',
  'Purple',
  'Blue',
  'Navy',
  'Green',
  'Khaki',
  'Multi',
  'Silver',
  'Gold',
];
export const DEPOP_BRANDS = [
  'Levi’s',
  'Nike',
  'Adidas',
  'Carhartt',
  'Ralph Lauren',
  'Patagonia',
  'Zara',
  'J.Crew',
  'Other',
];
/** ◐ Depop Shipping's package sizes (US), by the weight they take. */
export const DEPOP_PACKAGE_SIZES = [
  'Extra extra small (under 4 oz)',
  'Extra small (under 8 oz)',
  'Small (under 12 oz)',
  'Medium (under 1 lb)',
  'Large (under 2 lb)',
  'Extra large (under 10 lb)',
];
const DEPOP_SHIPPING = 'Depop Shipping';
const OWN_SHIPPING = 'Ship it yourself';

const MAX_PHOTOS = 8;
const DESCRIPTION_MAX = 1000;
const HASHTAGS_MAX = 5;
const COLOURS_MAX = 2;
const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
const EMAIL = /[^\s@]+@[^\s@]+\.[A-Za-z]{2,}/;

function productTypeOf(department: string, group: string, type: string) {
  return DEPOP_TAXONOMY.find((d) => d.label === department)
    ?.groups.find((g) => g.label === group)
    ?.types.find((t) => t.label === type);
}

/** A slug as Depop makes them: the shop, the description's first words, a short suffix. */
function depopSlug(description: string): string {
  const words = (description.split('\n')[0] ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 6);
  const suffix = crypto.randomBytes(2).toString('hex');
  return [DEPOP_REPLICA_SHOP, ...words, suffix].join('-');
}

export const depopListingPath = (listing: ReplicaListing) => `/products/${listing.id}/`;
const SLUG = '([A-Za-z0-9_-]+)';

/**
 * The replica's own page script: Depop's comboboxes. Typing filters a menu, a choice fills the
 * input (or, for colours, adds a chip) and the hidden field the form sends; the category's
 * choice opens the product types, the product type's the sizes it has. Wired by
 * `data-replica-combobox`, which Depop's pages do not have.
 */
const COMBOBOX_SCRIPT = `
(() => {
  const form = document.querySelector('form[data-replica-form]');
  const taxonomyNode = document.getElementById('replica-taxonomy');
  if (!form || !taxonomyNode) return;
  const taxonomy = JSON.parse(taxonomyNode.textContent || '[]');
  const department = form.querySelector('input[type=hidden][name=department]');
  const valueOf = (name) => {
    const input = form.querySelector('input[type=hidden][name="' + name + '"]');
    return input ? input.value : '';
  };
  const boxes = {};
  for (const box of form.querySelectorAll('[data-replica-combobox]')) {
    boxes[box.getAttribute('data-replica-combobox')] = box;
  }
  const typesOf = () => {
    const department = taxonomy.find((d) => d.label === valueOf('department'));
    const group = department && department.groups.find((g) => g.label === valueOf('group'));
    return group ? group.types : [];
  };
  const sections = (name) => {
    if (name === 'group') {
      return taxonomy.map((d) => ({ heading: d.label, options: d.groups.map((g) => g.label) }));
    }
    if (name === 'productType') return [{ heading: null, options: typesOf().map((t) => t.label) }];
    if (name === 'variants') {
      const type = typesOf().find((t) => t.label === valueOf('productType'));
      return [{ heading: null, options: (type && type.sizes) || [] }];
    }
    return [{ heading: null, options: JSON.parse(boxes[name].getAttribute('data-options') || '[]') }];
  };
  const own = (name) => boxes[name].querySelector('input[type=hidden]');
  const reset = (name) => {
    boxes[name].querySelector('input[role=combobox]').value = '';
    own(name).value = '';
  };
  const addChip = (name, value) => {
    const box = boxes[name];
    const chosen = [...box.querySelectorAll('input[type=hidden]')].map((i) => i.value);
    const max = Number(box.getAttribute('data-max') || '1');
    if (chosen.includes(value) || chosen.length >= max) return;
    const chip = document.createElement('button');
    chip.type = 'button';
    chip.setAttribute('aria-label', 'Remove ' + value);
    chip.textContent = value + ' ×';
    const hidden = document.createElement('input');
    hidden.type = 'hidden';
    hidden.name = name;
    hidden.value = value;
    chip.addEventListener('click', () => { chip.remove(); hidden.remove(); });
    box.querySelector('.chips').appendChild(chip);
    box.appendChild(hidden);
  };
  const choose = (name, value, heading) => {
    const box = boxes[name];
    const input = box.querySelector('input[role=combobox]');
    if (box.hasAttribute('data-multiple')) {
      addChip(name, value);
      input.value = '';
    } else {
      input.value = value;
      own(name).value = value;
    }
    if (name === 'group') {
      department.value = heading;
      reset('productType');
      reset('variants');
      boxes.productType.hidden = false;
      boxes.variants.hidden = true;
    }
    if (name === 'productType') {
      reset('variants');
      const type = typesOf().find((t) => t.label === value);
      boxes.variants.hidden = !(type && type.sizes);
    }
    box.querySelector('[role=listbox]').hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };
  const render = (name, filter) => {
    const box = boxes[name];
    const menu = box.querySelector('[role=listbox]');
    menu.innerHTML = '';
    const wanted = (filter || '').trim().toLowerCase();
    let index = 0;
    for (const section of sections(name)) {
      let parent = menu;
      if (section.heading) {
        const group = document.createElement('li');
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', section.heading);
        const title = document.createElement('p');
        title.className = 'menuHeading';
        title.textContent = section.heading;
        parent = document.createElement('ul');
        parent.setAttribute('role', 'none');
        group.append(title, parent);
        menu.appendChild(group);
      }
      for (const label of section.options) {
        if (wanted && !label.toLowerCase().includes(wanted)) continue;
        const option = document.createElement('li');
        option.setAttribute('role', 'option');
        option.id = name + '-item-' + index++;
        option.textContent = label;
        option.addEventListener('click', () => choose(name, label, section.heading));
        parent.appendChild(option);
      }
    }
    menu.hidden = false;
    box.querySelector('input[role=combobox]').setAttribute('aria-expanded', 'true');
  };
  for (const [name, box] of Object.entries(boxes)) {
    const input = box.querySelector('input[role=combobox]');
    input.addEventListener('click', () => render(name, ''));
    input.addEventListener('input', () => render(name, input.value));
    for (const chip of box.querySelectorAll('button[aria-label^="Remove "]')) {
      chip.addEventListener('click', () => {
        const value = chip.getAttribute('aria-label').slice('Remove '.length);
        const hidden = box.querySelector('input[type=hidden][value="' + value + '"]');
        chip.remove();
        if (hidden) hidden.remove();
      });
    }
  }
})();
`;

/** The form's fields, its text with the line breaks a person typed (browsers send CRLF). */
function sentFields(request: ReplicaRequest): FormFields {
  const fields = formFields(request);
  const description = fields.description;
  if (typeof description === 'string') fields.description = description.replace(/\r\n?/g, '\n');
  return fields;
}

function header(): SafeHtml {
  return html`<header>
    <a href="/">Depop</a> · <a href="/${DEPOP_REPLICA_SHOP}/">Shop</a> ·
    <a href="/sellinghub/sold-items/">Sold items</a> · <a href="/products/create/">Sell</a>
    <button type="button" data-testid="userNavItem-wrapper">${DEPOP_REPLICA_SHOP}</button>
  </header>`;
}

const sitePage = sitePages(SITE, header);

function signInPage(): string {
  return replicaPage(
    SITE,
    'Log in',
    html`<main>
      <h1>Sign up or log in</h1>
      <form action="/login/" method="post">
        <label
          >Username or email<input id="username" name="username" autocomplete="username"
        /></label>
        <label
          >Password<input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
        /></label>
        <button type="submit" data-testid="login__cta">Log in</button>
      </form>
    </main>`,
  );
}

function captchaPage(): string {
  return replicaPage(
    SITE,
    'depop.com',
    html`<main>
      <iframe title="DataDome CAPTCHA" src="about:blank" width="360" height="500"></iframe>
    </main>`,
  );
}

function forbiddenPage(message: string): ReplicaAnswer {
  return {
    status: 403,
    html: replicaPage(
      SITE,
      'Forbidden - Depop',
      html`<main id="forbidden">
        <h1>Sorry, not authorized</h1>
        <p data-testid="forbidden__message">${message}</p>
      </main>`,
    ),
  };
}

/** One of Depop's comboboxes: `#<id>-input` controls `#<id>-menu`. */
function combobox(input: {
  id: string;
  label: string;
  /** The hidden field it fills; several hidden fields for a multiple choice. */
  name: string;
  values: readonly string[];
  options?: readonly string[];
  shown?: boolean;
  multiple?: number;
}): SafeHtml {
  const multiple = input.multiple !== undefined;
  return html`<div
    class="combobox"
    data-replica-combobox="${input.id}"
    data-options="${JSON.stringify(input.options ?? [])}"
    ${multiple ? html`data-multiple data-max="${input.multiple}"` : ''}
    ${input.shown === false ? 'hidden' : ''}
  >
    <label for="${input.id}-input">${input.label}</label>
    <input
      id="${input.id}-input"
      role="combobox"
      aria-controls="${input.id}-menu"
      aria-expanded="false"
      autocomplete="off"
      value="${multiple ? '' : (input.values[0] ?? '')}"
    />
    <ul id="${input.id}-menu" role="listbox" hidden></ul>
    ${
      multiple
        ? html`<div class="chips">
              ${input.values.map(
                (v) => html`<button type="button" aria-label="Remove ${v}">${v} ×</button>`,
              )}
            </div>
            ${input.values.map((v) => html`<input type="hidden" name="${input.name}" value="${v}" />`)}`
        : html`<input type="hidden" name="${input.name}" value="${input.values[0] ?? ''}" />`
    }
    <p class="fieldError" data-replica-error="${input.name}"></p>
  </div>`;
}

function listingForm(mode: 'create' | 'edit', listing?: ReplicaListing): string {
  const fields: FormFields = listing?.fields ?? {};
  const v = (name: string) => firstOf(fields, name);
  const type = productTypeOf(v('department'), v('group'), v('productType'));
  const action = mode === 'create' ? '/api/products/' : `/api/products/${listing!.id}/`;
  const shipping = v('shipping');
  const body = html`<main class="listingForm">
      <h1>${mode === 'create' ? 'List an item' : 'Edit listing'}</h1>
      <form data-replica-form action="${action}">
        <div role="alert" data-testid="listingForm__error" data-replica-alert hidden></div>
        <section>
          <h2>Photos</h2>
          <p>Add up to 8 photos. The first 4 are shown first.</p>
          <input
            id="upload-input__input"
            data-testid="upload-input__input"
            type="file"
            name="pictures"
            accept="image/jpeg,image/png,image/webp"
            multiple
          />
          <p class="fieldError" data-replica-error="pictures"></p>
        </section>
        <label for="description">Description</label>
        <textarea
          id="description"
          name="description"
          placeholder="e.g. small grey Nike t-shirt, only worn a few times"
        >
${v('description')}</textarea>
        <p class="fieldError" data-replica-error="description"></p>
        <script type="application/json" id="replica-taxonomy">
          ${new SafeHtml(JSON.stringify(DEPOP_TAXONOMY).replace(/</g, '\\u003c'))}
        </script>
        <input type="hidden" name="department" value="${v('department')}" />
        ${combobox({ id: 'group', label: 'Category', name: 'group', values: [v('group')] })}
        ${combobox({
          id: 'productType',
          label: 'Subcategory',
          name: 'productType',
          values: [v('productType')],
          shown: !!v('group'),
        })}
        ${combobox({
          id: 'variants',
          label: 'Size',
          name: 'size',
          values: [v('size')],
          shown: !!type?.sizes,
        })}
        ${combobox({
          id: 'brand',
          label: 'Brand',
          name: 'brand',
          values: [v('brand')],
          options: DEPOP_BRANDS,
        })}
        ${combobox({
          id: 'condition',
          label: 'Condition',
          name: 'condition',
          values: [v('condition')],
          options: DEPOP_WEB_CONDITIONS,
        })}
        ${combobox({
          id: 'colour',
          label: 'Colour',
          name: 'colour',
          values: allOf(fields, 'colour'),
          options: DEPOP_COLOURS,
          multiple: COLOURS_MAX,
        })}
        <label for="priceAmount__input">Item price</label>
        <input
          id="priceAmount__input"
          data-testid="priceAmount__input"
          name="priceAmount"
          inputmode="decimal"
          value="${v('priceAmount')}"
        />
        <p class="fieldError" data-replica-error="priceAmount"></p>
        <fieldset data-testid="shippingOptions">
          <legend>Shipping</legend>
          <label
            ><input
              type="radio"
              name="shipping"
              value="${DEPOP_SHIPPING}"
              data-testid="usps__shipping__input"
              ${shipping === DEPOP_SHIPPING ? 'checked' : ''}
            />${DEPOP_SHIPPING}</label
          >
          <label
            ><input
              type="radio"
              name="shipping"
              value="${OWN_SHIPPING}"
              data-testid="manual__shipping__input"
              ${shipping === OWN_SHIPPING ? 'checked' : ''}
            />${OWN_SHIPPING}</label
          >
          <p class="fieldError" data-replica-error="shipping"></p>
        </fieldset>
        ${combobox({
          id: 'shippingMethods',
          label: 'Package size',
          name: 'packageSize',
          values: [v('packageSize')],
          options: DEPOP_PACKAGE_SIZES,
        })}
        <label for="nationalShippingCost__input">Shipping price</label>
        <input
          id="nationalShippingCost__input"
          name="nationalShippingCost"
          inputmode="decimal"
          value="${v('nationalShippingCost')}"
        />
        <p class="fieldError" data-replica-error="nationalShippingCost"></p>
        ${
          mode === 'create'
            ? html`<button type="submit">Post</button>
                <button type="button" data-testid="saveDraft__button">Save as a draft</button>`
            : html`<button type="submit" data-testid="saveChanges__button">Save changes</button>`
        }
      </form>
    </main>
    <script>
      ${new SafeHtml(COMBOBOX_SCRIPT)};
    </script>`;
  return sitePage(mode === 'create' ? 'Sell an item | Depop' : 'Edit listing | Depop', body);
}

function changedLayoutPage(): string {
  // Depop redesigned its form: the same words, none of the ids the adapter knows.
  return sitePage(
    'Sell an item | Depop',
    html`<main class="sellFlowV2">
      <h1>What are you selling?</h1>
      <textarea aria-label="Describe your item"></textarea>
      <button type="button">Continue</button>
    </main>`,
  );
}

/** The name Depop makes up for a product: brand, department, colour, product type. */
function madeUpName(fields: FormFields): string {
  return [
    firstOf(fields, 'brand'),
    firstOf(fields, 'department'),
    allOf(fields, 'colour')[0],
    firstOf(fields, 'productType'),
  ]
    .filter(Boolean)
    .join(' ');
}

function listingPage(listing: ReplicaListing, seller: boolean, manage: boolean): string {
  const f = listing.fields;
  const firstLine = (firstOf(f, 'description').split('\n')[0] ?? '').trim();
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: firstLine,
    description: firstOf(f, 'description'),
    offers: { '@type': 'Offer', price: firstOf(f, 'priceAmount'), priceCurrency: 'USD' },
  };
  const attributes = [
    firstOf(f, 'size') && `Size ${firstOf(f, 'size')}`,
    firstOf(f, 'condition'),
    firstOf(f, 'brand'),
  ].filter(Boolean);
  return sitePage(
    `${madeUpName(f)} | Depop`,
    html`<main class="productPage">
      <script type="application/ld+json" data-testid="meta__jsonLd">
        ${new SafeHtml(JSON.stringify(jsonLd).replace(/</g, '\\u003c'))}
      </script>
      <h1>${madeUpName(f)}</h1>
      <p aria-description="Price">$${Number(firstOf(f, 'priceAmount')).toFixed(2)}</p>
      <div data-testid="productPrimaryAttributes">${attributes.join(' • ')}</div>
      <p class="productDescription">${firstOf(f, 'description')}</p>
      ${listing.status === 'sold' ? html`<p class="soldBadge">Sold</p>` : ''}
      <a aria-label="${DEPOP_REPLICA_SHOP}'s shop" href="/${DEPOP_REPLICA_SHOP}/"
        >${DEPOP_REPLICA_SHOP}</a
      >
      ${
        seller && listing.status === 'active'
          ? html`<div class="sellerActions">
              ${manage ? html`<p>Listed ${timeAgo(listing.createdAt)}</p>` : ''}
              <a href="/products/edit/${listing.id}/" data-testid="editListing__button"
                >Edit listing</a
              >
              <button type="button">Boost listing</button>
              <button type="button">Copy listing</button>
              <button
                type="button"
                data-testid="deleteListing__button"
                data-replica-reveal="delete-listing"
              >
                Delete listing
              </button>
              <div id="delete-listing" role="dialog" aria-label="Delete listing" hidden>
                <p>Are you sure you want to delete this listing? This can't be undone.</p>
                <button
                  type="button"
                  data-testid="deleteListingModal__confirm"
                  data-replica-post="/api/products/${listing.id}/delete/"
                >
                  Delete
                </button>
              </div>
            </div>`
          : ''
      }
    </main>`,
  );
}

function timeAgo(date: Date): string {
  return `${Math.max(0, Math.round((Date.now() - date.getTime()) / 60000))} minutes ago`;
}

function shopPage(state: ReplicaState, deleted: boolean): string {
  return sitePage(
    `${DEPOP_REPLICA_SHOP} | Depop`,
    html`<main class="shop">
      ${deleted ? html`<div role="status" data-testid="toast">Listing deleted</div>` : ''}
      <h1>${DEPOP_REPLICA_SHOP}</h1>
      <a href="/products/create/">Sell now</a>
      <div class="shopGrid">
        ${state
          .active()
          .map(
            (l) =>
              html`<a
                href="${depopListingPath(l)}"
                aria-label="item listed by ${DEPOP_REPLICA_SHOP}"
              ></a>`,
          )}
      </div>
    </main>`,
  );
}

function soldItemsPage(state: ReplicaState): string {
  const usDate = (d: Date) =>
    `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
  return sitePage(
    'Sold items | Depop',
    html`<main class="sellingHub">
      <h1>Sold items</h1>
      <ul role="list" class="styles_receiptsList__Xk2p1">
        ${state.sales.map((sale) => {
          const listing = state.listings.get(sale.listingId);
          return html`<li role="listitem" class="styles_receiptsListWrapper__bdK1V">
            <a
              aria-label="View receipt ${sale.orderId}"
              href="/sellinghub/sold-items/${sale.orderId}/"
            ></a>
            ${
              listing
                ? html`<a class="styles_receiptProduct__p9QeL" href="${depopListingPath(listing)}"
                    ><p data-testid="receipt-product-description">
                      ${(sale.title.split('\n')[0] ?? '').trim()}
                    </p></a
                  >`
                : ''
            }
            <p class="styles_receiptPrice__y_j2_">$${sale.price.toFixed(2)}</p>
            <span class="styles_soldOnText__LXzWM">Sold on</span>
            <span>${usDate(sale.soldAt)}</span>
            <div data-testid="receipt__shipping_status">Awaiting shipping</div>
          </li>`;
        })}
      </ul>
    </main>`,
  );
}

const validate: ValidateListing = (fields, photoCount, creating) => {
  const errors: Record<string, string> = {};
  if (creating && photoCount < 1) errors.pictures = 'Add at least 1 photo.';
  if (photoCount > MAX_PHOTOS) errors.pictures = `You can add up to ${MAX_PHOTOS} photos.`;
  const description = firstOf(fields, 'description');
  if (!description) errors.description = 'Add a description.';
  else if ([...description].length > DESCRIPTION_MAX) {
    errors.description = `Descriptions can be up to ${DESCRIPTION_MAX} characters.`;
  } else if ((description.match(HASHTAG) ?? []).length > HASHTAGS_MAX) {
    errors.description = `You can use up to ${HASHTAGS_MAX} hashtags.`;
  } else if (EMAIL.test(description)) errors.description = 'Email addresses are not allowed.';
  const type = productTypeOf(
    firstOf(fields, 'department'),
    firstOf(fields, 'group'),
    firstOf(fields, 'productType'),
  );
  if (!type) errors.group = 'Choose a category.';
  else if (type.sizes && !type.sizes.includes(firstOf(fields, 'size')))
    errors.size = 'Choose a size.';
  if (!DEPOP_WEB_CONDITIONS.includes(firstOf(fields, 'condition')))
    errors.condition = 'Choose a condition.';
  const brand = firstOf(fields, 'brand');
  if (brand && !DEPOP_BRANDS.includes(brand)) errors.brand = 'Choose a brand from the list.';
  if (allOf(fields, 'colour').length > COLOURS_MAX) {
    errors.colour = `You can choose up to ${COLOURS_MAX} colours.`;
  }
  if (!isPrice(firstOf(fields, 'priceAmount')) || Number(firstOf(fields, 'priceAmount')) < 1) {
    errors.priceAmount = 'Price must be at least $1.00.';
  }
  const shipping = firstOf(fields, 'shipping');
  if (shipping === DEPOP_SHIPPING) {
    if (!DEPOP_PACKAGE_SIZES.includes(firstOf(fields, 'packageSize'))) {
      errors.packageSize = 'Choose a package size.';
    }
  } else if (shipping === OWN_SHIPPING) {
    const cost = firstOf(fields, 'nationalShippingCost');
    if (!/^\d+(\.\d{1,2})?$/.test(cost)) errors.nationalShippingCost = 'Enter a shipping price.';
  } else errors.shipping = 'Choose how you’ll ship this item.';
  return errors;
};

/** The Depop (website) replica; `state` is what the tests read and steer. */
export function depopReplica(): ReplicaSite {
  // A slug is made from the description, as Depop names its products.
  const state = new ReplicaState((fields) => depopSlug(firstOf(fields, 'description')), {
    title: 'description',
    price: 'priceAmount',
  });
  const seller = route.sellerGate(state, {
    signIn: (back) => `/login/?redirect=${encodeURIComponent(back)}`,
    captcha: () => ok(captchaPage()),
    captchaFirst: true,
  });
  const answer = (listing: ReplicaListing) => accepted(`${depopListingPath(listing)}manage/`);

  return {
    marketplace: 'depop',
    hosts: ['depop.com', 'www.depop.com'],
    state,
    async handle(request) {
      const { method, path } = request;
      if (method === 'GET' && path === '/login/') return ok(signInPage());
      if (method === 'POST' && path === '/login/') return route.signInAnswer(state, '/');
      if (method === 'GET' && path === '/')
        return ok(sitePage('Depop', html`<main><h1>Depop</h1></main>`));
      if (method === 'GET' && path === '/products/create/') {
        return seller(request, () =>
          route.sellFormAnswer(state, {
            blocked: forbiddenPage,
            changed: changedLayoutPage,
            form: () => listingForm('create'),
          }),
        );
      }
      if (method === 'POST' && path === '/api/products/') {
        if (!request.signedIn) return route.unauthorised();
        if (state.blocked) return refused({ form: state.blocked });
        return route.createFromForm(request, state, {
          photoField: 'pictures',
          fields: sentFields,
          validate,
          answer,
        });
      }
      const editMatch = new RegExp(`^/products/edit/${SLUG}/$`).exec(path);
      if (method === 'GET' && editMatch) {
        return seller(request, () => {
          const listing = state.find(editMatch[1]);
          if (!listing || listing.status !== 'active') return notFound(SITE);
          return ok(listingForm('edit', listing));
        });
      }
      const manageMatch = new RegExp(`^/products/${SLUG}/manage/$`).exec(path);
      if (method === 'GET' && manageMatch) {
        return seller(request, () =>
          route.listingAnswer(SITE, state.find(manageMatch[1]), (l) => listingPage(l, true, true)),
        );
      }
      const listingMatch = new RegExp(`^/products/${SLUG}/$`).exec(path);
      if (method === 'GET' && listingMatch && listingMatch[1] !== 'create') {
        if (state.captcha) return ok(captchaPage());
        return route.listingAnswer(SITE, state.find(listingMatch[1]), (l) =>
          listingPage(l, request.signedIn, false),
        );
      }
      const updateMatch = new RegExp(`^/api/products/${SLUG}/$`).exec(path);
      if (method === 'POST' && updateMatch) {
        if (!request.signedIn) return route.unauthorised();
        return route.updateFromForm(request, state.find(updateMatch[1]), {
          gone: 'This item is no longer available.',
          // A multiple choice the seller emptied is absent from the form: take the sent ones.
          fields: (stored, sent) => ({ ...stored, colour: [], ...sentFields(sent) }),
          validate,
          answer,
        });
      }
      const deleteMatch = new RegExp(`^/api/products/${SLUG}/delete/$`).exec(path);
      if (method === 'POST' && deleteMatch) {
        if (!request.signedIn) return route.unauthorised();
        state.delete(deleteMatch[1]);
        return accepted(`/${DEPOP_REPLICA_SHOP}/?deleted=1`);
      }
      if (method === 'GET' && path === `/${DEPOP_REPLICA_SHOP}/`) {
        return ok(shopPage(state, request.query.get('deleted') === '1'));
      }
      if (method === 'GET' && path === '/sellinghub/sold-items/') {
        return seller(request, () => ok(soldItemsPage(state)));
      }
      return notFound(SITE);
    },
  };
}
