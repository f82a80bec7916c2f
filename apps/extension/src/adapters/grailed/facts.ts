import type { SiteAddresses } from '../contract';
import type { SiteFacts } from '../../page/site-facts';

/**
 * Grailed's seller pages as data. What each fact rests on (✅ read in open-source tools that
 * drive the live site: a 2026 CDP inventory of /sell/new, Selenium scripts and MV3 extensions
 * that fill it; ◐ second-hand or inferred, to check against the live site first when it breaks):
 * - /sell/new is the sell form, inside `#SellForm` ✅; /listings/<digits>-<slug> a listing ✅;
 *   /listings/<id>/edit its edit form ◐; "My Items" is /users/myitems ✅, its sold section
 *   /users/myitems?sold=true ◐; sign-in /users/sign_in ◐.
 * - `input[name=title]`, `textarea[name=description]`, `input[name=price]` (type tel, digits
 *   only: whole dollars) ✅; the designer is the `#designer-autocomplete` search box ✅, whose
 *   suggestions are `ul.autocomplete li` ✅ (older form) — the live box is reported to drop a
 *   value typed by script and keep only real keystrokes ◐ (two tools say so).
 * - "Department / Category" is one nested drop-down (department, then category) ✅;
 *   "Sub-category", "Select Size", "Select a Color" and "Item Condition" are flat drop-downs ✅,
 *   Radix menus opened on pointer down ✅ (the shared `press` sends it). The live tools find each
 *   trigger by its text; these selectors use the section's plain class after its CSS-module
 *   classes (seen on the designer section ✅; the other sections' names ◐) and the CSS-module
 *   prefix without its hash, which changes with each build.
 * - Photos: `input[type=file][id^=photo_input_]`, nine slots, each taking several files ✅.
 * - "Publish" sends ◐ (no tool automated the last click); deleting is "Delete Listing" then a
 *   confirming "Delete" on the edit form ◐; the human check is reCAPTCHA at sign-in ✅, and a
 *   PerimeterX challenge (`#px-captcha`) is suspected ◐.
 */
export const site: SiteAddresses = {
  origin: 'https://www.grailed.com',
  matches: ['https://www.grailed.com/*', 'https://grailed.com/*'],
  sell: '/sell/new',
  listing: (id) => `/listings/${id}`,
  edit: (id) => `/listings/${id}/edit`,
  sold: '/users/myitems?sold=true',
  delistFrom: 'edit',
};

const dropdown = (section: string) => ({
  kind: 'picker' as const,
  open: `#SellForm .section.${section} button[aria-haspopup="menu"]`,
  option: `#SellForm .section.${section} [class*="Dropdown-module__item"]`,
});

export const facts: SiteFacts = {
  pages: {
    captcha: 'iframe[title="reCAPTCHA"], .g-recaptcha, #px-captcha',
    blocked: '[class*="SellForm-module__blocked"]',
    sign_in: 'input[type="password"]',
    sell_form: '#SellForm button.Publish',
    edit_form: '#SellForm button.DeleteListing',
    listing: '[class*="ListingPage-module__listing"]',
    sold_list: '[class*="MyItems-module__sold"]',
  },
  renderTimeoutMs: 8000,
  form: {
    // Filled in this order, which is the site's: the category enables the fields after it.
    fields: {
      category: { ...dropdown('Category'), path: true },
      subcategory: dropdown('SubCategory'),
      size: dropdown('Size'),
      designer: {
        kind: 'picker',
        open: '#designer-autocomplete',
        search: '#designer-autocomplete',
        option: '#SellForm .section.Designer ul.autocomplete li',
      },
      title: { kind: 'text', selector: '#SellForm input[name="title"]' },
      description: { kind: 'text', selector: '#SellForm textarea[name="description"]' },
      colour: dropdown('Color'),
      condition: dropdown('Condition'),
      price: { kind: 'text', selector: '#SellForm input[name="price"]' },
    },
    photos: '#SellForm input[type="file"][id^="photo_input_"]',
    required: ['category', 'subcategory', 'size', 'designer', 'title', 'condition', 'price'],
    submit: '#SellForm button.Publish',
    updateSubmit: '#SellForm button.Save',
    errors: '#SellForm [class*="FormError-module__error"]',
  },
  listing: {
    id: { path: /^\/listings\/(\d+)(?:-[^/]*)?$/ },
    delist: ['#SellForm button.DeleteListing', '[role="dialog"] button.ConfirmDelete'],
    gone: '[class*="Toast-module__toast"]',
  },
  sold: {
    row: '[class*="SoldListing-module__card"]',
    orderId: {
      selector: 'a[href*="/transactions/"]',
      attribute: 'href',
      pattern: /\/transactions\/([^/?#]+)/,
    },
    listedID: {
      selector: 'a[href*="/listings/"]',
      attribute: 'href',
      pattern: /\/listings\/(\d+)/,
    },
    title: '[class*="SoldListing-module__title"]',
    price: '[class*="SoldListing-module__price"]',
    soldAt: { selector: 'time', attribute: 'datetime' },
  },
};
