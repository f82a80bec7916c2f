import {
  checkListing,
  composeListing,
  defaultCatalogue,
  type AppliedChange,
  type BuiltListing,
  type Catalogue,
  type IgnoredOverride,
  type Item,
  type ListingProblem,
  type MarketplaceId,
} from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import type { ItemService } from '../items/item.service';
import type { ImageUrlSigner } from '../images/image.signing';
import { isOutOfDate } from '../listings/listing-digest';
import {
  requireSupportedMarketplace,
  type MarketplaceRuleService,
} from './marketplace-rule.service';

export interface ListingPreview {
  marketplace: MarketplaceId;
  /** The listing exactly as it would be sent. */
  listing: BuiltListing;
  /** Every problem that would stop it; empty when it may be queued. */
  problems: ListingProblem[];
  /** Each change the rules and the item's own overrides made, in order. */
  applied: AppliedChange[];
  /** Item overrides that could not be used, and why. */
  ignored: IgnoredOverride[];
  /**
   * The digest of the listing as an update would send it (photos at ListLoop's own addresses),
   * what a publish or update records on the listing (decision 0023).
   */
  digest: string;
  /** Whether the listed listing differs from what was last sent there; null when not listed. */
  outOfDate: boolean | null;
  /** The SKU the connector gives the listing there; null where the extension lists. */
  marketplaceSku: string | null;
}

/** What the connectors make of a build when they send it (the container wires them in). */
export interface ListingSending {
  /** The digest of the build (listingDigest without what the marketplace's update leaves out). */
  digest(marketplace: MarketplaceId, built: BuiltListing): string;
  /** The SKU the marketplace's connector acts on the listing with; null without a connector. */
  sku(marketplace: MarketplaceId, item: Item, built: BuiltListing): string | null;
}

/**
 * Issue 4 "Building a marketplace listing": the item's general details, then the account's
 * mapping rules, pricing rule and defaults for the marketplace, then the item's own listing
 * there, checked against the marketplace's limits. The same build runs before any publish.
 */
export class ListingPreviewService {
  constructor(
    private readonly items: ItemService,
    private readonly rules: MarketplaceRuleService,
    /** Signs the photos a connector sends (marketplaces fetch them with no session). */
    private readonly imageUrls: Pick<ImageUrlSigner, 'signPhoto'> | null = null,
    private readonly sending: ListingSending,
    private readonly catalogue: Readonly<Catalogue> = defaultCatalogue,
  ) {}

  async build(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    marketplace: MarketplaceId,
  ): Promise<ListingPreview> {
    const [preview] = await this.buildMany(ctx, userId, itemId, [marketplace]);
    if (!preview) throw new Error('No preview was built');
    return preview;
  }

  /** One preview per marketplace, in the order asked, each once; the item is read once. */
  async buildMany(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    marketplaces: readonly string[],
  ): Promise<ListingPreview[]> {
    const wanted = [...new Set(marketplaces.map(requireSupportedMarketplace))];
    const item = await this.items.get(ctx, userId, itemId);
    return Promise.all(wanted.map((marketplace) => this.compose(ctx.accountId, item, marketplace)));
  }

  /**
   * The build a connector job sends: the same, with each photo of ours as its signed, expiring,
   * absolute address, which the marketplace can fetch. The seller's previews keep the session
   * paths, which the app shows.
   */
  async composeForConnector(
    accountId: string,
    item: Item,
    marketplace: MarketplaceId,
  ): Promise<ListingPreview> {
    const preview = await this.compose(accountId, item, marketplace);
    const signer = this.imageUrls;
    if (!signer) return preview;
    const photos = preview.listing.photos.map((photo) => signer.signPhoto(photo));
    return { ...preview, listing: { ...preview.listing, photos } };
  }

  /**
   * The build for an item already read: what the queue check, the connector job and the
   * executor use (no request needed, so a job can call it).
   */
  async compose(
    accountId: string,
    item: Item,
    marketplace: MarketplaceId,
  ): Promise<ListingPreview> {
    const spec = this.catalogue[marketplace];
    const ruleSet = await this.rules.ruleSet(accountId, marketplace);
    const composed = composeListing({
      item,
      marketplace,
      ...ruleSet,
      conditionMap: spec.conditions?.fromItem ?? null,
      currency: spec.currencies[0],
    });
    const digest = this.sending.digest(marketplace, composed.listing);
    return {
      marketplace,
      listing: composed.listing,
      problems: checkListing(marketplace, composed.listing, this.catalogue),
      applied: composed.applied,
      ignored: composed.ignored,
      digest,
      outOfDate: isOutOfDate(item, marketplace, digest),
      marketplaceSku: this.sending.sku(marketplace, item, composed.listing),
    };
  }
}
