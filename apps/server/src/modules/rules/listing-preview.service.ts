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
import type { AccountRepository } from '../accounts/account.repository';
import type { ItemService } from '../items/item.service';
import type { ImageUrlSigner } from '../images/image.signing';
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
    private readonly accounts: Pick<AccountRepository, 'currencyOf'>,
    /** Signs the photos a connector sends (marketplaces fetch them with no session). */
    private readonly imageUrls: Pick<ImageUrlSigner, 'signPhoto'> | null = null,
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
    const [ruleSet, currency] = await Promise.all([
      this.rules.ruleSet(accountId, marketplace),
      this.accounts.currencyOf(accountId),
    ]);
    // The account's amounts are in its one currency and are never converted: a marketplace
    // that does not take that currency gets a `currency.unsupported` problem from the checks,
    // which keeps the listing from being queued (docs/decisions/0017).
    const composed = composeListing({
      item,
      marketplace,
      ...ruleSet,
      conditionMap: spec.conditions?.fromItem ?? null,
      currency: currency ?? spec.currencies[0],
    });
    return {
      marketplace,
      listing: composed.listing,
      problems: checkListing(marketplace, composed.listing, this.catalogue),
      applied: composed.applied,
      ignored: composed.ignored,
    };
  }
}
