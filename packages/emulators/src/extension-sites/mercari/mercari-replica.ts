import { numericId, ReplicaState, fieldOf, type ReplicaListing } from '../replica';
import {
  accepted,
  firstOf,
  html,
  notFound,
  ok,
  options,
  picker,
  recaptchaPage,
  replicaPage,
  sitePages,
  SafeHtml,
  type PickerOption,
  type ValidateListing,
} from '../replica-kit';
import * as route from '../replica-routes';
import type { ReplicaSite } from '../replica-server';

/**
 * Mercari's (US) seller pages as far as the public facts go (✅ read in open-source tools that
 * drive the live site, ◐ inferred or described second-hand):
 * - the sell form is /sell/ ✅ and a signed-out visitor lands on /login/ ✅; its controls carry
 *   `data-testid`s ✅: SellPhotoInput (hidden), Title, Description, SellCategoryFieldButton (a
 *   three-level category picker whose button then reads the path ✅), Brand (typed, then chosen
 *   among role=option results, "No brand / Not sure" first ✅), the five condition radios
 *   ConditionNew … ConditionPoor named sellCondition with ids 1–5 ✅, MercariShipping (the
 *   prepaid label, radio #MERCARI named deliveryOptions ✅) or ShipOnYourOwn ✅, the label's
 *   ItemWeightInPounds / ItemWeightInOunces and ShippingPayerOption ("Yes (Recommended)" / "No")
 *   ✅, Price (#Price, sellPrice) ✅ and ListButton ✅. The site asks the weight and payer in a
 *   dialog ✅; here they sit in the form ◐. The own-shipping fee (ShippingFee) is ◐, and so are
 *   where the options render (a listbox beside their control) and the refusals' words.
 * - limits: title 80 ✅, description 1,000 ✅, 12 photos ✅, whole-dollar prices from $1 to
 *   $2,000 ◐; a listing is one item ✅. Photos go up with the form here; the site uploads them
 *   as they are chosen ✅ (the model keeps one request).
 * - after "List" the page stays under /sell/ on a confirmation ✅, here /sell/complete/<id>/
 *   linking to the item ◐; a refusal says the item "could not be listed" ✅.
 * - items live at /us/item/m<11 digits>/ ✅ (ItemName, ItemPrice, ItemDescription ◐); the edit
 *   form is /sell/edit/<id>/ ✅, where Delete asks for a confirmation ◐ and leads to the active
 *   listings (/mypage/listings/active/ ✅) with a notice ◐.
 * - sales show under /mypage/listings/in_progress/ ✅ as links to their items ✅; an order is
 *   known by its item's id ✅.
 * - the sell form carries an invisible reCAPTCHA v3 ✅ (its badge, an iframe titled
 *   "reCAPTCHA", is modelled: it is not a stop); its challenge is the captcha page ◐. The
 *   listing cap ✅ shows as ListingLimitReached ◐.
 */

const SITE = 'Mercari';
const TITLE_MAX = 80;
const DESCRIPTION_MAX = 1000;
const PHOTOS_MAX = 12;
const PRICE_MIN = 1;
const PRICE_MAX = 2000;
const NO_BRAND = 'No brand / Not sure';
const PREPAID = 'MERCARI';
const OWN = 'SHIP_ON_YOUR_OWN';

export const MERCARI_CATEGORIES: PickerOption[] = [
  {
    label: 'Electronics',
    children: [
      {
        label: 'Video Games & Consoles',
        children: options(['Video Games', 'Consoles', 'Accessories']),
      },
      { label: 'Computers & Laptops', children: options(['Laptops', 'Desktops', 'Monitors']) },
    ],
  },
  {
    label: 'Toys & Collectibles',
    children: [
      { label: 'Trading Cards', children: options(['Single Cards', 'Sealed Packs']) },
      { label: 'Building Toys', children: options(['Building Sets', 'Minifigures']) },
    ],
  },
  {
    label: 'Women',
    children: [
      { label: 'Tops & blouses', children: options(['Blouses', 'T-shirts', 'Tank tops']) },
      { label: 'Coats & jackets', children: options(['Fleece jackets', 'Puffers', 'Denim']) },
    ],
  },
  {
    label: 'Men',
    children: [
      { label: 'Tops', children: options(['T-shirts', 'Button-front shirts', 'Polos']) },
      { label: 'Shoes', children: options(['Sneakers', 'Boots']) },
    ],
  },
];

