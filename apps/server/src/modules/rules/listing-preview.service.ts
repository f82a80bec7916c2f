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
  marketplaceProblems,
} from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountService } from '../accounts';
import type { ItemService } from '../items';
import type { ImageService } from '../images';
import type { ConnectorRegistry } from '../../connectors/contract';
import { isOutOfDate, listingDigest, type ReachOf } from '../listings';
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
 * What a marketplace's own category tree says of a category id: null when the tree could not
 * be read just now (no connection, an outage), so the check says nothing rather than guess.
 */
export type CategoryVerdict = 'ok' | 'unknown' | { notLeaf: string } | null;

export interface CategoryCheck {
  verdict(
    accountId: string,
    userId: string,
    marketplace: MarketplaceId,
    categoryId: string,
  ): Promise<CategoryVerdict>;
}

export interface ListingPreviewOptions {
  /** Signs the photos a connector sends (marketplaces fetch them with no session). */
  imageUrls?: Pick<ImageService, 'signPhotos'> | null;
  /** The connectors whose own `validate` joins the checks. */
  connectors?: Pick<ConnectorRegistry, 'get'> | null;
  /** Whether ListLoop can carry a listing out for the account (listing-reach.ts). */
  reachFor?: ((accountId: string) => Promise<ReachOf>) | null;
  /** The marketplaces' category trees, where a connector offers one. */
  categories?: CategoryCheck | null;
  /** What the connectors make of a build (default: its whole digest, no connector SKU). */
  sending?: ListingSending;
  catalogue?: Readonly<Catalogue>;
}

/** The account's side of a check: the same for every marketplace it is built for. */
interface AccountFacts {
  reach: ReachOf | null;
  currency: Awaited<ReturnType<AccountService['currencyOf']>>;
}

const DIGEST_ONLY: ListingSending = {
  digest: (_marketplace, built) => listingDigest(built),
  sku: () => null,
};

/**
 * Building a marketplace listing: the item's general details, then the account's
 * mapping rules, pricing rule and defaults for the marketplace, then the item's own listing
 * there. Its problems are the one check every path uses (the seller's preview, the queue
 * request, the connector job before it calls the marketplace, the extension's operation):
 * whether ListLoop can reach the marketplace for the account, the marketplace's limits, and
 * the marketplace's connector's own `validate` on the listing as the connector would send it.
 */
export class ListingPreviewService {
  private readonly imageUrls: Pick<ImageService, 'signPhotos'> | null;
  private readonly connectors: Pick<ConnectorRegistry, 'get'> | null;
  private readonly reachFor: ((accountId: string) => Promise<ReachOf>) | null;
  private readonly categories: CategoryCheck | null;
  private readonly sending: ListingSending;
  private readonly catalogue: Readonly<Catalogue>;

