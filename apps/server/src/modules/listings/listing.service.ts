import type { Db } from '../../platform/db/database';
import type { ItemService } from '../items';
import type { ConnectorRegistry } from '../../connectors/contract';
import { ListingChanges } from './listing-changes';
import {
  listingEngine,
  type EnqueueOperation,
  type ListingBuilder,
  type ListingServiceOptions,
} from './listing-context';
import { ListingExtensionService } from './listing-extension.service';
import { ListingQueue } from './listing-queue.service';
import { ListingReads } from './listing-read.service';
import { ListingSweep } from './listing-sweep.service';
import { ListingTransitions } from './listing-transitions';
import { ListingWorker } from './listing-worker.service';
import type { ListingRepository } from './listing.repository';

export {
  NO_SUCH_OPERATION,
  jobIdOf,
  notAllowedReason,
  notConnectedReason,
  operationView,
  soldOutMessage,
  stoppedMessage,
  type OperationView,
} from './listing.messages';
export type {
  DelistFailure,
  EnqueueOperation,
  ExecutorClaimed,
  OperationFinished,
  ListingBuilder,
  ListingServiceOptions,
} from './listing-context';

/**
 * The listing engine's server part (spec §3/§4): applies the domain's transitions to
 * item.listings[marketplace] with the item row locked, appends the history, and keeps the
 * listing_operations that connector jobs and browser-extension executors carry out.
 *
 * One door for routes, jobs and other modules; each part does one job: queueing
 * (listing-queue.service), the executor protocol (listing-extension.service), the worker
 * (listing-worker.service), the sweep (listing-sweep.service) and reads (listing-read.service),
 * over the transitions and their locked writes (listing-transitions, listing-changes).
 */
export class ListingService {
  private readonly queuing: ListingQueue;
  private readonly transitions: ListingTransitions;
  private readonly extension: ListingExtensionService;
  private readonly worker: ListingWorker;
  private readonly sweeper: ListingSweep;
  private readonly reads: ListingReads;

  constructor(
    db: Db,
    items: ItemService,
    listings: ListingRepository,
    connectors: ConnectorRegistry,
    enqueue: EnqueueOperation,
    builder: ListingBuilder,
    options: ListingServiceOptions = {},
  ) {
    const engine = listingEngine({ db, items, listings, connectors, enqueue, builder }, options);
    this.transitions = new ListingTransitions(engine);
    this.queuing = new ListingQueue(engine, this.transitions);
    const changes = new ListingChanges(engine, this.transitions, this.queuing);
    this.extension = new ListingExtensionService(engine, changes);
    this.worker = new ListingWorker(engine, changes);
    this.sweeper = new ListingSweep(engine, changes);
    this.reads = new ListingReads(engine);
  }

  // Queueing (a person's request, and the sale workflow's locked queues and stops):
  queue(...args: Parameters<ListingQueue['queue']>) {
    return this.queuing.queue(...args);
  }

  queueLocked(...args: Parameters<ListingQueue['queueLocked']>) {
    return this.queuing.queueLocked(...args);
  }

  queueManyLocked(...args: Parameters<ListingQueue['queueManyLocked']>) {
    return this.queuing.queueManyLocked(...args);
  }

  activeLocked(...args: Parameters<ListingQueue['activeLocked']>) {
    return this.queuing.activeLocked(...args);
  }

  stopListsLocked(...args: Parameters<ListingQueue['stopListsLocked']>) {
    return this.queuing.stopListsLocked(...args);
  }

  markSoldLocked(...args: Parameters<ListingTransitions['markSoldLocked']>) {
    return this.transitions.markSoldLocked(...args);
  }

  sendAll(...args: Parameters<ListingQueue['sendAll']>) {
    return this.queuing.sendAll(...args);
  }

  executorFor(...args: Parameters<ListingQueue['executorFor']>) {
    return this.queuing.executorFor(...args);
  }

  executorsFor(...args: Parameters<ListingQueue['executorsFor']>) {
    return this.queuing.executorsFor(...args);
  }

  // The executor protocol (the browser extension, or a person reporting):
  report(...args: Parameters<ListingExtensionService['report']>) {
    return this.extension.report(...args);
  }

  markNotListed(...args: Parameters<ListingExtensionService['markNotListed']>) {
    return this.extension.markNotListed(...args);
  }

  claim(...args: Parameters<ListingExtensionService['claim']>) {
    return this.extension.claim(...args);
  }

  heartbeat(...args: Parameters<ListingExtensionService['heartbeat']>) {
    return this.extension.heartbeat(...args);
  }

  needsYou(...args: Parameters<ListingExtensionService['needsYou']>) {
    return this.extension.needsYou(...args);
  }

  executorQueue(...args: Parameters<ListingExtensionService['queue']>) {
    return this.extension.queue(...args);
  }

  resume(...args: Parameters<ListingExtensionService['resume']>) {
    return this.extension.resume(...args);
  }

  operations(...args: Parameters<ListingExtensionService['operations']>) {
    return this.extension.operations(...args);
  }

  executorOperation(...args: Parameters<ListingExtensionService['executorOperation']>) {
    return this.extension.executorOperation(...args);
  }

  // The worker and the sweep (jobs):
  execute(...args: Parameters<ListingWorker['execute']>) {
    return this.worker.execute(...args);
  }

  executeBatch(...args: Parameters<ListingWorker['executeBatch']>) {
    return this.worker.executeBatch(...args);
  }

  /** Shutdown: the operations this process still holds go back to the queue. */
  releaseHeld() {
    return this.worker.releaseHeld();
  }

  pushQuantity(...args: Parameters<ListingWorker['pushQuantity']>) {
    return this.worker.pushQuantity(...args);
  }

  sweep(...args: Parameters<ListingSweep['sweep']>) {
    return this.sweeper.sweep(...args);
  }

  // Reads:
  item(...args: Parameters<ListingReads['item']>) {
    return this.reads.item(...args);
  }

  history(...args: Parameters<ListingReads['history']>) {
    return this.reads.history(...args);
  }

  currentOperationsOf(...args: Parameters<ListingReads['currentOperationsOf']>) {
    return this.reads.currentOperationsOf(...args);
  }

  extensionBacklog(...args: Parameters<ListingReads['extensionBacklog']>) {
    return this.reads.extensionBacklog(...args);
  }

  relistedSince(...args: Parameters<ListingReads['relistedSince']>) {
    return this.reads.relistedSince(...args);
  }
}