export const MERCARI_BRANDS = [
  NO_BRAND,
  'Nintendo',
  'Sony',
  'Microsoft',
  'Apple',
  'Pokémon',
  'LEGO',
  'Funko',
  'Nike',
  'Adidas',
  "Levi's",
  'Patagonia',
  'Lululemon',
  'Coach',
];

const CONDITIONS = [
  { id: '1', testid: 'ConditionNew', label: 'New' },
  { id: '2', testid: 'ConditionLikeNew', label: 'Like new' },
  { id: '3', testid: 'ConditionGood', label: 'Good' },
  { id: '4', testid: 'ConditionFair', label: 'Fair' },
  { id: '5', testid: 'ConditionPoor', label: 'Poor' },
];

const SELLER_PAYS = 'Yes (Recommended)';
const BUYER_PAYS = 'No';

/** Every leaf path of the category tree ("A > B > C"). */
function leafPaths(tree: PickerOption[], trail: string[] = []): string[] {
  return tree.flatMap((option) =>
    option.children?.length
      ? leafPaths(option.children, [...trail, option.label])
      : [[...trail, option.label].join(' > ')],
  );
}
const CATEGORY_PATHS = new Set(leafPaths(MERCARI_CATEGORIES));

export const mercariItemPath = (listing: ReplicaListing) => `/us/item/${listing.id}/`;

/**
 * The brand field's own behaviour: typing filters the brands into a listbox beside it, and
 * choosing one fills the field and the value the form sends. Typing again un-chooses, as a
 * brand must come from the list.
 */
const BRAND_SCRIPT = new SafeHtml(`<script>
(() => {
  for (const box of document.querySelectorAll('[data-replica-combobox]')) {
    const brands = JSON.parse(box.getAttribute('data-options') || '[]');
    const input = box.querySelector('input[type=text]');
    const chosen = box.querySelector('input[type=hidden]');
    const list = box.querySelector('[role=listbox]');
    const render = () => {
      const typed = input.value.trim().toLowerCase();
      list.innerHTML = '';
      for (const label of brands) {
        if (typed && !label.toLowerCase().includes(typed)) continue;
        const item = document.createElement('li');
        item.setAttribute('role', 'option');
        item.textContent = label;
        item.addEventListener('click', () => {
          input.value = label;
          chosen.value = label === ${JSON.stringify(NO_BRAND)} ? '' : label;
          list.hidden = true;
        });
        list.appendChild(item);
      }
      list.hidden = false;
    };
    input.addEventListener('click', render);
    input.addEventListener('input', () => { chosen.value = ''; render(); });
  }
})();
</script>`);

function header(): SafeHtml {
  return html`<header class="mercari-header">
    <a href="/">Mercari</a> · <a href="/sell/">Sell</a> ·
    <a href="/mypage/listings/active/">Listings</a>
  </header>`;
}

const sitePage = sitePages(SITE, header);

function listingTabs(current: 'active' | 'in_progress'): SafeHtml {
  const tab = (key: string, label: string) =>
    html`<a
      href="/mypage/listings/${key}/"
      ${current === key ? new SafeHtml('aria-current="page"') : ''}
      >${label}</a
    >`;
  return html`<nav aria-label="Listings">
    ${tab('active', 'Active')} · ${tab('inactive', 'Inactive')} ·
    ${tab('in_progress', 'In progress')} · ${tab('complete', 'Complete')}
  </nav>`;
}

