import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { onboardings } from './onboarding.table';

export type OnboardingRow = typeof onboardings.$inferSelect;
export type NewOnboardingRow = typeof onboardings.$inferInsert;

export class OnboardingRepository {
  constructor(private readonly db: Db) {}

  async findByAccount(accountId: string, db: Db = this.db): Promise<OnboardingRow | null> {
    const [row] = await db.select().from(onboardings).where(eq(onboardings.accountId, accountId));
    return row ?? null;
  }

  async findById(id: string, db: Db = this.db): Promise<OnboardingRow | null> {
    const [row] = await db.select().from(onboardings).where(eq(onboardings.id, id));
    return row ?? null;
  }

  /** Inserts the account's record unless it has one; answers the account's record either way. */
  async createOnce(row: NewOnboardingRow, db: Db = this.db): Promise<OnboardingRow> {
    await db.insert(onboardings).values(row).onConflictDoNothing({ target: onboardings.accountId });
    const saved = await this.findByAccount(row.accountId, db);
    if (!saved) throw new Error('Onboarding insert left no row');
    return saved;
  }

  async update(
    id: string,
    set: Partial<Omit<NewOnboardingRow, 'id' | 'accountId'>>,
    db: Db = this.db,
  ): Promise<OnboardingRow> {
    const [row] = await db.update(onboardings).set(set).where(eq(onboardings.id, id)).returning();
    if (!row) throw new Error('Onboarding update found no row');
    return row;
  }

  async pending(limit: number): Promise<OnboardingRow[]> {
    return this.db
      .select()
      .from(onboardings)
      .where(eq(onboardings.status, 'PENDING'))
      .orderBy(asc(onboardings.startedAt))
      .limit(limit);
  }

  /**
   * Takes the Vestiaire request's turn: stamps it unless one was sent after `since`. Answers the
   * time it replaced (null when none was sent), or undefined when the turn was not free.
   */
  async claimVestiaireRequest(
    id: string,
    now: Date,
    since: Date,
  ): Promise<{ previous: Date | null } | undefined> {
    const before = await this.findById(id);
    if (!before) return undefined;
    const [row] = await this.db
      .update(onboardings)
      .set({ vestiaireAccessRequestedAt: now })
      .where(
        and(
          eq(onboardings.id, id),
          or(
            isNull(onboardings.vestiaireAccessRequestedAt),
            lt(onboardings.vestiaireAccessRequestedAt, since),
          ),
        ),
      )
      .returning({ id: onboardings.id });
    return row ? { previous: before.vestiaireAccessRequestedAt } : undefined;
  }

  async setVestiaireRequestedAt(id: string, at: Date | null): Promise<void> {
    await this.db
      .update(onboardings)
      .set({ vestiaireAccessRequestedAt: at })
      .where(eq(onboardings.id, id));
  }
}
