import { html, SafeHtml } from '../core/html';
import type { ReplicaPhoto, ReplicaSale, ReplicaState, ReplicaListing } from './replica';
import { fieldOf } from './replica';
import type { ReplicaAnswer, ReplicaRequest } from './replica-server';

/**
 * What every replica site shares: the page shell, the behaviour of drop-down pickers and of a
 * form sent in the background (as the sites' own scripts do), the stop pages, and the checks
 * on submitted photos. Behaviour is wired through `data-replica-*` attributes, which the real
 * sites do not have: adapters must never select by them (the kit's test checks the facts).
 */

export { html, SafeHtml };

/** A choice in a picker; `children` make it a level of a path ("Women > Tops > Blouses"). */
export interface PickerOption {
  label: string;
  children?: PickerOption[];
}

/**
 * The kit's page script. Pickers: `[data-replica-picker]` holds its options as JSON
 * (`data-options`), a trigger (`[data-replica-open]`), a list (`[data-replica-list]`), an
 * optional search box (`[data-replica-search]`) and the hidden input that carries the choice.
 * Options render as `<li role="option">` into the list; a choice with children opens the next
 * level; a leaf writes the whole path into the input and closes the list. Forms marked
 * `data-replica-form` are sent with fetch: a 422 answer's `errors` are shown beside their
 * fields and in the form's alert, a 200 answer's `url` is opened.
 */
const KIT_SCRIPT = `
(() => {
  const pickers = document.querySelectorAll('[data-replica-picker]');
  for (const picker of pickers) {
    const tree = JSON.parse(picker.getAttribute('data-options') || '[]');
    const trigger = picker.querySelector('[data-replica-open]');
    const list = picker.querySelector('[data-replica-list]');
    const search = picker.querySelector('[data-replica-search]');
    const input = picker.querySelector('input[type=hidden]');
    const optionClass = picker.getAttribute('data-option-class') || '';
    let level = tree;
    let trail = [];
    const render = () => {
      list.innerHTML = '';
      const filter = search ? search.value.trim().toLowerCase() : '';
      for (const option of level) {
        if (filter && !option.label.toLowerCase().includes(filter)) continue;
        const item = document.createElement('li');
        item.setAttribute('role', 'option');
        if (optionClass) item.className = optionClass;
        item.textContent = option.label;
        item.addEventListener('click', () => {
          trail.push(option.label);
          if (option.children && option.children.length > 0) {
            level = option.children;
            if (search) search.value = '';
            render();
            return;
          }
          input.value = trail.join(' > ');
          trigger.textContent = trail.join(' > ');
          list.hidden = true;
          if (search) search.hidden = true;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        });
        list.appendChild(item);
      }
    };
    trigger.addEventListener('click', (event) => {
      event.preventDefault();
      level = tree;
      trail = [];
      list.hidden = false;
      if (search) { search.hidden = false; search.value = ''; }
      render();
    });
    if (search) search.addEventListener('input', render);
  }
  for (const form of document.querySelectorAll('form[data-replica-form]')) {
    const alert = form.querySelector('[data-replica-alert]');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      for (const old of form.querySelectorAll('[data-replica-error]')) old.textContent = '';
      if (alert) { alert.textContent = ''; alert.hidden = true; }
      const response = await fetch(form.getAttribute('action'), {
        method: 'POST',
        body: new FormData(form),
        credentials: 'same-origin',
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok && body.url) { location.assign(body.url); return; }
      const errors = body.errors || { form: body.error || 'Something went wrong.' };
      for (const [field, message] of Object.entries(errors)) {
        const slot = form.querySelector('[data-replica-error="' + field + '"]');
        if (slot) slot.textContent = message;
      }
      if (alert) { alert.textContent = Object.values(errors).join(' '); alert.hidden = false; }
    });
  }
  for (const button of document.querySelectorAll('[data-replica-post]')) {
    button.addEventListener('click', async () => {
      const response = await fetch(button.getAttribute('data-replica-post'), {
        method: 'POST', credentials: 'same-origin',
      });
      const body = await response.json().catch(() => ({}));
      if (body.url) location.assign(body.url);
    });
  }
  for (const opener of document.querySelectorAll('[data-replica-reveal]')) {
    opener.addEventListener('click', () => {
      const target = document.getElementById(opener.getAttribute('data-replica-reveal'));
      if (target) target.hidden = false;
    });
  }
})();
`;