function signInPage(): string {
  return replicaPage(
    SITE,
    'Log in | Mercari',
    html`<main>
      <h1>Log in to Mercari</h1>
      <form action="/login/" method="post">
        <label>Email<input type="email" name="email" autocomplete="username" /></label>
        <label
          >Password<input type="password" name="password" autocomplete="current-password"
        /></label>
        <button type="submit">Log in</button>
      </form>
    </main>`,
  );
}

function captchaPage(): string {
  return recaptchaPage(
    SITE,
    'Mercari',
    'Please confirm you are not a robot',
    'recaptcha challenge expires in two minutes',
  );
}

/** The invisible reCAPTCHA v3 on the sell form: scored in the background, never a stop. */
function recaptchaBadge(): SafeHtml {
  return html`<div class="grecaptcha-badge">
    <iframe title="reCAPTCHA" src="about:blank"></iframe>
  </div>`;
}

function listingForm(mode: 'create' | 'edit', listing?: ReplicaListing): string {
  const value = (name: string) => (listing ? fieldOf(listing, name) : '');
  const action = mode === 'create' ? '/v1/api/sell' : `/v1/api/sell/${listing!.id}`;
  const checked = (yes: boolean) => (yes ? new SafeHtml('checked') : '');
  const brand = value('sellBrand');
  const errorSlot = (field: string) =>
    html`<p class="error" data-testid="FieldError" data-replica-error="${field}"></p>`;
  const body = html`<main class="sell-page">
      <h1>${mode === 'create' ? 'List an item' : 'Edit your listing'}</h1>
      <form data-replica-form action="${action}">
        <div role="alert" class="error" data-replica-alert hidden></div>
        <section>
          <h2>Photos</h2>
          <p>Add up to 12 photos.</p>
          <input
            data-testid="SellPhotoInput"
            type="file"
            name="photos"
            accept="image/*"
            multiple
            hidden
          />
          ${errorSlot('photos')}
        </section>
        <label
          >Title<input
            data-testid="Title"
            id="sellName"
            name="sellName"
            maxlength="${TITLE_MAX}"
            value="${value('sellName')}"
        /></label>
        ${errorSlot('sellName')}
        <label
          >Description<textarea
            data-testid="Description"
            id="sellDescription"
            name="sellDescription"
            maxlength="${DESCRIPTION_MAX}"
          >
${value('sellDescription')}</textarea>
        </label>
        ${errorSlot('sellDescription')}
        <div>
          <span>Category</span>
          ${picker({
            name: 'sellCategory',
            options: MERCARI_CATEGORIES,
            trigger: html`<button
              type="button"
              data-testid="SellCategoryFieldButton"
              data-replica-open
            >
              ${value('sellCategory') || 'Select category'}
            </button>`,
          })}
          ${errorSlot('sellCategory')}
        </div>
        <div data-replica-combobox data-options="${JSON.stringify(MERCARI_BRANDS)}">
          <label for="sellBrandId">Brand</label>
          <input
            type="text"
            data-testid="Brand"
            id="sellBrandId"
            autocomplete="off"
            placeholder="Search brand"
            value="${brand}"
          />
          <ul role="listbox" aria-label="Brands" hidden></ul>
          <input type="hidden" name="sellBrand" value="${brand}" />
          ${errorSlot('sellBrand')}
        </div>
        <fieldset>
          <legend>Condition</legend>
          ${CONDITIONS.map(
            (c) =>
              html`<label data-testid="${c.testid}"
                ><input
                  type="radio"
                  name="sellCondition"
                  id="${c.id}"
                  value="${c.id}"
                  ${checked(value('sellCondition') === c.id)}
                />${c.label}</label
              >`,
          )}
          ${errorSlot('sellCondition')}
        </fieldset>
        <fieldset>
          <legend>Shipping</legend>
          <label data-testid="MercariShipping"
            ><input
              type="radio"
              name="deliveryOptions"
              id="MERCARI"
              value="${PREPAID}"
              ${checked(value('deliveryOptions') === PREPAID)}
            />Prepaid label</label
          >
          <label data-testid="ShipOnYourOwn"
            ><input
              type="radio"
              name="deliveryOptions"
              value="${OWN}"
              ${checked(value('deliveryOptions') === OWN)}
            />Ship on your own</label
          >
          ${errorSlot('deliveryOptions')}
          <label
            >Weight (lb)<input
              data-testid="ItemWeightInPounds"
              name="itemWeightPounds"
              inputmode="numeric"
              value="${value('itemWeightPounds')}"
          /></label>
          <label
            >Weight (oz)<input
              data-testid="ItemWeightInOunces"
              name="itemWeightOunces"
              inputmode="numeric"
              value="${value('itemWeightOunces')}"
          /></label>
          ${errorSlot('itemWeight')}
          <label
            >Offer free shipping?<select data-testid="ShippingPayerOption" name="shippingPayer">
              <option value="">Select</option>
              ${[SELLER_PAYS, BUYER_PAYS].map(
                (answer) =>
                  html`<option
                    value="${answer}"
                    ${value('shippingPayer') === answer ? new SafeHtml('selected') : ''}
                  >
                    ${answer}
                  </option>`,
              )}
            </select></label
          >
          ${errorSlot('shippingPayer')}
          <label
            >Shipping price (buyer pays)<input
              data-testid="ShippingFee"
              name="shippingFee"
              inputmode="decimal"
              value="${value('shippingFee')}"
          /></label>
          ${errorSlot('shippingFee')}
        </fieldset>
        <label
          >Price<input
            data-testid="Price"
            id="Price"
            name="sellPrice"
            inputmode="numeric"
            value="${value('sellPrice')}"
        /></label>
        ${errorSlot('sellPrice')}
        ${
          mode === 'create'
            ? html`<button type="button" data-testid="SaveDraftButton">Save draft</button>
                <button type="submit" data-testid="ListButton">List</button>`
            : html`<button type="submit" data-testid="UpdateButton">Update</button>
                <button
                  type="button"
                  data-testid="DeleteButton"
                  data-replica-reveal="confirm-delete"
                >
                  Delete
                </button>
                <div id="confirm-delete" role="dialog" aria-label="Delete listing" hidden>
                  <p>Delete this listing? This can’t be undone.</p>
                  <button
                    type="button"
                    data-testid="DeleteConfirmButton"
                    data-replica-post="/v1/api/sell/${listing!.id}/delete"
                  >
                    Delete
                  </button>
                </div>`
        }
      </form>
      ${recaptchaBadge()}
    </main>
    ${BRAND_SCRIPT}`;
  return sitePage(mode === 'create' ? 'Sell | Mercari' : 'Edit listing | Mercari', body);
}

