import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { marketplaceConnections, marketplaceCredentials } from '../connections/connection.table';
import { items } from '../items/item.table';
import { SANDBOX_MARKETPLACES } from './sandbox-marketplaces';

/** The connections the sandbox keeps working across restarts. */
export class SandboxRepository {
  constructor(private readonly db: Db) {}

  /**
   * Every account's connections to the emulated marketplaces that hold credentials and were
   * not switched off: in sandbox mode an eBay or Shopify connection can only be the emulator's.
   */
  async connectionsToRestore(): Promise<
    { id: string; accountId: string; marketplace: string; externalAccountId: string | null }[]
  > {
    return this.db
      .select({
        id: marketplaceConnections.id,
        accountId: marketplaceConnections.accountId,
        marketplace: marketplaceConnections.marketplace,
        externalAccountId: marketplaceConnections.externalAccountId,
      })
      .from(marketplaceConnections)
      .innerJoin(
        marketplaceCredentials,
        eq(marketplaceCredentials.connectionId, marketplaceConnections.id),
      )
      .where(
        and(
          inArray(marketplaceConnections.marketplace, [...SANDBOX_MARKETPLACES]),
          ne(marketplaceConnections.status, 'disconnected'),
        ),
      )
      .orderBy(asc(marketplaceConnections.createdAt), asc(marketplaceConnections.id));
  }

  /** Whether one of the account's items has its listing on the marketplace at `listedID`. */
  async hasListing(accountId: string, marketplace: string, listedID: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: items.id })
      .from(items)
      .where(
        and(
          eq(items.accountId, accountId),
          sql`${items.listings} -> ${marketplace} ->> 'listedID' = ${listedID}`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }
}