/** A whole replica page: the site's own look is up to each site; the banner says what it is. */
export function replicaPage(
  site: string,
  title: string,
  body: SafeHtml,
  options: { bodyClass?: string } = {},
): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0;
            color: #222;
          }
          .replica-banner {
            background: #e7f5ff;
            padding: 6px 12px;
            font-size: 12px;
          }
          main {
            max-width: 760px;
            margin: 0 auto;
            padding: 16px;
          }
          label {
            display: block;
            margin-top: 12px;
            font-weight: 600;
          }
          input,
          textarea,
          select {
            display: block;
            width: 100%;
            max-width: 520px;
          }
          [role='listbox'] {
            border: 1px solid #ccc;
            max-height: 260px;
            overflow: auto;
          }
          [role='option'] {
            padding: 4px 8px;
            cursor: pointer;
            list-style: none;
          }
          .error {
            color: #b00020;
          }
        </style>
      </head>
      <body class="${options.bodyClass ?? ''}">
        <div class="replica-banner">
          Replica of ${site} for ListLoop's tests: our model of its seller pages, not ${site}.
        </div>
        ${body}
        <script>
          ${new SafeHtml(KIT_SCRIPT)};
        </script>
      </body>
    </html>`.value;
}

/** A picker wired for the kit's script; `attrs` are the site's own markup on its trigger. */
export function picker(input: {
  name: string;
  options: PickerOption[];
  trigger: SafeHtml;
  search?: SafeHtml;
  listClass?: string;
  optionClass?: string;
}): SafeHtml {
  return html`<div
    data-replica-picker
    data-options="${JSON.stringify(input.options)}"
    data-option-class="${input.optionClass ?? ''}"
  >
    ${input.trigger} ${input.search ?? ''}
    <ul role="listbox" class="${input.listClass ?? ''}" data-replica-list hidden></ul>
    <input type="hidden" name="${input.name}" value="" />
  </div>`;
}

/** A leaf-only option list from labels. */
export const options = (labels: readonly string[]): PickerOption[] =>
  labels.map((label) => ({ label }));

export function ok(htmlBody: string): ReplicaAnswer {
  return { status: 200, html: htmlBody };
}

export function redirectTo(location: string): ReplicaAnswer {
  return { status: 302, location };
}

export function notFound(site: string): ReplicaAnswer {
  return {
    status: 404,
    html: replicaPage(site, 'Page not found', html`<main><h1>Page not found</h1></main>`),
  };
}

/** A form's refusal: the kit's script shows each message beside its field. */
export function refused(errors: Record<string, string>): ReplicaAnswer {
  return { status: 422, json: { errors } };
}

/** A form's acceptance: the kit's script (and a site's own `data-replica-post`) opens `url`. */
export function accepted(url: string): ReplicaAnswer {
  return { status: 200, json: { url } };
}

/** A submitted form's text values by name, a repeated name's as an array. */
export type FormFields = Record<string, string | string[]>;

/**
 * A site's checks on a sent listing form, in its own words: field name → message. `creating`
 * is a new listing (the photos' own checks apply); an edit sends the kept photos' count.
 */
export type ValidateListing = (
  fields: FormFields,
  photoCount: number,
  creating: boolean,
) => Record<string, string>;

/** A field's one value, or the first of several, trimmed as the sites' checks read it. */
export function firstOf(fields: FormFields, name: string): string {
  const value = fields[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** Every value of a field that takes several (colours, materials), none when it was not sent. */
export function allOf(fields: FormFields, name: string): string[] {
  return ([] as string[]).concat(fields[name] ?? []);
}

/** The values of a submitted form, repeated names as arrays; files left out. */
export function formFields(request: ReplicaRequest): FormFields {
  const fields: FormFields = {};
  if (!request.form) return fields;
  for (const [name, value] of request.form.entries()) {
    if (typeof value !== 'string') continue;
    const existing = fields[name];
    if (existing === undefined) fields[name] = value;
    else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}

const IMAGE_SIGNATURES: { type: string; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46] },
];

/**
 * The photos of a submitted form, each checked to be an image by its first bytes, as the
 * sites' upload services do; a file that is not one is refused by name.
 */
export async function photosOf(
  request: ReplicaRequest,
  field: string,
): Promise<{ photos: ReplicaPhoto[]; error: string | null }> {
  const photos: ReplicaPhoto[] = [];
  for (const value of request.form?.getAll(field) ?? []) {
    if (typeof value === 'string') continue;
    const head = new Uint8Array(await value.slice(0, 4).arrayBuffer());
    const image = IMAGE_SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b));
    if (!image) return { photos, error: `${value.name} is not a photo.` };
    photos.push({ name: value.name, type: image.type, size: value.size });
  }
  return { photos, error: null };
}

/** Whether a price field holds a positive amount with at most two decimals. */
export function isPrice(value: string | undefined): boolean {
  return !!value && /^\d+(\.\d{1,2})?$/.test(value.trim()) && Number(value) > 0;
}

/**
 * A site's page maker: each of its pages but the sign-in and the human check carries the
 * site's header (its navigation, as a signed-in seller sees it) above the page's own body.
 */
export function sitePages(
  site: string,
  header: () => SafeHtml,
): (title: string, body: SafeHtml) => string {
  return (title, body) => replicaPage(site, title, html`${header()} ${body}`);
}

/**
 * Google reCAPTCHA's challenge as the sites that embed it show it: their own heading over
 * Google's widget (`.g-recaptcha` and its frame), which is what the adapters recognise. The
 * frame stays blank, so no test reaches Google.
 */
export function recaptchaPage(
  site: string,
  title: string,
  heading: string,
  frameTitle = 'reCAPTCHA',
): string {
  return replicaPage(
    site,
    title,
    html`<main>
      <h1>${heading}</h1>
      <div class="g-recaptcha"><iframe title="${frameTitle}" src="about:blank"></iframe></div>
    </main>`,
  );
}

/**
 * The plain list of links to the seller's listings for sale that a closet or profile page
 * shows (`<li><a>`), each named by the site's title field.
 */
export function activeListingItems(
  state: ReplicaState,
  listingPath: (listing: ReplicaListing) => string,
  titleField: string,
): SafeHtml[] {
  return state
    .active()
    .map((l) => html`<li><a href="${listingPath(l)}">${fieldOf(l, titleField)}</a></li>`);
}

/**
 * A sold list's rows, newest first, each given the address of its listing: `#` once the
 * listing is gone, as a sold row keeps its order when the item page no longer opens.
 */
export function saleRows(
  state: ReplicaState,
  listingPath: (listing: ReplicaListing) => string,
  row: (sale: ReplicaSale, listingHref: string) => SafeHtml,
): SafeHtml[] {
  return state.sales.map((sale) => {
    const listing = state.listings.get(sale.listingId);
    return row(sale, listing ? listingPath(listing) : '#');
  });
}

/** When a sale was made, readable and machine-readable: the adapters read `datetime`. */
export function soldTime(sale: ReplicaSale): SafeHtml {
  return html`<time datetime="${sale.soldAt.toISOString()}">${sale.soldAt.toDateString()}</time>`;
}
