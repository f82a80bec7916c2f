import type { SiteAddresses } from '../contract';
import type { FieldFact, SiteFacts } from '../../page/site-facts';

/**
 * Facebook Marketplace's seller pages as data. Its markup has no stable class names (they are
 * generated), so everything here is an ARIA label, a role, a `dir="auto"` text span or a URL,
 * as the open-source tools that drive the live site select them. What each fact rests on (✅
 * read in open-source tools that drive the live site: Selenium and Playwright bots and MV3
 * extensions on GitHub; ◐ second-hand or inferred, to check against the live site first when
 * it breaks):
 * - /marketplace/create/item is the sell form ✅; inputs sit in `label[aria-label="Title"]`,
 *   `"Price"`, `"Description"` (a textarea), `"Brand"` ✅; Category and Condition are
 *   comboboxes whose choices are `role="option"` ✅; the conditions read "New", "Used – like
 *   new", "Used – good", "Used – fair" (an en dash) ✅; categories nest ◐; Brand shows for some
 *   categories only ✅; the location is the seller's own, filled in ◐.
 * - The photo input takes `image/*,image/heif,image/heic` ✅; up to 10 photos ◐.
 * - "Next" leads to a second step, "Publish" sends ✅; then Facebook opens the seller's
 *   listings, /marketplace/you/selling, where the new listing shows after a moment ✅ (the tools
 *   poll it for the title).
 * - A listing is /marketplace/item/<15–16 digits>/ ✅; its edit form
 *   /marketplace/edit/?listing_id=<id> ✅, sent with "Update" ◐; the seller's own listing shows
 *   a "Your Listing" panel whose "Delete" asks in a "Delete Listing" dialog ✅.
 * - The seller's listings have a "Search your listings" box ✅ and a status filter ("Sold & out
 *   of stock", `status[0]=…` in the URL) ✅; a sold card says "Sold" ✅. There are no orders: a
 *   sale is the seller marking the listing sold.
 * - Sign-in is /login/ with `email` and `pass` ✅; the human check is a checkpoint page
 *   (/checkpoint/, `#checkpointSubmitButton`) ✅; a listing limit is a notice ◐.
 */
export const site: SiteAddresses = {
  origin: 'https://www.facebook.com',
  matches: ['https://www.facebook.com/*'],
  sell: '/marketplace/create/item',
  listing: (id) => `/marketplace/item/${id}/`,
  edit: (id) => `/marketplace/edit/?listing_id=${id}`,
  sold: '/marketplace/you/selling?status[0]=OUT_OF_STOCK',
  delistFrom: 'listing',
};

/** A listing's card on the seller's listings: a link to the listing holding its text spans. */
const CARD = 'a[href*="/marketplace/item/"]';
const LISTING_PATH = /\/marketplace\/item\/(\d+)/;
/** Facebook's drop-downs render their choices in a portal, away from the field. */
const OPTION = '[role="listbox"] [role="option"]';

export const facts: SiteFacts = {
  pages: {
    captcha: '#checkpointSubmitButton, form[action^="/checkpoint/"]',
    blocked: '[role="dialog"][aria-label="Listing limit reached"] span[dir="auto"]',
    sign_in: 'input[name="pass"]',
    sell_form: '[aria-label="Next"]',
    edit_form: '[aria-label="Update"]',
    listing: '[aria-label="Your Listing"]',
    sold_list: 'input[placeholder="Search your listings"]',
  },
  renderTimeoutMs: 8000,
  form: {
    fields: {
      title: { kind: 'text', selector: 'label[aria-label="Title"] input' },
      price: { kind: 'text', selector: 'label[aria-label="Price"] input' },
      category: {
        kind: 'picker',
        open: 'label[aria-label="Category"]',
        option: OPTION,
        path: true,
      },
      condition: { kind: 'picker', open: 'label[aria-label="Condition"]', option: OPTION },
      description: { kind: 'text', selector: 'label[aria-label="Description"] textarea' },
    },
    photos: 'input[type="file"][accept*="image/heic"]',
    required: ['title', 'price', 'category', 'condition'],
    advance: ['[aria-label="Next"]'],
    submit: '[aria-label="Publish"]',
    updateSubmit: '[aria-label="Update"]',
    errors: '[role="main"] [role="alert"]',
  },
  listing: {
    id: { path: /^\/marketplace\/item\/(\d+)\/?$/ },
    delist: [
      '[aria-label="Your Listing"] [aria-label="Delete"]',
      '[role="dialog"][aria-label="Delete Listing"] [aria-label="Delete"]',
    ],
    // Deleting lands on the seller's listings; the driver checks the card is gone from them.
    gone: 'input[placeholder="Search your listings"]',
  },
  sold: {
    row: CARD,
    // No orders on Facebook: the listing marked sold is the sale, so its id is the sale's too.
    orderId: { attribute: 'href', pattern: LISTING_PATH },
    listedID: { attribute: 'href', pattern: LISTING_PATH },
    title: 'span[dir="auto"]:nth-of-type(1)',
    price: 'span[dir="auto"]:nth-of-type(2)',
  },
};

/**
 * Fields the form shows only for some categories: filled when shown, skipped when not, instead
 * of stopping the listing as a changed layout.
 */
export const optionalFields: Record<string, FieldFact> = {
  brand: { kind: 'text', selector: 'label[aria-label="Brand"] input' },
};

/** The word on a card of the seller's listings that says it sold. */
export const SOLD_BADGE = 'Sold';
/** The text spans of a card, in which the badge is looked for. */
export const CARD_TEXT = 'span[dir="auto"]';
