/** One entry of an eBay answer's `errors` array. */
export interface EbayApiError {
  errorId?: number;
  domain?: string;
  category?: string;
  message?: string;
  longMessage?: string;
  parameters?: Array<{ name?: string; value?: string }>;
}

/** ✅ eBay's error id when a listing has used up its revisions for the day (25019 family). */
export const EBAY_CANNOT_REVISE = 25019;
/** ✅ eBay's insufficient-scope answer. */
const EBAY_ACCESS_DENIED = 1100;

export function ebayErrorsOf(body: unknown): EbayApiError[] {
  if (!body || typeof body !== 'object') return [];
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is EbayApiError => typeof e === 'object' && e !== null)
    : [];
}

/** eBay's "No <Item.Country> exists …": the listing has no item location. */
function isMissingLocation(error: EbayApiError): boolean {
  return /<Item\.(Country|Location|PostalCode)>/.test(error.message ?? '');
}

/** Says one eBay error in words a seller can act on. */
function say(error: EbayApiError): string {
  if (error.errorId === EBAY_ACCESS_DENIED) {
    return 'eBay refused access: the connection lacks a permission ListLoop needs. Reconnect your eBay account in Marketplaces.';
  }
  if (isMissingLocation(error)) {
    return "eBay needs the item's location: set the ship-from postal code on the eBay tab or in the eBay defaults.";
  }
  const message = (error.message ?? '').trim();
  const long = (error.longMessage ?? '').trim();
  if (!message) return long;
  if (!long || message.includes(long) || long.includes(message)) {
    return long.length > message.length ? long : message;
  }
  return `${message} ${long}`;
}

/**
 * The marketplace's own words from an eBay error answer, for MarketplaceHttp: every
 * `errors[]` entry (message and longMessage, deduplicated), or an OAuth error's description.
 */
export function ebayErrorMessage(_status: number, body: unknown): string | null {
  const errors = ebayErrorsOf(body);
  if (errors.length > 0) {
    const said = [...new Set(errors.map(say).filter(Boolean))];
    return said.length > 0 ? `eBay: ${said.join(' ')}` : null;
  }
  if (body && typeof body === 'object') {
    const { error, error_description: description } = body as Record<string, unknown>;
    if (typeof description === 'string' && description) return `eBay: ${description}`;
    if (typeof error === 'string' && error) return `eBay: ${error}`;
  }
  return null;
}
