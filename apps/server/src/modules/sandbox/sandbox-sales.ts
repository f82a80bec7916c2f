import { MARKETPLACE_NAMES } from '@listloop/domain';
import { notFound } from '../../platform/http/errors';
import type { SandboxMarketplace, SandboxMarketplaces } from './sandbox-marketplaces';
import type { ItemService } from '../items';

type Fields = Record<string, string>;

/** What a listing page's "Simulate a sale" form sends, and the listing it names. */
interface SaleTarget {
  /** The listing's id on the marketplace, as ListLoop keeps it (`listedID`). */
  listedID: string;
  /** Only the fields the page's form carries. */
  fields: Fields;
}

function fieldsOf(contentType: string | undefined, body: Buffer): Fields | null {
  const text = body.toString('utf8');
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
        .map(([k, v]) => [k, String(v)]),
    );
  } catch {
    return null;
  }
}

/**
 * The emulated marketplaces' "Simulate a sale", reached from the browser: a sale the signed-in
 * seller makes of one of their own account's listings, and nothing else. The emulators' other
 * controls (faults, clock, reset, tokens) are not on the web at all; tests drive them in process.
 * A sale is told by the field the listing page's form posts (eBay's and Etsy's listing id,
 * Depop's product id, the Shopify store and variant); a SKU, an offer id or a slug, which the
 * emulators also take, could name another account's listing and are not passed on.
 */
export class SandboxSales {
  constructor(
    private readonly sandbox: SandboxMarketplaces,
    private readonly items: Pick<ItemService, 'hasListingAt'>,
  ) {}

  /** The body to hand the emulator for this account's sale; 404 when it names no listing of theirs. */
  async authorise(
    accountId: string,
    marketplace: SandboxMarketplace,
    request: { contentType: string | undefined; body: Buffer },
  ): Promise<Buffer> {
    const given = fieldsOf(request.contentType, request.body);
    const target = given ? this.targetOf(marketplace, given) : null;
    if (!target || !(await this.items.hasListingAt(accountId, marketplace, target.listedID))) {
      throw notFound(
        `None of your account's listings is there to sell on the sandbox's ${MARKETPLACE_NAMES[marketplace]}.`,
      );
    }
    const isForm = request.contentType?.includes('application/x-www-form-urlencoded') ?? false;
    return Buffer.from(
      isForm ? new URLSearchParams(target.fields).toString() : JSON.stringify(target.fields),
    );
  }

  private targetOf(marketplace: SandboxMarketplace, fields: Fields): SaleTarget | null {
    if (marketplace === 'ebay' || marketplace === 'etsy') {
      const listingId = fields.listingId?.trim();
      return listingId ? { listedID: listingId, fields: { listingId } } : null;
    }
    if (marketplace === 'depop') {
      const productId = fields.productId?.trim();
      return productId ? { listedID: productId, fields: { productId } } : null;
    }
    const shop = fields.shop?.trim().toLowerCase();
    const variantId = fields.variantId?.trim();
    if (!shop || !variantId) return null;
    let productId: string | undefined;
    try {
      productId = this.sandbox.shopify.shop(shop).variants.get(variantId)?.productId;
    } catch {
      return null;
    }
    return productId ? { listedID: productId, fields: { shop, variantId } } : null;
  }
}