function changedLayoutPage(): string {
  // The site redesigned: the same words, none of the test ids the adapter knows.
  return sitePage(
    'Sell | Mercari',
    html`<main class="sell-v2">
      <h1>What are you selling?</h1>
      <input aria-label="Title" /><textarea aria-label="Description"></textarea>
      <button type="button">Continue</button>
    </main>`,
  );
}

function blockedPage(message: string): string {
  return sitePage(
    'Sell | Mercari',
    html`<main><p data-testid="ListingLimitReached" role="alert">${message}</p></main>`,
  );
}

function completePage(listing: ReplicaListing): string {
  return sitePage(
    'Listed | Mercari',
    html`<main data-testid="SellComplete">
      <h1>Your item is listed!</h1>
      <p>${fieldOf(listing, 'sellName')}</p>
      <a href="${mercariItemPath(listing)}">View your listing</a>
      <a href="/sell/">List another item</a>
    </main>`,
  );
}

function itemPage(listing: ReplicaListing, seller: boolean): string {
  const condition = CONDITIONS.find((c) => c.id === fieldOf(listing, 'sellCondition'));
  return sitePage(
    `${fieldOf(listing, 'sellName')} | Mercari`,
    html`<main class="item-details">
      <h1 data-testid="ItemName">${fieldOf(listing, 'sellName')}</h1>
      <p data-testid="ItemPrice">$${fieldOf(listing, 'sellPrice')}</p>
      <p data-testid="ItemDetailsCondition">${condition?.label ?? ''}</p>
      <p data-testid="ItemDescription">${fieldOf(listing, 'sellDescription')}</p>
      ${
        listing.status === 'sold'
          ? html`<button type="button" data-testid="SoldListing" disabled>Item sold</button>`
          : seller
            ? html`<a data-testid="EditButton" href="/sell/edit/${listing.id}/">Edit listing</a>`
            : ''
      }
    </main>`,
  );
}

