import type { ListingOperation, OperationExecutor } from '@listloop/domain';

/** What the seller is told about the operation a queued listing waits for. */
export type OperationNote =
  | { kind: 'waitingForExtension' }
  | { kind: 'extensionWorking' }
  | { kind: 'waitingForWorker' }
  | { kind: 'working' }
  | { kind: 'retrying'; attempt: number; lastError: string };

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
 * Extension operations wait for the browser extension to claim them; one whose lease ran out
 * (the extension stopped) waits again. Connector operations run as jobs, and one that met a
 * transient error says which attempt it is on and what went wrong.
 */
export function operationNote(
  op: ListingOperation | null,
  now: number,
  /** For a queued listing whose operation is not known (yet): who will carry it out. */
  fallback?: OperationExecutor,
): OperationNote | null {
  if (!op) {
    if (!fallback) return null;
    return { kind: fallback === 'extension' ? 'waitingForExtension' : 'waitingForWorker' };
  }
  if (!ACTIVE.includes(op.status)) return null;
  if (op.executor === 'extension') {
    const leased = op.status === 'running' && op.leaseExpiresAt !== null && op.leaseExpiresAt > now;
    return { kind: leased ? 'extensionWorking' : 'waitingForExtension' };
  }
  if (op.lastError) {
    return { kind: 'retrying', attempt: Math.max(op.attempts, 1), lastError: op.lastError };
  }
  return { kind: op.status === 'running' ? 'working' : 'waitingForWorker' };
}
