import { z } from 'zod';

export const LISTING_URL_MAX_LENGTH = 2048;

const WebUrl = z.url({ protocol: /^https?$/ });

/** An absolute http or https address with a host name: what a listing page is at. */
export function isWebUrl(value: string): boolean {
  return WebUrl.safeParse(value).success;
}

/**
 * A path of this server (`/sandbox/ebay/itm/1`): the sandbox stores its listings' pages so, to
 * open on whatever address the app is used at. `//host` and `/\host` would leave the server.
 */
function isServerPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);
}

/**
 * The listing URL as ListLoop keeps it, or null: the seller's browser opens it as a link, so
 * only a web address (or a path of this server) is kept, never `javascript:` or `data:`.
 */
export function storableListingUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || text.length > LISTING_URL_MAX_LENGTH) return null;
  return isWebUrl(text) || isServerPath(text) ? text : null;
}

export const LISTING_URL_ONLY_WEB = 'Only an http or https address can be stored.';

/** A listing URL a caller reports (the browser extension, the API): http or https only. */
export const ListingUrlSchema = z
  .string()
  .trim()
  .max(LISTING_URL_MAX_LENGTH)
  .refine(isWebUrl, { message: LISTING_URL_ONLY_WEB });
