import { stableJobId, type SendJob } from '../../platform/queue/job';
import type { Logger } from 'pino';
import {
  DESCRIPTION_MAX_LENGTH,
  GeneralDetailsSchema,
  ListingSchema,
  MARKETPLACE_IMPORT_PROBLEMS_MAX,
  MARKETPLACE_IMPORT_SOURCES,
  MARKETPLACE_NAMES,
  MAX_IMAGES_PER_ITEM,
  PRICE_MAX,
  SKU_MAX_LENGTH,
  storableListingUrl,
  TITLE_MAX_LENGTH,
  type Image,
  type MarketplaceId,
  type MarketplaceImport,
  type MarketplaceImportProblem,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import type { ConnectionRow, ConnectionService } from '../connections';
import type { ImageService } from '../images';
import { derivedItemId } from '../item-import';
import {
  completenessOf,
  stampListing,
  type ItemRecord,
  type ItemService,
  type ItemWrite,
} from '../items';
import {
  ConnectorError,
  type Connector,
  type ConnectorExistingListing,
  type ConnectorRegistry,
  type ConnectorScope,
} from '../../connectors/contract';
import type {
  ImportPageCounts,
  MarketplaceImportRepository,
  MarketplaceImportRow,
} from './marketplace-import.repository';

const NO_SUCH_IMPORT = 'No such import.';
const NO_SUCH_CONNECTION = 'No such connection.';
/** Listings whose photos are downloaded at once. */
const PHOTO_CONCURRENCY = 4;
/** Transient marketplace errors of one page tried before the job itself is retried. */
const PAGE_TRIES = 3;

export interface MarketplaceImportJobPayload {
  importId: string;
  accountId: string;
  /** The page this job imports: the import's pages done when it was sent. */
  page: number;
  /** The import's run (a failed import started again runs anew); part of the job's id. */
  run: number;
}

/** Another run of the same import finished this page first; this one stops quietly. */
class ImportOvertaken extends Error {}

export function toMarketplaceImport(row: MarketplaceImportRow): MarketplaceImport {
  return {
    importId: row.id,
    connectionId: row.connectionId,
    marketplace: row.marketplace as MarketplaceId,
    status: row.status,
    seenListings: row.seenListings,
    createdItems: row.createdItems,
    linkedItems: row.linkedItems,
    unchangedItems: row.unchangedItems,
    photosImported: row.photosImported,
    problems: row.problems,
    failureReason: row.failureReason,
    startedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const clip = (text: string | null | undefined, max: number) => (text ?? '').trim().slice(0, max);

/** What becomes of one listing of a page. */
type Plan =
  | { kind: 'unchanged'; listing: ConnectorExistingListing }
  | { kind: 'link'; listing: ConnectorExistingListing; itemId: string }
  | { kind: 'create'; listing: ConnectorExistingListing; itemId: string }
  | { kind: 'problem'; listing: ConnectorExistingListing; message: string };

/**
 * The import on connect (decision 0014): the listings a seller already has on eBay,
 * Etsy or Shopify become items of the inventory, with their photos. A job reads the
 * marketplace a page at a time; each page's items and the cursor after it are written in one
 * transaction, so a job that stops carries on at the first unfinished page. A listing is
 * matched before anything is made: by its listing id on that marketplace (already linked:
 * left alone), then by SKU (ListLoop's own listings carry the item id as SKU; the seller's
 * carry theirs), then by the id an earlier import gave it. Only a listing nothing matches
 * becomes a new item, so importing twice duplicates nothing.
 */
export class MarketplaceImportService {
  constructor(
    private readonly db: Db,
    private readonly imports: MarketplaceImportRepository,
    private readonly connections: Pick<ConnectionService, 'find' | 'list'>,
    private readonly items: ItemService,
    private readonly images: ImageService,
    private readonly connectors: ConnectorRegistry,
    private readonly enqueue: SendJob<MarketplaceImportJobPayload>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Starts importing a connection's listings; answers the running import when there is one. */
  async start(ctx: RequestContext, connectionId: string): Promise<MarketplaceImport> {
    const connection = await this.connections.find(ctx.accountId, connectionId);
    if (!connection) throw notFound(NO_SUCH_CONNECTION);
    return this.startFor(ctx, connection);
  }

  /**
   * Starts importing a connection's listings for a schedule of the account's (the workflow's
   * eBay import), as the member who set the schedule up.
   */
  async startScheduled(
    owner: { accountId: string; userId: string },
    connectionId: string,
  ): Promise<MarketplaceImport> {
    const connection = await this.connections.find(owner.accountId, connectionId);
    if (!connection) throw notFound(NO_SUCH_CONNECTION);
    return this.startFor({ accountId: owner.accountId, user: { id: owner.userId } }, connection);
  }

  /**
   * `PUT /api/rest/v1/enterprise/shopify/bulk/shop`: imports the connected store's products.
   * Without an id it takes the account's one Shopify connection.
   */
  async startShopifyShop(
    ctx: RequestContext,
    connectionId: string | undefined,
  ): Promise<MarketplaceImport> {
    const stores = (await this.connections.list(ctx)).filter(
      (c) => c.marketplace === 'shopify' && c.status !== 'disconnected',
    );
    const store = connectionId ? stores.find((c) => c.id === connectionId) : stores[0];
    if (!store) {
      throw notFound(
        connectionId
          ? 'No such Shopify connection.'
          : 'Connect your Shopify store in Marketplaces first.',
      );
    }
    if (!connectionId && stores.length > 1) {
      throw badRequest(
        'More than one Shopify store is connected: say which to import with connectionId.',
      );
    }
    return this.startFor(ctx, store);
  }

  private async startFor(
    ctx: { accountId: string; user: { id: string } },
    connection: Pick<ConnectionRow, 'id' | 'marketplace' | 'nickname' | 'status'>,
  ) {
    const marketplace = connection.marketplace as MarketplaceId;
    const name = MARKETPLACE_NAMES[marketplace] ?? connection.marketplace;
    if (!(MARKETPLACE_IMPORT_SOURCES as readonly string[]).includes(marketplace)) {
      throw badRequest(
        `ListLoop imports existing listings from eBay, Etsy and Shopify; ${name} listings cannot be imported.`,
      );
    }
    if (connection.status !== 'connected') {
      throw conflict(
        `Reconnect ${connection.nickname} (${name}) in Marketplaces, then start the import again.`,
      );
    }
    if (!this.importerOf(marketplace)) {
      throw conflict(`This ListLoop server has no ${name} connector configured.`);
    }
    const running = await this.imports.findActive(ctx.accountId, connection.id);
    // A running import's next page is sent again (the same job id: a no-op when it was), so an
    // import whose send was lost to a crash moves on when the seller asks again.
    if (running) return this.continueWith(running);
    const stopped = await this.imports.latestOf(ctx.accountId, connection.id);
    const row =
      (stopped?.status === 'failed'
        ? await this.imports.requeueFailed(ctx.accountId, stopped.id)
        : await this.imports.createQueued({
            id: newId(),
            accountId: ctx.accountId,
            userId: ctx.user.id,
            connectionId: connection.id,
            marketplace,
          })) ?? (await this.imports.findActive(ctx.accountId, connection.id));
    if (!row) throw conflict('The import could not be started; try again.');
    return this.continueWith(row);
  }

  private async continueWith(row: MarketplaceImportRow): Promise<MarketplaceImport> {
    const payload = {
      importId: row.id,
      accountId: row.accountId,
      page: row.pagesDone,
      run: row.run,
    };
    // One job per page of a run: a page sent twice is imported once.
    await this.enqueue(payload, {
      id: stableJobId('marketplace.import', `${payload.importId}:${payload.run}:${payload.page}`),
    });
    return toMarketplaceImport(row);
  }

  async get(ctx: RequestContext, importId: string): Promise<MarketplaceImport> {
    const row = await this.imports.find(ctx.accountId, importId);
    if (!row) throw notFound(NO_SUCH_IMPORT);
    return toMarketplaceImport(row);
  }

  async latest(ctx: RequestContext): Promise<MarketplaceImport[]> {
    return (await this.imports.latestPerConnection(ctx.accountId)).map(toMarketplaceImport);
  }

  private importerOf(marketplace: MarketplaceId) {
    const connector = this.connectors.get(marketplace);
    return connector?.fetchListings && connector.fetchPhoto
      ? (connector as Required<Pick<Connector, 'fetchListings' | 'fetchPhoto'>> & Connector)
      : null;
  }

  /**
   * The job: imports one page, then sends the job of the next. A job for a page already done
   * (a duplicate, or a retry after its page was written) only makes sure the next is sent.
   */
  async run(
    payload: MarketplaceImportJobPayload,
    job: { retryCount: number; retryLimit: number; logger: Logger },
  ): Promise<void> {
    const { importId, accountId } = payload;
    const found = await this.imports.find(accountId, importId);
    if (!found || found.status === 'done' || found.status === 'failed') return;
    if (payload.run !== found.run) return;
    if (payload.page < found.pagesDone) {
      if (found.cursor !== null) await this.continueWith(found);
      return;
    }
    if (payload.page > found.pagesDone) return;
    const marketplace = found.marketplace as MarketplaceId;
    const connector = this.importerOf(marketplace);
    try {
      if (!connector) {
        throw new ConnectorError(
          `This ListLoop server has no ${MARKETPLACE_NAMES[marketplace]} connector configured.`,
        );
      }
      if (found.status === 'queued') {
        await this.imports.update(accountId, importId, { status: 'running', failureReason: null });
      }
      const next = await this.importPage({ ...found, status: 'running' }, connector, job.logger);
      if (next.cursor === null) {
        await this.imports.update(accountId, importId, {
          status: 'done',
          finishedAt: new Date(this.now()),
        });
      } else {
        await this.continueWith(next);
      }
    } catch (error) {
      if (error instanceof ImportOvertaken) return;
      const permanent = error instanceof ConnectorError && !error.transient;
      const lastTry = permanent || job.retryCount >= job.retryLimit;
      job.logger.warn({ err: error, importId, lastTry }, 'marketplace import stopped');
      if (!lastTry) throw error;
      await this.imports.update(accountId, importId, {
        status: 'failed',
        failureReason:
          error instanceof ConnectorError
            ? error.message
            : 'The import stopped on an error; start it again to carry on where it stopped.',
        finishedAt: new Date(this.now()),
      });
    }
  }

  /** Reads the page at the import's cursor and writes it with the cursor after it. */
  private async importPage(
    current: MarketplaceImportRow,
    connector: Required<Pick<Connector, 'fetchListings' | 'fetchPhoto'>>,
    logger: Logger,
  ): Promise<MarketplaceImportRow> {
    const scope: ConnectorScope = {
      accountId: current.accountId,
      userId: current.userId,
      connectionId: current.connectionId,
    };
    const page = await this.fetchPage(connector, scope, current.cursor, logger);
    const plans = await this.plan(current, page.listings, { lock: false });
    const photos = await this.downloadPhotos(current, connector, plans);
    return this.db.transaction(async (tx) => {
      const locked = await this.imports.find(current.accountId, current.id, {
        forUpdate: true,
        db: tx,
      });
      if (!locked || locked.pagesDone !== current.pagesDone || locked.status !== 'running') {
        throw new ImportOvertaken();
      }
      const counts = await this.writePage(locked, page.listings, photos, tx);
      const recorded = await this.imports.recordPage(
        locked.accountId,
        locked.id,
        { nextCursor: page.nextCursor, counts },
        tx,
      );
      if (!recorded) throw new ImportOvertaken();
      return recorded;
    });
  }

  private async fetchPage(
    connector: Required<Pick<Connector, 'fetchListings'>>,
    scope: ConnectorScope,
    cursor: string | null,
    logger: Logger,
  ) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await connector.fetchListings(scope, cursor);
      } catch (error) {
        if (!(error instanceof ConnectorError) || !error.transient || attempt >= PAGE_TRIES) {
          throw error;
        }
        const waitMs = Math.min((error.retryAfterSeconds ?? attempt) * 1000, 30_000);
        logger.info({ attempt, waitMs, reason: error.message }, 'import page retried');
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  /**
   * What each listing of a page becomes, from the inventory as it is: left alone (already
   * linked), linked to an item found by SKU or by an earlier import's id, or a new item.
   */
  private async plan(
    imported: MarketplaceImportRow,
    listings: readonly ConnectorExistingListing[],
    options: { lock: boolean; db?: Db },
  ): Promise<Plan[]> {
    const { accountId, userId } = imported;
    const marketplace = imported.marketplace;
    const derived = (listing: ConnectorExistingListing) =>
      derivedItemId(accountId, userId, `${marketplace}:${listing.listedID}`);
    const skus = [...new Set(listings.map((l) => clip(l.sku, SKU_MAX_LENGTH)).filter(Boolean))];
    const existing = await this.items.findRecords(
      accountId,
      userId,
      {
        ids: [...new Set([...skus, ...listings.map(derived)])],
        skus,
        listed: { marketplace, listedIDs: listings.map((l) => l.listedID) },
      },
      { lock: options.lock, ...(options.db ? { db: options.db } : {}) },
    );
    // The page's own new and linked items count too: a later listing sees an earlier one's.
    const byListedId = new Map<string, string>();
    const bySku = new Map<string, string>();
    const byId = new Map<string, ItemRecord | 'new'>();
    for (const item of existing) {
      byId.set(item.id, item);
      const own = item.listings[marketplace];
      if (own?.listedID) byListedId.set(own.listedID, item.id);
      if (item.generalDetails.sku && !bySku.has(item.generalDetails.sku)) {
        bySku.set(item.generalDetails.sku, item.id);
      }
    }
    const name = MARKETPLACE_NAMES[marketplace as MarketplaceId];
    /** Why a listing may not be linked to the item its SKU names, if it may not. */
    const linkRefusal = (itemId: string, sku: string): string | null => {
      const item = byId.get(itemId);
      const own = item && item !== 'new' ? item.listings[marketplace] : undefined;
      if (own?.status === 'queued') {
        return `The item with SKU ${sku} is being sent to ${name} right now; import again once that has finished.`;
      }
      if (item === 'new' || (own?.listedID && own.status === 'listed')) {
        return `Another ${name} listing with SKU ${sku} is already linked to the same item; this one was not imported.`;
      }
      return null;
    };
    return listings.map((listing): Plan => {
      if (byListedId.has(listing.listedID)) return { kind: 'unchanged', listing };
      const sku = clip(listing.sku, SKU_MAX_LENGTH);
      const matched =
        (sku && byId.has(sku) && byId.get(sku) !== 'new' ? sku : undefined) ??
        (sku ? bySku.get(sku) : undefined) ??
        (byId.has(derived(listing)) ? derived(listing) : undefined);
      if (matched) {
        const refusal = linkRefusal(matched, sku);
        if (refusal) return { kind: 'problem', listing, message: refusal };
        byListedId.set(listing.listedID, matched);
        return { kind: 'link', listing, itemId: matched };
      }
      const itemId = derived(listing);
      byId.set(itemId, 'new');
      byListedId.set(listing.listedID, itemId);
      if (sku) bySku.set(sku, itemId);
      return { kind: 'create', listing, itemId };
    });
  }

  /** The photos of the listings that will become new items, stored as the account's images. */
  private async downloadPhotos(
    imported: MarketplaceImportRow,
    connector: Required<Pick<Connector, 'fetchPhoto'>>,
    plans: readonly Plan[],
  ): Promise<Map<string, { images: Image[]; problems: string[] }>> {
    const owner = await this.images.ownerOf({
      accountId: imported.accountId,
      userId: imported.userId,
    });
    const out = new Map<string, { images: Image[]; problems: string[] }>();
    const creations = plans.filter((p) => p.kind === 'create');
    for (let start = 0; start < creations.length; start += PHOTO_CONCURRENCY) {
      await Promise.all(
        creations.slice(start, start + PHOTO_CONCURRENCY).map(async (plan) => {
          const images: Image[] = [];
          const problems: string[] = [];
          const urls = plan.listing.photoUrls.slice(0, MAX_IMAGES_PER_ITEM);
          for (const [index, url] of urls.entries()) {
            try {
              const photo = await connector.fetchPhoto(url);
              const stored = await this.images.storeImage(owner, photo.bytes, photo.contentType, {
                derivatives: 'queue',
                imageId: derivedItemId(
                  imported.accountId,
                  imported.userId,
                  `${imported.marketplace}:${plan.listing.listedID}:photo:${index}`,
                ),
              });
              images.push(stored.image);
            } catch (error) {
              problems.push(`Photo ${index + 1}: ${(error as Error).message}`);
            }
          }
          out.set(plan.listing.listedID, { images, problems });
        }),
      );
    }
    return out;
  }

  /** Writes one page's new and linked items; answers the page's counts. */
  private async writePage(
    imported: MarketplaceImportRow,
    listings: readonly ConnectorExistingListing[],
    photos: Map<string, { images: Image[]; problems: string[] }>,
    tx: Db,
  ): Promise<ImportPageCounts> {
    const { accountId, userId, marketplace } = imported;
    const now = this.now();
    // Planned again with the items locked: what the inventory holds now decides.
    const plans = await this.plan(imported, listings, { lock: true, db: tx });
    const problems: MarketplaceImportProblem[] = [...imported.problems];
    const addProblem = (listing: ConnectorExistingListing, message: string) => {
      if (problems.length >= MARKETPLACE_IMPORT_PROBLEMS_MAX) return;
      problems.push({ listedID: listing.listedID, title: clip(listing.title, 200), message });
    };
    const counts: ImportPageCounts = {
      seen: listings.length,
      created: 0,
      linked: 0,
      unchanged: 0,
      photos: 0,
      problems,
    };
    const linkIds = plans.flatMap((p) => (p.kind === 'link' ? [p.itemId] : []));
    const linkTargets = new Map(
      (await this.items.findRecords(accountId, userId, { ids: linkIds }, { db: tx })).map(
        (item) => [item.id, item],
      ),
    );
    const creates: ItemWrite[] = [];
    const updates = new Map<string, ItemWrite>();

    for (const plan of plans) {
      const { listing } = plan;
      if (plan.kind === 'unchanged') {
        counts.unchanged += 1;
      } else if (plan.kind === 'problem') {
        addProblem(listing, plan.message);
      } else if (plan.kind === 'link') {
        const target =
          updates.get(plan.itemId) ??
          creates.find((c) => c.id === plan.itemId) ??
          linkTargets.get(plan.itemId);
        if (!target) continue;
        const linked: ItemWrite = {
          ...target,
          listings: {
            ...target.listings,
            [marketplace]: listingOf(listing, now, target.listings[marketplace]),
          },
          dateLastModified: now,
        };
        const created = creates.findIndex((c) => c.id === linked.id);
        if (created >= 0) creates[created] = linked;
        else updates.set(linked.id, linked);
        counts.linked += 1;
      } else {
        const downloaded = photos.get(listing.listedID);
        // A listing planned as linked outside the lock but new now has no downloaded photos.
        for (const problem of downloaded?.problems ?? []) addProblem(listing, problem);
        const generalDetails = GeneralDetailsSchema.parse({
          images: downloaded?.images ?? [],
          title: clip(listing.title, TITLE_MAX_LENGTH),
          description: clip(listing.description, DESCRIPTION_MAX_LENGTH),
          brand: clip(listing.brand, 100),
          condition: listing.condition,
          price:
            listing.price === null || !Number.isFinite(listing.price)
              ? null
              : Math.min(Math.max(0, Math.round(listing.price * 100) / 100), PRICE_MAX),
          primaryColor: clip(listing.primaryColor, 40) || null,
          size: clip(listing.size, 40),
          sku: clip(listing.sku, SKU_MAX_LENGTH),
          quantity: Math.min(Math.max(0, Math.trunc(listing.quantity)), 100_000),
        });
        counts.photos += generalDetails.images.length;
        creates.push({
          id: plan.itemId,
          accountId,
          userId,
          status: completenessOf({ generalDetails, labels: [] }).status,
          dateCreated: now,
          dateLastModified: now,
          labels: [],
          generalDetails,
          listings: { [marketplace]: listingOf(listing, now, undefined) },
          variants: [],
        });
        counts.created += 1;
      }
    }
    await this.items.insertRecords(creates, tx);
    await this.items.updateRecords(accountId, userId, [...updates.values()], tx);
    return counts;
  }
}

/**
 * The item's listing on the marketplace it was imported from: listed there (or delisted,
 * when it is off sale), under its listing id, keeping the marketplace's own SKU so ListLoop
 * finds the listing again; the listing's other fields (its overrides) are kept.
 */
function listingOf(
  listing: ConnectorExistingListing,
  now: number,
  before: Record<string, unknown> | undefined,
) {
  return ListingSchema.parse(
    stampListing(
      {
        // The seller's own overrides on a linked item win over what the marketplace holds.
        ...(listing.listingFields ?? {}),
        ...ListingSchema.parse(before ?? {}),
        status: listing.state === 'active' ? 'listed' : 'delisted',
        lastStatusDate: now,
        listedID: listing.listedID,
        listingURL: storableListingUrl(listing.listingURL),
        marketplaceSku: clip(listing.sku, SKU_MAX_LENGTH) || null,
        pendingOperation: null,
        failureReason: null,
      },
      now,
    ),
  );
}
