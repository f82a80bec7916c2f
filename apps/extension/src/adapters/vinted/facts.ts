import type { SiteAddresses } from '../contract';
import type { SiteFacts } from '../../page/site-facts';

/**
 * Vinted's seller pages (www.vinted.com) as data. What each fact rests on (✅ read in open-source
 * tools and extensions that drive the live site, several captured from a signed-in session in
 * 2026; ◐ second-hand or inferred, to check against the live site first when it breaks). Vinted
 * also runs vinted.co.uk, vinted.fr, vinted.de and other country sites, in their own languages
 * and currencies: these facts are the .com site's, in English and dollars.
 * - /items/new is the sell form ✅; /items/<digits>-<slug> an item, /items/<id> redirecting
 *   there ✅; /items/<id>/edit its edit form, with only "Save" ✅; /member/<id> the wardrobe ✅;
 *   /my_orders/sold the seller's sales ◐; signed out, pages send the visitor to
 *   /member/signup/select_type ✅.
 * - The form has no <form> element; every control carries a `data-testid` (and an `id`) ✅:
 *   title--input, description--input, price-input--input, the hidden photo input
 *   add-photos-input (up to 20 photos ✅).
 * - Category: a drill-down list (catalog-select-dropdown-*) ✅. Brand, size, condition, colour
 *   and material appear only once a leaf category is chosen ✅, so the category is filled first
 *   and only title, description, category and price are required to be there up front. Brand
 *   is searched (brand-search--input) ✅; size and condition are lists that close on a choice ✅;
 *   colour (at most 2) and material (at most 3) are checkbox lists that stay open ✅ and are
 *   ticked by the driver (driver.ts), since a second press unticks.
 * - The parcel size is a required choice of three cells, [data-testid="N-package-size--cell"] ✅,
 *   named Small, Medium, Large ◐.
 * - "Upload" (upload-form-save-button) publishes; the sell form alone has "Save draft"
 *   (upload-form-save-draft-button), which tells it from the edit form ✅. After Upload the new
 *   item's page opens ◐ (not read; a draft's Upload lands on the wardrobe ✅). Refusals show under
 *   their fields ◐ (class names inferred from the site's web_ui kit).
 * - Deleting is on the item's page: Delete (item-delete-button), then "Confirm and delete"
 *   (item-delete-confirmation-button) in item-delete-modal; the page lands on the wardrobe,
 *   without the item's card [data-testid="product-item-id-<id>"] ✅ (the wardrobe's own
 *   container, profile-wardrobe, is ◐).
 * - The human check is DataDome: an iframe titled "DataDome CAPTCHA" (or "DataDome Device Check"
 *   on its interstitial) from geo.captcha-delivery.com ✅. A seller Vinted wants to verify is sent
 *   to /users/verification ✅ (its markup ◐), which stops new listings.
 * - The sold list's rows (title linking to the item, price, a conversation link per order, a
 *   date) are ◐, modelled on the orders API that tools read (/api/v2/my_orders?type=sold).
 */
export const site: SiteAddresses = {
  origin: 'https://www.vinted.com',
  matches: ['https://www.vinted.com/*', 'https://vinted.com/*'],
  sell: '/items/new',
  listing: (id) => `/items/${id}`,
  edit: (id) => `/items/${id}/edit`,
  sold: '/my_orders/sold',
  delistFrom: 'listing',
};

/** A multi-select list whose rows are checkboxes: open it, then tick the rows wanted. */
export interface MultiSelectFact {
  open: string;
  /** One row; its text is the value, its checkbox says whether it is ticked. */
  row: string;
  /** The most the site takes. */
  max: number;
}

/** Colour and material, which the driver ticks itself (a press on a ticked row unticks it). */
export const multiSelects: Record<'colours' | 'materials', MultiSelectFact> = {
  colours: {
    open: '[data-testid="color-select-dropdown-input"]',
    row: '[data-testid="color-select-dropdown-content"] .web_ui__Cell__cell',
    max: 2,
  },
  materials: {
    open: '[data-testid="category-material-multi-list-input"]',
    row: '[data-testid="category-material-multi-list-content"] .web_ui__Cell__cell',
    max: 3,
  },
};

/** A wardrobe card of one item, which is gone once the item is deleted ✅. */
export const wardrobeCard = (listedID: string) => `[data-testid="product-item-id-${listedID}"]`;

const dropdown = (testId: string, search?: string) => ({
  kind: 'picker' as const,
  open: `[data-testid="${testId}-input"]`,
  option: `[data-testid="${testId}-content"] .web_ui__Cell__cell`,
  ...(search ? { search } : {}),
});

export const facts: SiteFacts = {
  pages: {
    captcha:
      'iframe[title="DataDome CAPTCHA"], iframe[title="DataDome Device Check"], iframe[src*="captcha-delivery.com"]',
    blocked: '[data-testid="user-verification-reason"]',
    sign_in: '[data-testid^="auth-select-type--"], input#username',
    sell_form: '[data-testid="upload-form-save-draft-button"]',
    edit_form: '[data-testid="upload-form-save-button"]',
    listing: '[data-testid="item-price"]',
    sold_list: '[data-testid="my-orders"]',
  },
  renderTimeoutMs: 8000,
  form: {
    fields: {
      title: { kind: 'text', selector: 'input[data-testid="title--input"]' },
      description: { kind: 'text', selector: 'textarea[data-testid="description--input"]' },
      category: { ...dropdown('catalog-select-dropdown'), path: true },
      brand: dropdown('brand-select-dropdown', '[data-testid="brand-search--input"]'),
      size: dropdown('category-size-single-grid'),
      condition: dropdown('category-condition-single-list'),
      price: { kind: 'text', selector: 'input[data-testid="price-input--input"]' },
      parcelSize: { kind: 'choice', option: '[data-testid$="-package-size--cell"]' },
    },
    photos: 'input[type="file"][data-testid="add-photos-input"]',
    required: ['title', 'description', 'category', 'price', 'parcelSize'],
    submit: '[data-testid="upload-form-save-button"]',
    errors: '.web_ui__Input__warning',
  },
  listing: {
    id: { path: /^\/items\/(\d+)(?:-[^/]*)?$/ },
    delist: [
      '[data-testid="item-delete-button"]',
      '[data-testid="item-delete-modal"] [data-testid="item-delete-confirmation-button"]',
    ],
    gone: '[data-testid="profile-wardrobe"]',
  },
  sold: {
    row: '[data-testid="my-orders-item"]',
    orderId: {
      selector: '[data-testid="my-orders-item--conversation"]',
      attribute: 'href',
      pattern: /\/inbox\/([^/?#]+)/,
    },
    listedID: {
      selector: '[data-testid="my-orders-item--title"]',
      attribute: 'href',
      pattern: /\/items\/(\d+)/,
    },
    title: '[data-testid="my-orders-item--title"]',
    price: '[data-testid="my-orders-item--price"]',
    soldAt: { selector: 'time', attribute: 'datetime' },
  },
};
