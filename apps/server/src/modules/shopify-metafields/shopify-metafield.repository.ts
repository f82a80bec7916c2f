import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { shopifyMetafieldMappers, shopifyMetafieldSyncs } from './shopify-metafield.table';

export type MetafieldSyncRow = typeof shopifyMetafieldSyncs.$inferSelect;
export type StoredMapping = (typeof shopifyMetafieldMappers.$inferSelect)['mapping'];

/** The metafield mapper and the syncs of the store's definitions; every query names the account. */
export class ShopifyMetafieldRepository {
  constructor(private readonly db: Db) {}

  async mapping(accountId: string): Promise<StoredMapping> {
    const [row] = await this.db
      .select({ mapping: shopifyMetafieldMappers.mapping })
      .from(shopifyMetafieldMappers)
      .where(eq(shopifyMetafieldMappers.accountId, accountId));
    return row?.mapping ?? [];
  }

  async putMapping(accountId: string, mapping: StoredMapping, updatedBy: string): Promise<void> {
    await this.db
      .insert(shopifyMetafieldMappers)
      .values({ accountId, mapping, updatedBy })
      .onConflictDoUpdate({
        target: shopifyMetafieldMappers.accountId,
        set: { mapping, updatedBy, updatedAt: new Date() },
      });
  }

  async insertSync(row: { id: string; accountId: string; requestedBy: string }): Promise<void> {
    await this.db.insert(shopifyMetafieldSyncs).values(row);
  }

  async findSync(accountId: string, id: string): Promise<MetafieldSyncRow | null> {
    const [row] = await this.db
      .select()
      .from(shopifyMetafieldSyncs)
      .where(and(eq(shopifyMetafieldSyncs.accountId, accountId), eq(shopifyMetafieldSyncs.id, id)));
    return row ?? null;
  }

  async lastSync(accountId: string): Promise<MetafieldSyncRow | null> {
    const [row] = await this.db
      .select()
      .from(shopifyMetafieldSyncs)
      .where(eq(shopifyMetafieldSyncs.accountId, accountId))
      .orderBy(desc(shopifyMetafieldSyncs.requestedAt), desc(shopifyMetafieldSyncs.id))
      .limit(1);
    return row ?? null;
  }

  async updateSync(
    accountId: string,
    id: string,
    changes: Partial<
      Pick<MetafieldSyncRow, 'status' | 'finishedAt' | 'definitionCount' | 'definitions' | 'error'>
    >,
  ): Promise<void> {
    await this.db
      .update(shopifyMetafieldSyncs)
      .set(changes)
      .where(and(eq(shopifyMetafieldSyncs.accountId, accountId), eq(shopifyMetafieldSyncs.id, id)));
  }
}
