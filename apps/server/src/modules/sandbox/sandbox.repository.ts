import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { marketplaceConnections, marketplaceCredentials } from '../connections/connection.table';
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
}
