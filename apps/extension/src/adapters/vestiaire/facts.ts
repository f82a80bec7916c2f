import type { SiteAddresses } from '../contract';
import type { SiteFacts } from '../../page/site-facts';

/**
 * Vestiaire Collective's seller pages as data. The facts for this site are thin; what each one
 * rests on (✅ read in open-source tools that drive the live site — a DrissionPage script that
 * fills its deposit form step by step, a Selenium bot that reads a seller's "orders and sales",
 * scrapers that open item pages — or in Vestiaire's own FAQ; ◐ second-hand or inferred, to
 * check against the live site first when it breaks):
 * - /sell-clothes-online/ is the sell ("deposit") form ✅. It is a sequence of steps, each
 *   closed by "Continue" ✅: universe, category and designer (first "Continue" is
 *   `#vc-preduct-add-submit` ✅); details; photos; description; ship-from address; price,
 *   sent with "Complete steps" ✅. `depositSteps` below lists them; the driver walks them.
 * - Universe labels (`universe-selector_depositForm__form__universeLabel…` ✅), category a native
 *   select `#preductAddCategory` ✅, designer a search box `#depositForm__form__brands-input`
 *   with `brand-search_depositForm__form__optionsList__item__value…` options ✅; subcategory,
 *   condition, model, material and colour are lists in `[data-component-id]` blocks ✅, the
 *   model with a "Find your item model" search ✅; size is a standard and a value ✅; photos go
 *   into `#newPic0` ✅; the description is a `TextArea_textarea…` ✅, the seller's reference
 *   `#external_reference` ✅; the price `#priceField` ✅. The site's CSS-module class names end
 *   in a hash, hence `[class*=…]`. Selectors of the later steps' "Continue", "Complete steps",
 *   the alert, the edit form and the item page's buttons are ◐ (their words are ✅).
 * - There is no title field ✅: Vestiaire names the item from its colour, material, model,
 *   designer and type ✅. An item's page ends in -<digits>.shtml ✅ and opens from any path
 *   ending in its number ◐.
 * - "Listed" means submitted: Vestiaire's team reviews every item before it is on sale, within
 *   36–48 hours ✅ (its FAQ). The item's number and page exist from submission ◐; the page says
 *   "In review" until the team approves it ◐. A refusal after review reaches the seller by
 *   e-mail ✅, not on the page this driver reads.
 * - Deleting is on the item's page, confirmed ◐; the edit form takes price and description ◐.
 * - Sales are under "Orders and sales" ✅ (rows `order-product`, `order-amount` ✅, prices
 *   "1 234,00 €" ✅), at /account/orders-and-sales/ ◐. Sign-in asks for `#welcomeEmail` and
 *   `#loginPassword` ✅ at /authentication/ ◐; the human check is an anti-bot interstitial ◐
 *   (Cloudflare's and DataDome's markers are both recognised).
 */
export const site: SiteAddresses = {
  origin: 'https://www.vestiairecollective.com',
  matches: ['https://www.vestiairecollective.com/*', 'https://vestiairecollective.com/*'],
  sell: '/sell-clothes-online/',
  listing: (id) => `/item-${id}.shtml`,
  edit: (id) => `/sell-clothes-online/edit/${id}/`,
  sold: '/account/orders-and-sales/',
  delistFrom: 'listing',
};

const component = (id: string) => `[data-component-id="${id}"]`;
const CONTINUE = '[class*="StepFooter_continue"]';

