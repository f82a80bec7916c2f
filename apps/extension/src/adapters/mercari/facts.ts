import type { SiteAddresses } from '../contract';
import type { SiteFacts } from '../../page/site-facts';

/**
 * Mercari's (US) seller pages as data. What each fact rests on (✅ read in open-source tools that
 * drive the live site — Playwright scripts and a selector list "read off the live, signed-in
 * pages" on GitHub; ◐ second-hand or inferred, to check against the live site first when it
 * breaks):
 * - /sell/ is the sell form ✅; it takes about 4 s to mount ✅, so pages get a long render time.
 *   A signed-out visitor is sent to /login/ ✅ (email and password fields ◐).
 * - Its controls carry `data-testid`: SellPhotoInput (a hidden file input) ✅, Title ✅,
 *   Description ✅, SellCategoryFieldButton ✅ (a button opening a three-level picker whose
 *   button then reads "A > B > C" ✅), Brand ✅ (typed, then chosen from role=option results ✅,
 *   "No brand / Not sure" among them ✅), ConditionNew / ConditionLikeNew / ConditionGood /
 *   ConditionFair / ConditionPoor ✅ (radios named sellCondition ✅), MercariShipping (its prepaid
 *   label) and ShipOnYourOwn ✅, ItemWeightInPounds / ItemWeightInOunces ✅ and
 *   ShippingPayerOption ("Yes (Recommended)" or "No") ✅, Price ✅ and ListButton ✅. On the
 *   site the weight and payer sit in a dialog behind SelectShipping ✅; here they are filled in
 *   place ◐. The fee a seller shipping on their own sets (ShippingFee) is ◐.
 * - Where the picker's and the brand's options render (a listbox beside their control) ◐.
 * - After "List" the site does not open the item page but stays on a confirmation under /sell/
 *   ✅; that it links to the new item (SellComplete) is ◐, and a tool that saw the item page
 *   open instead is also served (the listing selector takes both) ◐. A refusal reads "could not
 *   be listed" ✅ in the form's alert ◐.
 * - Items live at /us/item/m<11 digits>/ ✅ (h1 ItemName ◐); the edit form is
 *   /sell/edit/<id>/ ✅; deleting is on it, confirmed in a dialog ◐ (DeleteButton,
 *   DeleteConfirmButton, UpdateButton ◐), and ends on the active listings with a notice ◐.
 * - A sale first shows under /mypage/listings/in_progress/ (then complete/) ✅, as a link to
 *   /us/item/<id>/ ✅; an order is known by its item's id (/transaction/order_status/<id>/) ✅,
 *   since a Mercari listing is one item ✅. Rows' ItemName and ItemPrice ◐; no sale time ◐.
 * - The sell form carries an invisible reCAPTCHA v3 ✅ whose badge is an iframe titled
 *   "reCAPTCHA": only a challenge (reCAPTCHA's, or Cloudflare's ◐) is a stop. A listing cap
 *   that grows with sales ✅ reads ListingLimitReached ◐; Cloudflare's block page ◐.
 */
export const site: SiteAddresses = {
  origin: 'https://www.mercari.com',
  matches: ['https://www.mercari.com/*', 'https://mercari.com/*'],
  sell: '/sell/',
  listing: (id) => `/us/item/${id}/`,
  edit: (id) => `/sell/edit/${id}/`,
  sold: '/mypage/listings/in_progress/',
  delistFrom: 'edit',
};

const CATEGORY_BUTTON = '[data-testid="SellCategoryFieldButton"]';
const BRAND = '[data-testid="Brand"]';
const CONDITIONS = ['New', 'LikeNew', 'Good', 'Fair', 'Poor']
  .map((c) => `[data-testid="Condition${c}"]`)
  .join(', ');

/** The confirmation the sell form ends on, and its link to the new item (see readListed). */
export const listed = {
  page: '[data-testid="SellComplete"]',
  link: '[data-testid="SellComplete"] a[href*="/item/m"]',
  id: /\/item\/(m\d+)\/?$/,
};

export const facts: SiteFacts = {
  pages: {
    captcha:
      'iframe[title^="recaptcha challenge"], #challenge-form, iframe[src*="challenges.cloudflare.com"]',
    blocked: '[data-testid="ListingLimitReached"], #cf-error-details',
    sign_in: 'input[type="password"]',
    sell_form: '[data-testid="ListButton"]',
    edit_form: '[data-testid="DeleteButton"]',
    listing: `h1[data-testid="ItemName"], ${listed.page}`,
    sold_list: 'a[aria-current="page"][href^="/mypage/listings/in_progress"]',
  },
  renderTimeoutMs: 12000,
  form: {
    fields: {
      title: { kind: 'text', selector: '[data-testid="Title"]' },
      description: { kind: 'text', selector: '[data-testid="Description"]' },
      category: {
        kind: 'picker',
        open: CATEGORY_BUTTON,
        option: `${CATEGORY_BUTTON} ~ [role="listbox"] [role="option"]`,
        path: true,
      },
      brand: {
        kind: 'picker',
        open: BRAND,
        search: BRAND,
        option: `${BRAND} ~ [role="listbox"] [role="option"]`,
      },
      condition: { kind: 'choice', option: CONDITIONS },
      shipping: {
        kind: 'choice',
        option: '[data-testid="MercariShipping"], [data-testid="ShipOnYourOwn"]',
      },
      weightPounds: { kind: 'text', selector: '[data-testid="ItemWeightInPounds"]' },
      weightOunces: { kind: 'text', selector: '[data-testid="ItemWeightInOunces"]' },
      shippingPayer: { kind: 'select', selector: 'select[data-testid="ShippingPayerOption"]' },
      shippingFee: { kind: 'text', selector: '[data-testid="ShippingFee"]' },
      price: { kind: 'text', selector: '[data-testid="Price"]' },
    },
    photos: 'input[data-testid="SellPhotoInput"]',
    required: ['title', 'description', 'category', 'condition', 'shipping', 'price'],
    submit: '[data-testid="ListButton"]',
    updateSubmit: '[data-testid="UpdateButton"]',
    errors: 'form [role="alert"]',
  },
  listing: {
    id: { path: /^\/us\/item\/(m\d+)\/?$/ },
    delist: ['[data-testid="DeleteButton"]', '[data-testid="DeleteConfirmButton"]'],
    gone: '[data-testid="ListingDeletedNotice"]',
  },
  sold: {
    row: 'main a[href^="/us/item/m"]',
    orderId: { attribute: 'href', pattern: /\/item\/(m\d+)\/?$/ },
    listedID: { attribute: 'href', pattern: /\/item\/(m\d+)\/?$/ },
    title: '[data-testid="ItemName"]',
    price: '[data-testid="ItemPrice"]',
  },
};
