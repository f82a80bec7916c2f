import type { Clock } from '../core/clock';
import type { ApiContext, EmulatorServer } from '../core/emulator-server';
import type { EbayError } from './ebay-errors';
import { ebayError } from './ebay-errors';
import type { EbayStore, OfferRecord } from './ebay-store';

/** The eBay marketplaces the emulator knows: their currency and listing languages. */
export const EBAY_MARKETPLACES: Record<string, { currency: string; locales: readonly string[] }> = {
  EBAY_US: { currency: 'USD', locales: ['en-US'] },
  EBAY_GB: { currency: 'GBP', locales: ['en-GB'] },
  EBAY_AU: { currency: 'AUD', locales: ['en-AU'] },
  EBAY_CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] },
  EBAY_DE: { currency: 'EUR', locales: ['de-DE'] },
  EBAY_FR: { currency: 'EUR', locales: ['fr-FR'] },
  EBAY_IT: { currency: 'EUR', locales: ['it-IT'] },
  EBAY_ES: { currency: 'EUR', locales: ['es-ES'] },
  EBAY_IE: { currency: 'EUR', locales: ['en-IE'] },
};

/** eBay's ConditionEnum (sell/inventory/types/slr:ConditionEnum); allowed values vary per category. */
export const EBAY_CONDITIONS: readonly string[] = [
  'NEW',
  'LIKE_NEW',
  'NEW_OTHER',
  'NEW_WITH_DEFECTS',
  'CERTIFIED_REFURBISHED',
  'EXCELLENT_REFURBISHED',
  'VERY_GOOD_REFURBISHED',
  'GOOD_REFURBISHED',
  'SELLER_REFURBISHED',
  'USED_EXCELLENT',
  'USED_VERY_GOOD',
  'USED_GOOD',
  'USED_ACCEPTABLE',
  'FOR_PARTS_OR_NOT_WORKING',
  'PRE_OWNED_EXCELLENT',
  'PRE_OWNED_FAIR',
];

export interface EbayRules {
  /** Leaf categories a listing may use; null accepts any numeric id (the real tree has ~20,000). */
  leafCategoryIds: ReadonlySet<string> | null;
  /** Item specifics a category requires (Taxonomy's getItemAspectsForCategory), by category id. */
  requiredAspects: Readonly<Record<string, readonly string[]>>;
  /** ✅ eBay lets a listing be revised at most 250 times a day. */
  revisionsPerDay: number;
  /**
   * ◐ Where eBay's day starts for that count, as minutes east of UTC (0 = midnight UTC); eBay
   * does not document the time zone.
   */
  revisionDayOffsetMinutes: number;
  /** ✅ Max title length (80) and pictures (24). */
  titleMax: number;
  picturesMax: number;
  /**
   * The seller's out-of-stock control: a listing that reaches quantity 0 stays (OUT_OF_STOCK)
   * instead of ending. Off by default, as on a new eBay account.
   */
  outOfStockControl: boolean;
}

export interface EbayContext {
  store: EbayStore;
  rules: EbayRules;
  clock: Clock;
  server: EmulatorServer;
  /** A listing's page on the emulator. */
  listingUrl(baseUrl: string, listingId: string): string;
}

/** Records a request the real API would refuse (a connector bug) beside the answer. */
export function requestViolation(ebay: EbayContext, ctx: ApiContext, messages: string[]): void {
  ebay.server.recordViolation({
    direction: 'request',
    api: 'ebay',
    operationId: ctx.operationId,
    method: ctx.request.method,
    path: ctx.request.path,
    status: null,
    messages,
  });
}

function dayOf(ebay: EbayContext, at: number): number {
  return Math.floor((at + ebay.rules.revisionDayOffsetMinutes * 60_000) / 86_400_000);
}

/** The live listings of these offers (published and not ended). */
export function liveListings(offers: readonly OfferRecord[]): OfferRecord[] {
  return offers.filter(
    (o) => o.status === 'PUBLISHED' && o.listing && o.listing.listingStatus !== 'ENDED',
  );
}

/**
 * Counts one revision of each live listing, or refuses them all when one has used up today's
 * revisions (eBay refuses the whole call then).
 */
export function revise(ebay: EbayContext, offers: readonly OfferRecord[]): EbayError | null {
  const day = dayOf(ebay, ebay.clock.now());
  const keys = liveListings(offers).map((o) => `${o.listing?.listingId}|${day}`);
  for (const key of keys) {
    if ((ebay.store.revisions.get(key) ?? 0) >= ebay.rules.revisionsPerDay) {
      const listingId = key.split('|')[0] ?? '';
      return ebayError('cannotRevise', {
        additionalInfo: `The listing ${listingId} has been revised ${ebay.rules.revisionsPerDay} times today, the most eBay allows in a day. Try again tomorrow.`,
        parameters: [{ name: 'listingId', value: listingId }],
      });
    }
  }
  for (const key of keys) ebay.store.revisions.set(key, (ebay.store.revisions.get(key) ?? 0) + 1);
  return null;
}

/** Revisions a listing had today (the control surface shows it). */
export function revisionsToday(ebay: EbayContext, listingId: string): number {
  return ebay.store.revisions.get(`${listingId}|${dayOf(ebay, ebay.clock.now())}`) ?? 0;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** A limit/offset pair from the query, or null when not whole numbers in range. */
export function paging(
  query: URLSearchParams,
  defaults: { limit: number; max: number },
): { limit: number; offset: number } | null {
  const limitText = query.get('limit');
  const offsetText = query.get('offset');
  const limit = limitText === null ? defaults.limit : Number(limitText);
  const offset = offsetText === null ? 0 : Number(offsetText);
  if (!Number.isInteger(limit) || limit < 1 || limit > defaults.max) return null;
  if (!Number.isInteger(offset) || offset < 0) return null;
  return { limit, offset };
}

/** href/next/prev of a page, as eBay returns them (full URLs). */
export function pageLinks(
  baseUrl: string,
  path: string,
  query: URLSearchParams,
  page: { limit: number; offset: number },
  total: number,
): { href: string; next?: string; prev?: string } {
  const at = (offset: number) => {
    const q = new URLSearchParams(query);
    q.set('limit', String(page.limit));
    q.set('offset', String(offset));
    return `${baseUrl}${path}?${q.toString()}`;
  };
  const links: { href: string; next?: string; prev?: string } = { href: at(page.offset) };
  if (page.offset + page.limit < total) links.next = at(page.offset + page.limit);
  if (page.offset > 0) links.prev = at(Math.max(0, page.offset - page.limit));
  return links;
}