function activeListingsPage(state: ReplicaState, deleted: boolean): string {
  return sitePage(
    'Listings | Mercari',
    html`${listingTabs('active')}
      <main>
        ${
          deleted
            ? html`<p data-testid="ListingDeletedNotice" role="status">
                Your listing has been deleted.
              </p>`
            : ''
        }
        ${state.active().map(
          (l) =>
            html`<a href="${mercariItemPath(l)}"
              ><p data-testid="ItemName">${fieldOf(l, 'sellName')}</p>
              <span data-testid="ItemPrice">$${fieldOf(l, 'sellPrice')}</span></a
            >`,
        )}
      </main>`,
  );
}

function inProgressPage(state: ReplicaState): string {
  return sitePage(
    'Listings | Mercari',
    html`${listingTabs('in_progress')}
      <main>
        ${state.sales.map(
          (sale) =>
            html`<a href="/us/item/${sale.listingId}/"
              ><p data-testid="ItemName">${sale.title}</p>
              <span data-testid="ItemPrice">$${sale.price.toFixed(2)}</span>
              <span>Waiting for you to ship</span></a
            >`,
        )}
      </main>`,
  );
}

/** The site's checks on a sent form, in its words ◐; `creating` adds the photos' own. */
const validate: ValidateListing = (fields, photoCount, creating) => {
  const one = (name: string) => firstOf(fields, name);
  const count = (text: string) => [...text].length;
  const errors: Record<string, string> = {};
  if (creating && photoCount < 1) errors.photos = 'Add at least 1 photo.';
  if (photoCount > PHOTOS_MAX) errors.photos = `You can add up to ${PHOTOS_MAX} photos.`;
  if (!one('sellName')) errors.sellName = 'Enter a title.';
  else if (count(one('sellName')) > TITLE_MAX) {
    errors.sellName = `Title must be ${TITLE_MAX} characters or less.`;
  }
  if (!one('sellDescription')) errors.sellDescription = 'Enter a description.';
  else if (count(one('sellDescription')) > DESCRIPTION_MAX) {
    errors.sellDescription = 'Description must be 1,000 characters or less.';
  }
  if (!CATEGORY_PATHS.has(one('sellCategory'))) errors.sellCategory = 'Select a category.';
  if (one('sellBrand') && !MERCARI_BRANDS.includes(one('sellBrand'))) {
    errors.sellBrand = 'Select a brand from the list.';
  }
  if (!CONDITIONS.some((c) => c.id === one('sellCondition'))) {
    errors.sellCondition = 'Select a condition.';
  }
  const delivery = one('deliveryOptions');
  if (delivery === PREPAID) {
    const pounds = Number(one('itemWeightPounds') || '0');
    const ounces = Number(one('itemWeightOunces') || '0');
    const whole = (n: number) => Number.isInteger(n) && n >= 0;
    if (!whole(pounds) || !whole(ounces) || ounces > 15 || pounds * 16 + ounces <= 0) {
      errors.itemWeight = 'Enter the package weight.';
    }
    if (![SELLER_PAYS, BUYER_PAYS].includes(one('shippingPayer'))) {
      errors.shippingPayer = 'Choose whether you offer free shipping.';
    }
  } else if (delivery === OWN) {
    if (!/^\d+(\.\d{1,2})?$/.test(one('shippingFee'))) {
      errors.shippingFee = 'Enter a shipping price.';
    }
  } else errors.deliveryOptions = 'Select a shipping method.';
  const price = one('sellPrice');
  if (!/^\d+$/.test(price)) errors.sellPrice = 'Enter a whole dollar amount.';
  else if (Number(price) < PRICE_MIN || Number(price) > PRICE_MAX) {
    errors.sellPrice = `Enter a price between $${PRICE_MIN} and $2,000.`;
  }
  return errors;
};

