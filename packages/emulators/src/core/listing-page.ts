import { html, page } from './html';

export interface ListingPageInput {
  marketplace: string;
  listingId: string;
  title: string;
  description?: string;
  price: { value: string; currency: string } | null;
  photos: readonly string[];
  quantity: number;
  status: string;
  /** Other facts to show (condition, SKU, category …). */
  details?: ReadonlyArray<[string, string]>;
  /** Where the "Simulate a sale" form posts (the control surface); absent when it can't sell. */
  saleAction?: string | null;
  /** Hidden fields of that form. */
  saleFields?: Record<string, string>;
  /** A line shown above the listing (the outcome of a simulated sale). */
  notice?: string | null;
}

/** The page of one emulated listing: what a buyer would see, and a button to buy it. */
export function renderListingPage(input: ListingPageInput): string {
  const price = input.price ? `${input.price.value} ${input.price.currency}` : 'No price';
  const sale =
    input.saleAction && input.quantity > 0
      ? html`<form method="post" action="${input.saleAction}">
          ${Object.entries(input.saleFields ?? {}).map(
            ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
          )}
          <button type="submit">Simulate a sale</button>
        </form>`
      : html`<p>This listing cannot be bought now.</p>`;
  return page(
    input.title || input.listingId,
    input.marketplace,
    html`${input.notice ? html`<p class="card">${input.notice}</p>` : ''}
      <div class="card">
        <h1>${input.title || '(no title)'}</h1>
        <p><span class="status">${input.status}</span> · listing ${input.listingId}</p>
        <p class="price">${price}</p>
        <div class="photos">${input.photos.map((src) => html`<img src="${src}" alt="" />`)}</div>
        <dl>
          <dt>Quantity available</dt>
          <dd>${input.quantity}</dd>
          ${(input.details ?? []).map(
            ([label, value]) =>
              html`<dt>${label}</dt>
                <dd>${value}</dd>`,
          )}
        </dl>
        ${
          input.description
            ? html`<h2>Description</h2>
                <div class="description">${input.description}</div>`
            : ''
        }
        ${sale}
      </div>`,
  );
}
