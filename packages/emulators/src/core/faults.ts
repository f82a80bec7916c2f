/**
 * Failures an emulator can be told to produce on its next calls, the way the real service
 * fails: a rate limit with Retry-After, a server error, an access token refused as expired, or
 * a dropped connection.
 */
export type FaultKind = 'rate-limit' | 'server-error' | 'expired-token' | 'disconnect';

/** Which calls a fault takes: the marketplace's API, its OAuth endpoints, or both. */
export type FaultTarget = 'api' | 'oauth' | 'any';

export interface FaultSpec {
  kind: FaultKind;
  /** How many of the next matching calls fail; 1 by default. */
  count?: number;
  /** The Retry-After of a rate limit, in seconds; 1 by default. */
  retryAfterSeconds?: number;
  /** The status of a server error: 500 by default (502, 503 and 504 are the usual others). */
  status?: number;
  target?: FaultTarget;
  /** Only calls of this operation (its operationId, or the OAuth endpoint's name). */
  operationId?: string;
}

export interface Fault {
  kind: FaultKind;
  retryAfterSeconds: number;
  status: number;
}

interface PendingFault {
  spec: Required<Omit<FaultSpec, 'operationId'>> & { operationId: string | null };
  remaining: number;
}

export const FAULT_KINDS: readonly FaultKind[] = [
  'rate-limit',
  'server-error',
  'expired-token',
  'disconnect',
];

export class Faults {
  private pending: PendingFault[] = [];

  inject(spec: FaultSpec): void {
    if (!FAULT_KINDS.includes(spec.kind)) throw new Error(`Unknown fault kind: ${spec.kind}`);
    const count = spec.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new Error('A fault count is at least 1');
    const status =
      spec.kind === 'rate-limit'
        ? 429
        : spec.kind === 'expired-token'
          ? 401
          : spec.kind === 'server-error'
            ? (spec.status ?? 500)
            : 0;
    this.pending.push({
      spec: {
        kind: spec.kind,
        count,
        retryAfterSeconds: spec.retryAfterSeconds ?? 1,
        status,
        target: spec.target ?? 'api',
        operationId: spec.operationId ?? null,
      },
      remaining: count,
    });
  }

  /** The fault the next call of `operationId` on `target` must answer with, if any (used up). */
  take(target: Exclude<FaultTarget, 'any'>, operationId: string | null): Fault | null {
    const found = this.pending.find(
      (p) =>
        (p.spec.target === 'any' || p.spec.target === target) &&
        (p.spec.operationId === null || p.spec.operationId === operationId),
    );
    if (!found) return null;
    found.remaining -= 1;
    if (found.remaining <= 0) this.pending = this.pending.filter((p) => p !== found);
    return {
      kind: found.spec.kind,
      retryAfterSeconds: found.spec.retryAfterSeconds,
      status: found.spec.status,
    };
  }

  /** What is still to come, for the control surface. */
  list(): Array<FaultSpec & { remaining: number }> {
    return this.pending.map((p) => ({
      kind: p.spec.kind,
      count: p.spec.count,
      retryAfterSeconds: p.spec.retryAfterSeconds,
      status: p.spec.status,
      target: p.spec.target,
      ...(p.spec.operationId ? { operationId: p.spec.operationId } : {}),
      remaining: p.remaining,
    }));
  }

  clear(): void {
    this.pending = [];
  }
}
