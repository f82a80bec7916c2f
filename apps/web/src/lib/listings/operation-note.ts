import {
  marketplaceGroup,
  type ExecutorPresence,
  type ListingOperation,
  type MarketplaceId,
  type NeedsYou,
  type OperationExecutor,
} from '@listloop/domain';
import { extensionAbsence, type ExtensionAbsence } from '../connections/executor-presence';

/** What the seller is told about the operation a queued listing waits for. */
export type OperationNote =
  /** The extension stopped and handed it to the seller: nothing happens until "Try again". */
  | {
      kind: 'needsYou';
      needsYou: NeedsYou;
      operationId: string;
      operation: ListingOperation['operation'];
    }
  /** No paired browser will take it now, and why: said instead of a spinner. */
  | { kind: 'extensionAbsent'; absence: ExtensionAbsence }
  | { kind: 'waitingForExtension' }
  | { kind: 'extensionWorking' }
  | { kind: 'waitingForWorker' }
  | { kind: 'working' }
  | { kind: 'retrying'; attempt: number; lastError: string };

/** The notes that say how an operation progresses (a line with a spinner), not a hold. */
export type OperationProgress = Exclude<OperationNote, { kind: 'needsYou' | 'extensionAbsent' }>;

const ACTIVE: readonly ListingOperation['status'][] = ['queued', 'running'];

/** The marketplace's operation still to finish: the newest queued or running one. */
export function activeOperation(
  operations: readonly ListingOperation[] | undefined,
  marketplace: string,
): ListingOperation | null {
  // The server answers newest first.
  return (
    operations?.find((op) => op.marketplace === marketplace && ACTIVE.includes(op.status)) ?? null
  );
}

/**
 * Why the marketplace's last list or relist was stopped before it went live, when a sale
 * stopped it (the operation's cancel reason, in the server's words); null otherwise.
 */
export function stoppedReason(
  operations: readonly ListingOperation[] | undefined,
  marketplace: string,
): string | null {
  // The server answers newest first.
  const last = operations?.find(
    (op) =>
      op.marketplace === marketplace && (op.operation === 'list' || op.operation === 'relist'),
  );
  return last?.status === 'canceled' ? last.cancelReason : null;
}

/**
 * Who carries out the marketplace's operations, for a queued listing whose operation is not
 * known (yet): the extension for the crosslisting group, a connector job for the others.
 */
export function expectedExecutor(marketplace: MarketplaceId): OperationExecutor {
  return marketplaceGroup(marketplace) === 'crosslisting' ? 'extension' : 'connector';
}

const isLeased = (op: ListingOperation, now: number) =>
  op.status === 'running' && op.leaseExpiresAt !== null && op.leaseExpiresAt > now;

/**
 * Whether the screen should know where the paired browsers are: the listing waits for the
 * extension to take it (not held for the seller, not under a live lease).
 */
export function waitsForExtension(
  op: ListingOperation | null,
  now: number,
  fallback?: OperationExecutor,
): boolean {
  if (!op) return fallback === 'extension';
  return (
    op.executor === 'extension' && ACTIVE.includes(op.status) && !op.needsYou && !isLeased(op, now)
  );
}

/**
 * Extension operations wait for the browser extension to claim them; one whose lease ran out
 * (the extension stopped) waits again. One the extension handed to the seller says so, and
 * one no paired browser will take now (none seen lately, paused, signed out of the
 * marketplace) says that rather than seeming to progress. Connector operations run as jobs,
 * and one that met a transient error says which attempt it is on and what went wrong.
 */
export function operationNote(
  op: ListingOperation | null,
  now: number,
  /** For a queued listing whose operation is not known (yet): who will carry it out. */
  fallback?: OperationExecutor,
  /** The marketplace's presence row (executor-presence's presenceFor); undefined: unknown. */
  presence?: ExecutorPresence | null,
): OperationNote | null {
  if (!op) {
    if (!fallback) return null;
    if (fallback === 'connector') return { kind: 'waitingForWorker' };
    const absence = extensionAbsence(presence);
    return absence ? { kind: 'extensionAbsent', absence } : { kind: 'waitingForExtension' };
  }
  if (!ACTIVE.includes(op.status)) return null;
  if (op.needsYou) {
    return {
      kind: 'needsYou',
      needsYou: op.needsYou,
      operationId: op.operationId,
      operation: op.operation,
    };
  }
  if (op.executor === 'extension') {
    // Under a live lease a browser has it in hand, whatever the last presence answer said.
    if (isLeased(op, now)) return { kind: 'extensionWorking' };
    const absence = extensionAbsence(presence);
    return absence ? { kind: 'extensionAbsent', absence } : { kind: 'waitingForExtension' };
  }
  if (op.lastError) {
    return { kind: 'retrying', attempt: Math.max(op.attempts, 1), lastError: op.lastError };
  }
  return { kind: op.status === 'running' ? 'working' : 'waitingForWorker' };
}
