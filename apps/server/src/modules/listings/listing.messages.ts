import {
  isReachProblem,
  MARKETPLACE_NAMES,
  type ListingEvent,
  type ListingProblem,
  type MarketplaceId,
  type NeedsYou,
} from '@listloop/domain';
import { AppError } from '../../platform/http/errors';
import { stableJobId } from '../../platform/queue/job';
import type { ListingOperationRow, OperationKind } from './listing.repository';

// What the listing engine tells people and executors, and the views it answers with: pure, so
// every part of the engine (queue, executor protocol, worker, sweep) says the same thing.

export const NO_SUCH_OPERATION = 'No such listing operation.';

export function notConnectedReason(marketplace: MarketplaceId): string {
  return `Not connected: ListLoop cannot reach ${MARKETPLACE_NAMES[marketplace]} yet.`;
}

/** A list or relist queued for an item with no unit left (409). */
export function soldOutMessage(marketplace: MarketplaceId, operation: 'list' | 'relist'): string {
  return `This item has no units left: it sold. Raise its quantity if you have another one to sell, then ${operation} it on ${MARKETPLACE_NAMES[marketplace]}.`;
}

/**
 * What an executor is told when it speaks of an operation a sale stopped (its heartbeat, or a
 * report the listing no longer takes): why, and what to do if it went live all the same.
 */
export function stoppedMessage(
  operation: Pick<ListingOperationRow, 'marketplace' | 'operation' | 'cancelReason'>,
): string {
  const name = MARKETPLACE_NAMES[operation.marketplace as MarketplaceId] ?? operation.marketplace;
  return `The ${operation.operation} on ${name} was canceled because the item sold. ${operation.cancelReason ?? ''} Do not carry it out; if the listing went live anyway, report it listed and ListLoop takes it down.`.replace(
    /\s+/g,
    ' ',
  );
}

/** The outcome reports of an executor or connector: what a stopped list's executor may send. */
export const OUTCOME_REPORTS: readonly ListingEvent['type'][] = [
  'listed',
  'list_failure',
  'delisted',
  'delist_failure',
];

export function notAllowedReason(marketplace: MarketplaceId): string {
  return `Your account does not have access to ${MARKETPLACE_NAMES[marketplace]}. Ask your account administrator to turn it on.`;
}

/** A connector operation whose marketplace problems are listed in one sentence. */
export function problemsMessage(
  marketplace: MarketplaceId,
  problems: readonly ListingProblem[],
): string {
  const said = problems
    .slice(0, 3)
    .map((p) => p.message)
    .join('; ');
  return problems.some(isReachProblem)
    ? `ListLoop cannot list on ${MARKETPLACE_NAMES[marketplace]} yet: ${said}`
    : `${MARKETPLACE_NAMES[marketplace]} would not take this listing: ${said}`;
}

/**
 * A queue request refused with every problem that stops the listing (codes and params for the
 * web): 409 when ListLoop cannot reach the marketplace for the account (the account's state,
 * not the request, must change), 400 when the listing itself needs fixing.
 */
export function refusedListing(marketplace: MarketplaceId, problems: ListingProblem[]): AppError {
  const issues = problems.map((p) => ({ path: `listing.${p.field}`, message: p.message }));
  const message = problemsMessage(marketplace, problems);
  return problems.some(isReachProblem)
    ? new AppError(409, 'request/conflict', message, { issues, problems })
    : new AppError(400, 'request/invalid', message, { issues, problems });
}

export interface OperationView {
  operationId: string;
  itemId: string;
  userId: string;
  marketplace: string;
  operation: OperationKind;
  executor: 'connector' | 'extension';
  status: ListingOperationRow['status'];
  attempts: number;
  lastError: string | null;
  cancelReason: string | null;
  leaseExpiresAt: number | null;
  needsYou: NeedsYou | null;
}

export function operationView(row: ListingOperationRow): OperationView {
  return {
    operationId: row.id,
    itemId: row.itemId,
    userId: row.userId,
    marketplace: row.marketplace,
    operation: row.operation,
    executor: row.executor,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    cancelReason: row.cancelReason,
    leaseExpiresAt: row.leaseExpiresAt ? row.leaseExpiresAt.getTime() : null,
    needsYou: needsYouOf(row),
  };
}

/**
 * The stop an extension handed to the seller, while the operation waits for them: an operation
 * that ended (a sale canceled it, the seller marked it not listed) needs no one any more.
 */
function needsYouOf(row: ListingOperationRow): NeedsYou | null {
  if (row.needsYouReason === null || row.status !== 'queued') return null;
  return {
    reason: row.needsYouReason as NeedsYou['reason'],
    detail: row.needsYouDetail,
    pageUrl: row.needsYouPageUrl,
    since: (row.needsYouAt ?? row.updatedAt).getTime(),
  };
}

/**
 * Why "Try again" does nothing for an operation that is not held for the seller (409): what the
 * operation is doing instead.
 */
export function notHeldMessage(
  operation: Pick<ListingOperationRow, 'marketplace' | 'operation' | 'status' | 'cancelReason'>,
): string {
  const name = MARKETPLACE_NAMES[operation.marketplace as MarketplaceId] ?? operation.marketplace;
  const what = `The ${operation.operation} on ${name}`;
  switch (operation.status) {
    case 'queued':
      return `${what} is not waiting for you: it is queued for your browser extension, which takes it on its next look.`;
    case 'running':
      return `${what} is not waiting for you: your browser extension is carrying it out now.`;
    case 'succeeded':
      return `${what} has already been done: there is nothing to try again.`;
    case 'failed':
      return `${what} has ended in failure: queue it again from the item to try again.`;
    case 'canceled':
      return operation.cancelReason
        ? `${what} was canceled: ${operation.cancelReason}`
        : `${what} was canceled: there is nothing to try again.`;
  }
}

/**
 * A uuid fixed by the operation id (and the attempt, when the sweeper sends it again): pg-boss's
 * job id, so a second send of the same attempt is no second job.
 */
export function jobIdOf(operationId: string, attempt: number | string = 0): string {
  return stableJobId(
    'listings.execute',
    attempt === 0 || attempt === '' ? operationId : `${operationId}:${attempt}`,
  );
}