export const facts: SiteFacts = {
  pages: {
    captcha: '.cf-turnstile, #challenge-form, iframe[src*="captcha-delivery.com"]',
    blocked: '.depositForm__limit-message',
    sign_in: '#welcomeEmail, #loginPassword',
    sell_form: '#vc-preduct-add-submit',
    edit_form: '[class*="EditFooter_save"]',
    listing: '.product-page__title',
    sold_list: '.orders-and-sales',
  },
  renderTimeoutMs: 8000,
  form: {
    fields: {
      universe: {
        kind: 'choice',
        option: '[class*="universe-selector_depositForm__form__universeLabel"]',
      },
      category: { kind: 'select', selector: 'select#preductAddCategory' },
      brand: {
        kind: 'picker',
        open: '[class*="brand-search_depositForm__form__field"]',
        search: '#depositForm__form__brands-input',
        option: '[class*="brand-search_depositForm__form__optionsList__item__value"]',
      },
      sku: { kind: 'text', selector: 'input#external_reference' },
      subcategory: {
        kind: 'picker',
        open: '#subcategory',
        option: `${component('subcategory')} li[role="option"]`,
      },
      condition: {
        kind: 'picker',
        open: `${component('condition')} button`,
        option: `${component('condition')} li[role="option"]`,
      },
      model: {
        kind: 'picker',
        open: `${component('model')} button`,
        search: 'input[placeholder="Find your item model"]',
        option: `${component('model')} li[role="option"]`,
      },
      material: {
        kind: 'picker',
        open: `${component('material')} button`,
        option: `${component('material')} li[role="option"]`,
      },
      colour: {
        kind: 'picker',
        open: 'input#color',
        option: `${component('color')} li[role="option"]`,
      },
      sizeStandard: { kind: 'select', selector: 'select[data-component-id="size_unit"]' },
      size: { kind: 'select', selector: 'select[data-component-id="size"]' },
      description: { kind: 'text', selector: 'textarea[class*="TextArea_textarea"]' },
      price: { kind: 'text', selector: 'input#priceField' },
    },
    photos: 'input#newPic0',
    required: [
      'universe',
      'category',
      'brand',
      'subcategory',
      'condition',
      'material',
      'colour',
      'description',
      'price',
    ],
    submit: '[class*="DepositFooter_completeSteps"]',
    updateSubmit: '[class*="EditFooter_save"]',
    errors: '.depositForm__alert',
  },
  listing: {
    id: { path: /-(\d+)\.shtml$/ },
    delist: ['.product-page__delete', '.product-page__confirm-delete'],
    gone: '.profile-page__toast',
  },
  sold: {
    row: 'tr.order-row',
    orderId: { attribute: 'data-order-id' },
    listedID: { selector: '.order-product a', attribute: 'href', pattern: /-(\d+)\.shtml$/ },
    title: '.order-product',
    price: '.order-amount',
    soldAt: { selector: '.order-date time', attribute: 'datetime' },
  },
};

/**
 * One step of the deposit form: its section (shown once the step before is done), the fields
 * it holds (by the names of `facts.form.fields`), whether it takes the photos, and the press
 * that closes it. The last step has no `next`: `facts.form.submit` sends the form.
 */
export interface DepositStep {
  section: string;
  fields: readonly string[];
  photos?: boolean;
  next?: string;
}

const step = (name: string) => `[data-step="${name}"]`;

export const depositSteps: readonly DepositStep[] = [
  {
    section: step('filter'),
    fields: ['universe', 'category', 'brand'],
    next: '#vc-preduct-add-submit',
  },
  {
    section: step('details'),
    fields: [
      'sku',
      'subcategory',
      'condition',
      'model',
      'material',
      'colour',
      'sizeStandard',
      'size',
    ],
    next: `${step('details')} ${CONTINUE}`,
  },
  { section: step('photos'), fields: [], photos: true, next: `${step('photos')} ${CONTINUE}` },
  {
    section: step('description'),
    fields: ['description'],
    next: `${step('description')} ${CONTINUE}`,
  },
  // The ship-from address is the seller's saved one, already chosen ✅ (the tools press on).
  { section: step('address'), fields: [], next: `${step('address')} ${CONTINUE}` },
  { section: step('price'), fields: ['price'] },
];

/** What the edit form takes once an item is submitted ◐. */
export const editableFields: readonly string[] = ['description', 'price'];
