import { and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { knownDevices, loginCounters } from './sign-in.table';

export interface CounterLimit {
  key: string;
  max: number;
}

/** The answer of a reservation: taken on every key, or refused by the first full one. */
export type Reservation = { taken: true } | { taken: false; key: string; resetAt: Date };

class CounterFull extends Error {
  constructor(readonly key: string) {
    super(`sign-in counter ${key} is full`);
  }
}

export interface KnownDeviceRow {
  id: string;
  userId: string;
  secretHash: string;
  expiresAt: Date;
}

/** The SQL of the sign-in limiter and of the known devices. */
export class SignInRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one attempt on every key, or on none: each key's row is raised only while it is
   * under its maximum (or its window is over, which starts a new one), checked on the locked
   * row, so a burst of concurrent attempts cannot pass the maximum. The keys are taken in a
   * fixed order so that two attempts never wait on each other's rows.
   */
  async reserve(limits: CounterLimit[], now: Date, windowMs: number): Promise<Reservation> {
    const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const resetAt = new Date(now.getTime() + windowMs);
    try {
      await this.db.transaction(async (tx) => {
        for (const limit of ordered) {
          const expired = lte(loginCounters.resetAt, now);
          const rows = await tx
            .insert(loginCounters)
            .values({ key: limit.key, count: 1, resetAt })
            .onConflictDoUpdate({
              target: loginCounters.key,
              set: {
                count: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginCounters.count} + 1 END`,
                resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${loginCounters.resetAt} END`,
              },
              setWhere: or(expired, lt(loginCounters.count, limit.max)),
            })
            .returning({ count: loginCounters.count });
          if (rows.length === 0) throw new CounterFull(limit.key);
        }
      });
      return { taken: true };
    } catch (error) {
      if (!(error instanceof CounterFull)) throw error;
      const [row] = await this.db
        .select({ resetAt: loginCounters.resetAt })
        .from(loginCounters)
        .where(eq(loginCounters.key, error.key));
      return { taken: false, key: error.key, resetAt: row?.resetAt ?? resetAt };
    }
  }

  /** Gives back an attempt counted in the current window of each key. */
  async release(keys: string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .update(loginCounters)
      .set({ count: sql`greatest(${loginCounters.count} - 1, 0)` })
      .where(and(inArray(loginCounters.key, keys), gt(loginCounters.resetAt, now)));
  }

  async findDevice(id: string): Promise<KnownDeviceRow | null> {
    const [row] = await this.db
      .select({
        id: knownDevices.id,
        userId: knownDevices.userId,
        secretHash: knownDevices.secretHash,
        expiresAt: knownDevices.expiresAt,
      })
      .from(knownDevices)
      .where(eq(knownDevices.id, id));
    return row ?? null;
  }

  async addDevice(row: {
    id: string;
    userId: string;
    secretHash: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(knownDevices).values({
      id: row.id,
      userId: row.userId,
      secretHash: row.secretHash,
      lastUsedAt: row.now,
      expiresAt: row.expiresAt,
    });
  }

  async touchDevice(id: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db
      .update(knownDevices)
      .set({ lastUsedAt: now, expiresAt })
      .where(eq(knownDevices.id, id));
  }

  async purgeExpired(now: Date): Promise<{ counters: number; devices: number }> {
    const counters = await this.db
      .delete(loginCounters)
      .where(lte(loginCounters.resetAt, now))
      .returning({ key: loginCounters.key });
    const devices = await this.db
      .delete(knownDevices)
      .where(lte(knownDevices.expiresAt, now))
      .returning({ id: knownDevices.id });
    return { counters: counters.length, devices: devices.length };
  }
}
