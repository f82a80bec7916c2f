import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The columns of a row a worker takes for a while (a report, a background removal): its
 * status, and who holds it until when. A worker that dies stops renewing its lease, and the
 * row can be taken again once the lease has run out.
 */
export interface LeaseColumns {
  status: PgColumn;
  leaseOwner: PgColumn;
  leaseExpiresAt: PgColumn;
}

/** The row is running and `owner` still holds it. */
export function heldBy(table: LeaseColumns, owner: string): SQL {
  return and(eq(table.leaseOwner, owner), eq(table.status, 'running')) as SQL;
}

/** Nobody holds the row at `now`: it has no lease, or its lease ran out. */
export function leaseLapsed(table: LeaseColumns, now: Date): SQL {
  return or(isNull(table.leaseExpiresAt), lt(table.leaseExpiresAt, now)) as SQL;
}

/** The lease columns of a row its holder let go of, or that ended. */
export const NO_LEASE = { leaseOwner: null, leaseExpiresAt: null } as const;