/** The Mercari replica; `state` is what the tests read and steer. */
export function mercariReplica(): ReplicaSite {
  const itemId = numericId(11);
  const state = new ReplicaState(() => `m${itemId()}`, { title: 'sellName', price: 'sellPrice' });
  const seller = route.sellerGate(state, {
    signIn: (back) => `/login/?redirect_to=${encodeURIComponent(back)}`,
    captcha: () => ok(captchaPage()),
  });
  const ID = '(m\\d{11})';

  return {
    marketplace: 'mercari',
    hosts: ['www.mercari.com', 'mercari.com'],
    state,
    async handle(request) {
      const { method, path } = request;
      if (method === 'GET' && /^\/login\/?$/.test(path)) return ok(signInPage());
      if (method === 'POST' && /^\/login\/?$/.test(path)) return route.signInAnswer(state, '/');
      if (method === 'GET' && path === '/') {
        return seller(request, () => ok(sitePage('Mercari', html`<main><h1>Home</h1></main>`)));
      }
      if (method === 'GET' && /^\/sell\/?$/.test(path)) {
        return seller(request, () =>
          route.sellFormAnswer(state, {
            blocked: (message) => ok(blockedPage(message)),
            changed: changedLayoutPage,
            form: () => listingForm('create'),
          }),
        );
      }
      if (method === 'POST' && path === '/v1/api/sell') {
        if (!request.signedIn) return route.unauthorised();
        return route.createFromForm(request, state, {
          photoField: 'photos',
          validate,
          formError: 'Your item could not be listed.',
          answer: (listing) => accepted(`/sell/complete/${listing.id}/`),
        });
      }
      const completeMatch = new RegExp(`^/sell/complete/${ID}/?$`).exec(path);
      if (method === 'GET' && completeMatch) {
        return seller(request, () => {
          const listing = state.find(completeMatch[1]);
          return listing ? ok(completePage(listing)) : notFound(SITE);
        });
      }
      const itemMatch = new RegExp(`^/us/item/${ID}/?$`).exec(path);
      if (method === 'GET' && itemMatch) {
        return route.listingAnswer(SITE, state.find(itemMatch[1]), (l) =>
          itemPage(l, request.signedIn),
        );
      }
      const editMatch = new RegExp(`^/sell/edit/${ID}/?$`).exec(path);
      if (method === 'GET' && editMatch) {
        return seller(request, () =>
          route.listingAnswer(SITE, state.find(editMatch[1]), (l) => listingForm('edit', l)),
        );
      }
      const updateMatch = new RegExp(`^/v1/api/sell/${ID}$`).exec(path);
      if (method === 'POST' && updateMatch) {
        if (!request.signedIn) return route.unauthorised();
        return route.updateFromForm(request, state.find(updateMatch[1]), {
          gone: 'This item can no longer be edited.',
          validate,
          formError: 'Your changes could not be saved.',
          answer: (listing) => accepted(mercariItemPath(listing)),
        });
      }
      const deleteMatch = new RegExp(`^/v1/api/sell/${ID}/delete$`).exec(path);
      if (method === 'POST' && deleteMatch) {
        if (!request.signedIn) return route.unauthorised();
        state.delete(deleteMatch[1]);
        return accepted('/mypage/listings/active/?deleted=1');
      }
      if (method === 'GET' && /^\/mypage\/listings\/active\/?$/.test(path)) {
        return seller(request, () =>
          ok(activeListingsPage(state, request.query.get('deleted') === '1')),
        );
      }
      if (method === 'GET' && /^\/mypage\/listings\/in_progress\/?$/.test(path)) {
        return seller(request, () => ok(inProgressPage(state)));
      }
      return notFound(SITE);
    },
  };
}
