import type { SiteAddresses } from '../contract';
import type { SiteFacts } from '../../page/site-facts';

/**
 * Poshmark's seller pages as data. What each fact rests on (✅ read in open-source tools that
 * drive the live site: selenium and playwright scripts and MV3 extensions on GitHub that fill
 * its form; ◐ second-hand or inferred, to check against the live site first when it breaks):
 * - /create-listing is the sell form ✅; /listing/<title words>-<24 hex> a listing ✅;
 *   /edit-listing/<id> its edit form ◐; /order/sales the seller's sales ✅; /login sign-in ✅.
 * - Inputs carry `data-vv-name` (title, description, originalPrice, listingPrice, sku) ✅; the
 *   brand input sits in `[data-et-name="listingEditorBrandSection"]` ✅.
 * - The category is one nested drop-down (department, category, subcategory) ✅; the size list
 *   follows it ◐; "Does this item have tags attached?" is answered Yes or No ✅; up to two
 *   colours ◐.
 * - "Next" leads to a review, "List This Item" publishes ✅; prices are whole dollars ✅.
 * - Deleting is on the edit form, confirmed with "Yes" ◐; the human check is reCAPTCHA ◐.
 */
export const site: SiteAddresses = {
  origin: 'https://poshmark.com',
  matches: ['https://poshmark.com/*', 'https://www.poshmark.com/*'],
  sell: '/create-listing',
  listing: (id) => `/listing/${id}`,
  edit: (id) => `/edit-listing/${id}`,
  sold: '/order/sales',
  delistFrom: 'edit',
};

const CATEGORY = '[data-et-name="listingEditorCategorySection"]';
const SIZE = '[data-et-name="listingEditorSizeSection"]';

export const facts: SiteFacts = {
  pages: {
    captcha: 'iframe[title="reCAPTCHA"], .g-recaptcha',
    blocked: '.listing-limit-message',
    sign_in: 'input[name="login_form[username_email]"]',
    sell_form: '[data-et-name="next"]',
    edit_form: '[data-et-name="delete_listing"]',
    listing: '.listing__title',
    sold_list: '.order-list',
  },
  renderTimeoutMs: 8000,
  form: {
    fields: {
      title: { kind: 'text', selector: 'input[data-vv-name="title"]' },
      description: { kind: 'text', selector: 'textarea[data-vv-name="description"]' },
      category: {
        kind: 'picker',
        open: `${CATEGORY} .dropdown__selector`,
        option: `${CATEGORY} .dropdown__menu__item`,
        path: true,
      },
      size: {
        kind: 'picker',
        open: `${SIZE} .dropdown__selector`,
        option: `${SIZE} .dropdown__menu__item`,
      },
      brand: { kind: 'text', selector: '[data-et-name="listingEditorBrandSection"] input' },
      tags: { kind: 'choice', option: '.listing-editor__condition label' },
      colours: { kind: 'choice', option: '[data-et-name="listingEditorColorSection"] label' },
      originalPrice: { kind: 'text', selector: 'input[data-vv-name="originalPrice"]' },
      price: { kind: 'text', selector: 'input[data-vv-name="listingPrice"]' },
      sku: { kind: 'text', selector: 'input[data-vv-name="sku"]' },
    },
    photos: '.listing-editor__section--photos input[type="file"]',
    required: ['title', 'description', 'category', 'size', 'price'],
    advance: ['[data-et-name="next"]'],
    submit: '[data-et-name="list_item"]',
    updateSubmit: '[data-et-name="update"]',
    errors: '.form__error-message',
  },
  listing: {
    id: { path: /^\/listing\/(?:.*-)?([0-9a-f]{24})$/ },
    delist: ['[data-et-name="delete_listing"]', '[data-et-name="confirm_delete"]'],
    gone: '.closet .flash-message',
  },
  sold: {
    row: '.order-item',
    orderId: { attribute: 'data-order-id' },
    listedID: { selector: '.order-item__listing', attribute: 'href', pattern: /([0-9a-f]{24})$/ },
    title: '.order-item__listing',
    price: '.order-item__price',
    soldAt: { selector: 'time', attribute: 'datetime' },
  },
};
