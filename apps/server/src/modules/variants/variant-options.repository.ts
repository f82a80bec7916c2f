import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { variantOptions, type VariantOptions } from './variant-options.table';

/** One row per account: the sizes and colours its items' variants choose from. */
export class VariantOptionsRepository {
  constructor(private readonly db: Db) {}

  async find(accountId: string): Promise<VariantOptions | null> {
    const [row] = await this.db
      .select({ options: variantOptions.options })
      .from(variantOptions)
      .where(eq(variantOptions.accountId, accountId));
    return row?.options ?? null;
  }

  async save(accountId: string, options: VariantOptions): Promise<VariantOptions> {
    const [row] = await this.db
      .insert(variantOptions)
      .values({ accountId, options })
      .onConflictDoUpdate({
        target: variantOptions.accountId,
        set: { options, updatedAt: new Date() },
      })
      .returning({ options: variantOptions.options });
    return row?.options ?? options;
  }
}
