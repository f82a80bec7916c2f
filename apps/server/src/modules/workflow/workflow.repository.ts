import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { workflows } from './workflow.table';

export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;

export class WorkflowRepository {
  constructor(private readonly db: Db) {}

  async find(accountId: string, db: Db = this.db): Promise<WorkflowRow | null> {
    const [row] = await db.select().from(workflows).where(eq(workflows.accountId, accountId));
    return row ?? null;
  }

  /** Writes the account's workflow whole (insert or replace). */
  async upsert(row: NewWorkflowRow, db: Db = this.db): Promise<WorkflowRow> {
    const { accountId: _accountId, ...set } = row;
    const [saved] = await db
      .insert(workflows)
      .values(row)
      .onConflictDoUpdate({ target: workflows.accountId, set: { ...set, updatedAt: new Date() } })
      .returning();
    if (!saved) throw new Error('Workflow upsert returned no row');
    return saved;
  }

  /** The workflows whose eBay import is due, oldest first. */
  async dueEbayImports(now: Date, limit: number): Promise<WorkflowRow[]> {
    return this.db
      .select()
      .from(workflows)
      .where(
        and(
          eq(workflows.crosslistWorkflow, 'keep_importing_from_ebay'),
          eq(workflows.ebayImportEnabled, true),
          isNotNull(workflows.nextEbayImportAt),
          lte(workflows.nextEbayImportAt, now),
        ),
      )
      .orderBy(asc(workflows.nextEbayImportAt))
      .limit(limit);
  }

  /**
   * Moves a due import on, only if it is still the one read (another scheduler may have taken
   * it): answers whether this caller took it.
   */
  async takeDue(accountId: string, was: Date, next: Date, now: Date): Promise<boolean> {
    const taken = await this.db
      .update(workflows)
      .set({ nextEbayImportAt: next, lastEbayImportAt: now })
      .where(and(eq(workflows.accountId, accountId), eq(workflows.nextEbayImportAt, was)))
      .returning({ accountId: workflows.accountId });
    return taken.length > 0;
  }
}
