import crypto from 'node:crypto';
import os from 'node:os';
import type { BuiltListing, Item, ListingProblem, MarketplaceId } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { NO_TRACING, type Tracing } from '../../platform/observability/tracing';
import type { RequestContext } from '../../platform/http/request-context';
import type { ItemRecord, ItemService } from '../items';
import type { ConnectorPublished, ConnectorRegistry } from '../../connectors/contract';
import { executorByGroup, type ExecutorChoice } from './listing-executor';
import type { ListingRepository } from './listing.repository';

/**
 * Builds the listing as it would be sent and says what would stop it: the rules module's
 * preview, for an item already read (so a job can call it).
 */
export interface ListingBuilder {
  compose(accountId: string, item: Item, marketplace: MarketplaceId): Promise<BuiltForSending>;
  /** The same, as a connector sends it: photos at addresses the marketplace can fetch. */
  composeForConnector(
    accountId: string,
    item: Item,
    marketplace: MarketplaceId,
  ): Promise<BuiltForSending>;
}

interface BuiltForSending {
  listing: BuiltListing;
  problems: ListingProblem[];
  /** What a publish or update of this build records on the listing (decision 0023). */
  digest: string;
}

/** A `listings.execute` job's first retry waits this long; pg-boss doubles it for each next. */
export const LISTING_RETRY_DELAY_SECONDS = 1;

/**
 * How long an operation tried `attempts` times waits before its next try when it goes back to
 * the queue outside its job's own retry: as that retry would wait, and at most a minute.
 */
export function listingRetryDelaySeconds(attempts: number): number {
  return Math.min(60, LISTING_RETRY_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/**
 * How the engine sends a connector operation's job; `attempt` other than 0 makes a fresh job
 * id (a number for a retry, a text for a wait behind an update), and `startAfterSeconds` holds
 * it back (a marketplace's Retry-After, or the wait).
 */
export type EnqueueOperation = (
  operationId: string,
  accountId: string,
  attempt: number | string,
  startAfterSeconds?: number,
) => Promise<string | null>;

/**
 * How the engine sends the first jobs of several committed connector operations at once (a
 * sale's delists): one statement for all, each job's id fixed by its operation (jobIdOf).
 */
export type EnqueueFirstAttempts = (
  operations: readonly { operationId: string; accountId: string }[],
) => Promise<void>;

export interface ListingServiceOptions {
  now?: () => number;
  /** How long a worker holds a connector operation without renewing it. */
  leaseSeconds?: number;
  /** Names this process's worker in the leases it takes. */
  workerId?: string;
  /** Sends several first jobs in one go; by default one `enqueue` each. */
  enqueueFirstAttempts?: EnqueueFirstAttempts;
  /** Attempts after which a crash-looping operation is given up (ends in failure). */
  maxAttempts?: number;
  /** Who carries out a new operation (default: the marketplace's group alone). */
  executorOf?: ExecutorChoice;
  /** Told after a delist ended in failure (notifications): the item may still be for sale. */
  onDelistFailed?: (failure: DelistFailure) => Promise<void>;
  /**
   * Told when an executor claims, before it is handed anything: the executors module keeps its
   * presence on those marketplaces (decision 0041).
   */
  onClaim?: (claim: ExecutorClaimed) => Promise<void>;
  /**
   * Told after the commit of every outcome that ended an operation (a connector's result, the
   * extension's report, an update's end, the sweep giving one up): the operators' metrics.
   * Called without waiting; it must not throw.
   */
  onFinished?: (finished: OperationFinished) => void;
  /** Spans around each call to a marketplace (decision 0062). */
  tracing?: Tracing;
}

/** An operation that ended with an outcome recorded on its listing. */
export interface OperationFinished {
  accountId: string;
  itemId: string;
  marketplace: MarketplaceId;
  operationId: string;
  operation: string;
  status: 'succeeded' | 'failed' | 'canceled';
}

/** An executor that asked for work: who, with which paired browser, for which marketplaces. */
export interface ExecutorClaimed {
  accountId: string;
  userId: string;
  /** The executor token the claim came with; null for a signed-in session. */
  tokenId: string | null;
  executorId: string;
  marketplaces: MarketplaceId[];
  /** Epoch milliseconds, on the engine's clock. */
  at: number;
}

export interface DelistFailure {
  accountId: string;
  userId: string;
  itemId: string;
  itemTitle: string;
  marketplace: MarketplaceId;
  reason: string;
  /** When the failure was recorded: with the item and marketplace, names it once. */
  at: number;
}

/**
 * What every part of the listing engine works with: the stores, the connectors, how jobs are
 * sent and how listings are built, and the settings (options with their defaults applied).
 */
export interface ListingEngine {
  db: Db;
  items: ItemService;
  listings: ListingRepository;
  connectors: ConnectorRegistry;
  enqueue: EnqueueOperation;
  enqueueFirstAttempts: EnqueueFirstAttempts;
  builder: ListingBuilder;
  now: () => number;
  leaseMs: number;
  workerId: string;
  maxAttempts: number;
  executorOf: ExecutorChoice;
  onDelistFailed: (failure: DelistFailure) => Promise<void>;
  onClaim: (claim: ExecutorClaimed) => Promise<void>;
  onFinished: (finished: OperationFinished) => void;
  tracing: Tracing;
}

export function listingEngine(
  parts: Pick<ListingEngine, 'db' | 'items' | 'listings' | 'connectors' | 'enqueue' | 'builder'>,
  options: ListingServiceOptions = {},
): ListingEngine {
  return {
    ...parts,
    enqueueFirstAttempts:
      options.enqueueFirstAttempts ??
      (async (operations) => {
        await Promise.all(
          operations.map(({ operationId, accountId }) => parts.enqueue(operationId, accountId, 0)),
        );
      }),
    now: options.now ?? (() => Date.now()),
    leaseMs: (options.leaseSeconds ?? 120) * 1000,
    workerId:
      options.workerId ??
      `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`,
    maxAttempts: options.maxAttempts ?? 10,
    executorOf: options.executorOf ?? executorByGroup,
    onDelistFailed: options.onDelistFailed ?? (async () => undefined),
    onClaim: options.onClaim ?? (async () => undefined),
    onFinished: options.onFinished ?? (() => undefined),
    tracing: options.tracing ?? NO_TRACING,
  };
}

/** Where a change is made: the item, by account and owner (no request needed: jobs use it). */
export interface ItemKey {
  accountId: string;
  userId: string;
  itemId: string;
}

/** The item a member names, in the member's account (its owner checked by the items module). */
export async function keyOf(
  items: ItemService,
  ctx: RequestContext,
  userId: string,
  itemId: string,
): Promise<ItemKey> {
  const owner = await items.owner(ctx, userId);
  return { accountId: ctx.accountId, userId: owner, itemId };
}

/** Where a listing goes to or stays live: what to keep on it besides its state. */
export type ListingPatch = Record<string, unknown>;

/** What a successful publish or update records on the listing (decisions 0023, 0024). */
export function sentPatch(digest: string | null, published?: ConnectorPublished): ListingPatch {
  return {
    sentHash: digest,
    ...(published?.sku ? { marketplaceSku: published.sku } : {}),
  };
}

/**
 * No unit is left (it sold, on a marketplace or as the seller recorded): a listing that goes
 * live now sells something that is gone, so it must come down.
 */
export function soldOut(row: ItemRecord): boolean {
  return row.generalDetails.quantity <= 0;
}