  constructor(
    private readonly items: ItemService,
    private readonly rules: MarketplaceRuleService,
    private readonly accounts: Pick<AccountService, 'currencyOf'>,
    options: ListingPreviewOptions = {},
  ) {
    this.imageUrls = options.imageUrls ?? null;
    this.connectors = options.connectors ?? null;
    this.reachFor = options.reachFor ?? null;
    this.categories = options.categories ?? null;
    this.sending = options.sending ?? DIGEST_ONLY;
    this.catalogue = options.catalogue ?? defaultCatalogue;
  }

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
    const account = await this.accountOf(ctx.accountId);
    return Promise.all(
      wanted.map((marketplace) => this.check(ctx.accountId, item, marketplace, account, false)),
    );
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
    return this.check(accountId, item, marketplace, await this.accountOf(accountId), true);
  }

  /**
   * The build for an item already read: what the queue check and the executor use (no request
   * needed, so a job can call it).
   */
  async compose(
    accountId: string,
    item: Item,
    marketplace: MarketplaceId,
  ): Promise<ListingPreview> {
    return this.check(accountId, item, marketplace, await this.accountOf(accountId), false);
  }

  /**
   * What every marketplace's check of one account shares, read once per request however many
   * marketplaces it builds for: whether ListLoop can reach each (its connections) and the
   * account's currency.
   */
  private async accountOf(accountId: string): Promise<AccountFacts> {
    const [reach, currency] = await Promise.all([
      this.reachFor ? this.reachFor(accountId) : null,
      this.accounts.currencyOf(accountId),
    ]);
    return { reach, currency };
  }

  private async check(
    accountId: string,
    item: Item,
    marketplace: MarketplaceId,
    { reach, currency }: AccountFacts,
    forConnector: boolean,
  ): Promise<ListingPreview> {
    const spec = this.catalogue[marketplace];
    const ruleSet = await this.rules.ruleSet(accountId, marketplace);
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
    // The connector judges what it would send: the photos at the addresses it sends.
    const { sent, notInAccount } = await this.signed(accountId, composed.listing);
    const problems: ListingProblem[] = [];
    const reachProblem = reach?.(marketplace).problem;
    if (reachProblem) problems.push(reachProblem);
    for (const index of notInAccount) {
      problems.push(marketplaceProblems.photoNotInAccount(marketplace, index));
    }
    problems.push(...checkListing(marketplace, composed.listing, this.catalogue));
    if (spec.supported) {
      problems.push(
        ...(await this.connectorProblems(accountId, item, marketplace, sent, problems)),
      );
    }
    const digest = this.sending.digest(marketplace, composed.listing);
    return {
      marketplace,
      listing: forConnector ? sent : composed.listing,
      problems,
      applied: composed.applied,
      ignored: composed.ignored,
      digest,
      outOfDate: isOutOfDate(item, marketplace, digest),
      marketplaceSku: this.sending.sku(marketplace, item, composed.listing),
    };
  }

  /**
   * The listing with the account's photos at their signed addresses. A photo naming an image of
   * ours that is not the account's is never signed: it stays as it was and is a problem.
   */
  private async signed(
    accountId: string,
    listing: BuiltListing,
  ): Promise<{ sent: BuiltListing; notInAccount: number[] }> {
    if (!this.imageUrls) return { sent: listing, notInAccount: [] };
    const signed = await this.imageUrls.signPhotos(accountId, listing.photos);
    const notInAccount = signed.flatMap((photo, index) => (photo === null ? [index] : []));
    const photos = signed.map((photo, index) => photo ?? listing.photos[index]!);
    return { sent: { ...listing, photos }, notInAccount };
  }

  /**
   * The connector's own problems that the checks so far have not named (one per field: where
   * the generic check already said what to fix, the connector's sentence would repeat it), and
   * then whether the category is one the marketplace's tree holds.
   */
  private async connectorProblems(
    accountId: string,
    item: Item,
    marketplace: MarketplaceId,
    built: BuiltListing,
    found: readonly ListingProblem[],
  ): Promise<ListingProblem[]> {
    const connector = this.connectors?.get(marketplace);
    if (!connector) return [];
    const named = new Set(found.map((p) => p.field));
    const own: ListingProblem[] = [];
    const stored = (item.listings[marketplace] ?? {}) as Record<string, unknown>;
    const problems = await connector.validate({
      accountId,
      userId: item.userID,
      item,
      listing: stored,
      built,
    });
    for (const problem of problems) {
      if (named.has(problem.path)) continue;
      named.add(problem.path);
      own.push({
        code: problem.code,
        field: problem.path,
        message: problem.message,
        params: problem.params,
      });
    }
    const category = built.category?.trim();
    if (this.categories && category && !named.has('category')) {
      const verdict = await this.categories.verdict(accountId, item.userID, marketplace, category);
      if (verdict === 'unknown')
        own.push(marketplaceProblems.categoryUnknown(marketplace, category));
      else if (verdict && verdict !== 'ok') {
        own.push(marketplaceProblems.categoryNotLeaf(marketplace, category, verdict.notLeaf));
      }
    }
    return own;
  }
}
