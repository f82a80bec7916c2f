import type { SiteAddresses } from '../contract';
import type { FieldFact, SiteFacts } from '../../page/site-facts';

/**
 * Depop's website as data, for sellers without partner API access. What each fact rests on (✅
 * read in open-source tools and extensions that drive the live, signed-in site, or in Depop's
 * Seller API description, whose vocabulary the web form shares; ◐ second-hand, inferred or
 * unseen, to check on the live site first when it breaks):
 * - /products/create/ is the sell form ✅; a listing is /products/<slug>/ ✅, the slug being the
 *   shop's name, the description's first words and a short suffix ✅ (the Seller API names
 *   products by slug too ✅); after Post the tab opens /products/<slug>/manage/ ✅;
 *   /products/edit/<slug>/ is the edit form ✅; sold items are /sellinghub/sold-items/ ✅;
 *   sign-in is /login/ (`button[data-testid=login__cta]`) ✅.
 * - The form's controls have stable ids ✅: `#upload-input__input` (photos, multiple),
 *   `textarea#description`, `#priceAmount__input`. Each drop-down is an input with
 *   role=combobox that filters as one types, controlling its own menu of `li[role=option]`
 *   (`#<name>-input` → `#<name>-menu`) ✅; an option search must stay inside that menu, as
 *   every menu renders its options at once ✅.
 * - The category (`group`) menu lists each category once per department, under the
 *   department's heading ✅ (as an ARIA group labelled by it ◐); the product type
 *   (`productType`) appears once a category is chosen ✅, the size (`variants`) once a product
 *   type with sizes is ✅. The brand takes exact names only ✅; colours are up to two chips ✅.
 * - Shipping is Depop Shipping (the USPS radio, `usps__shipping__input`, and a package size
 *   `shippingMethods`) ✅ or the seller's own price ◐ (its radio and input are unseen).
 * - One Post button, the form's submit ✅; "Save changes" on the edit form ◐; "Save as a
 *   draft" marks the sell form ◐ (its test id is unseen: the create and edit forms share
 *   their fields, and something must tell them apart).
 * - The product page has `[data-testid=productPrimaryAttributes]` ✅; the seller's view has
 *   Edit listing, Boost listing, Copy listing and Delete listing ✅; the delete button's and its
 *   confirmation's test ids, and the toast after it, are ◐ (nobody has pressed it in public).
 * - A sold row is `li[class*=receiptsListWrapper]` (Depop's class names are hashed per deploy;
 *   their prefixes hold) ✅ with `a[aria-label="View receipt <id>"]` ✅ and the product's
 *   description ✅; the product's link in the row ◐ (the receipt's drawer has it ✅); the price's
 *   class ◐; the date is "Sold on MM/DD/YYYY", a day only ✅, so no sale time is read.
 * - The human check is DataDome's ◐; a turned-away browser gets a 403 "Forbidden - Depop"
 *   page, "Sorry, not authorized" ✅, whose markup is ◐.
 */
export const site: SiteAddresses = {
  origin: 'https://www.depop.com',
  matches: ['https://www.depop.com/*', 'https://depop.com/*'],
  sell: '/products/create/',
  listing: (slug) => `/products/${slug}/`,
  edit: (slug) => `/products/edit/${slug}/`,
  sold: '/sellinghub/sold-items/',
  delistFrom: 'listing',
};

/** One of Depop's comboboxes: open it, type the value, press the option in its own menu. */
const combobox = (id: string): FieldFact => ({
  kind: 'picker',
  open: `#${id}-input`,
  search: `#${id}-input`,
  option: `#${id}-menu [role="option"]`,
});

/** The category combobox, whose options sit under their department's heading. */
export const categoryFacts = {
  open: '#group-input',
  department: (label: string) => `#group-menu [role="group"][aria-label="${label}"]`,
  option: '[role="option"]',
};

export const facts: SiteFacts = {
  pages: {
    captcha: 'iframe[title="DataDome CAPTCHA"], iframe[src*="captcha-delivery.com"]',
    blocked: '#forbidden [data-testid="forbidden__message"]',
    sign_in: 'button[data-testid="login__cta"]',
    sell_form: 'button[data-testid="saveDraft__button"]',
    edit_form: 'button[data-testid="saveChanges__button"]',
    listing: '[data-testid="productPrimaryAttributes"]',
    sold_list: '[role="list"][class*="receiptsList"]',
  },
  renderTimeoutMs: 8000,
  form: {
    fields: {
      description: { kind: 'text', selector: 'textarea#description' },
      productType: combobox('productType'),
      size: combobox('variants'),
      brand: combobox('brand'),
      condition: combobox('condition'),
      colours: combobox('colour'),
      price: { kind: 'text', selector: '#priceAmount__input' },
      shipping: { kind: 'choice', option: '[data-testid="shippingOptions"] label' },
      packageSize: combobox('shippingMethods'),
      shippingPrice: { kind: 'text', selector: '#nationalShippingCost__input' },
    },
    photos: '#upload-input__input',
    required: ['description', 'productType', 'condition', 'price'],
    submit: 'form button[type="submit"]',
    errors: '[data-testid="listingForm__error"]',
  },
  listing: {
    id: { path: /^\/products\/(?!create\/|edit\/)([A-Za-z0-9_-]+)\/(?:manage\/)?$/ },
    delist: [
      'button[data-testid="deleteListing__button"]',
      'button[data-testid="deleteListingModal__confirm"]',
    ],
    gone: '[role="status"][data-testid="toast"]',
  },
  sold: {
    row: 'li[class*="receiptsListWrapper"]',
    orderId: {
      selector: 'a[aria-label^="View receipt"]',
      attribute: 'aria-label',
      pattern: /^View receipt (\w+)$/,
    },
    listedID: {
      selector: 'a[href^="/products/"]',
      attribute: 'href',
      pattern: /^\/products\/([A-Za-z0-9_-]+)\/$/,
    },
    title: '[data-testid="receipt-product-description"]',
    price: '[class*="receiptPrice"]',
  },
};
