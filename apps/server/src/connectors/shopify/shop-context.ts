import { ConnectorError } from '../contract';
import type { ShopifySession } from './client';
import { SHOP_CONTEXT } from './documents';

/** ◐ Shopify's name of the online store's sales channel. */
export const ONLINE_STORE = 'Online Store';

/** What every call needs of the shop: its address, the location stock is kept at, the channel. */
export interface ShopContext {
  shopUrl: string;
  locationId: string;
  publicationId: string;
  at: number;
}

/**
 * The shop's context, read once and kept `ttlMs` per shop: a listing is stocked at the shop's
 * location and published to its online store channel (by name), and a shop without either is
 * told what to add.
 */
export function shopContexts(options: {
  now: () => number;
  ttlMs: number;
  /** The sales channel products are published to, by its name in the shop. */
  publicationName?: string;
}): (session: ShopifySession) => Promise<ShopContext> {
  const { now } = options;
  const contextTtl = options.ttlMs;
  const publicationName = (options.publicationName ?? ONLINE_STORE).toLowerCase();
  const contexts = new Map<string, ShopContext>();

  async function context(session: ShopifySession): Promise<ShopContext> {
    const cached = contexts.get(session.shop);
    if (cached && now() - cached.at < contextTtl) return cached;
    const data = await session.graphql<{
      shop: { url: string };
      location: { id: string } | null;
      publications: { nodes: { id: string; name: string }[] };
    }>(SHOP_CONTEXT);
    if (!data.location) {
      throw new ConnectorError(
        'Your Shopify store has no location to stock products at: add one in Shopify, then try again.',
      );
    }
    const publication = data.publications.nodes.find(
      (p) => p.name.toLowerCase() === publicationName,
    );
    if (!publication) {
      throw new ConnectorError(
        `Your Shopify store has no ${options.publicationName ?? ONLINE_STORE} sales channel: add it in Shopify, then try again.`,
      );
    }
    const fresh = {
      shopUrl: data.shop.url.replace(/\/+$/, ''),
      locationId: data.location.id,
      publicationId: publication.id,
      at: now(),
    };
    contexts.set(session.shop, fresh);
    return fresh;
  }

  return context;
}
