import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { marketplaceConnections, marketplaceCredentials } from './connection.table';

export type ConnectionRow = typeof marketplaceConnections.$inferSelect;
export type NewConnectionRow = typeof marketplaceConnections.$inferInsert;
export type CredentialRow = typeof marketplaceCredentials.$inferSelect;
export type NewCredentialRow = typeof marketplaceCredentials.$inferInsert;

/** A connection with what may be shown of its credentials (never the ciphertext). */
export type ConnectionWithHint = ConnectionRow & {
  credentialHint: string | null;
  credentialExpiresAt: Date | null;
};

/** What the listing engine reads of a connection to decide who can carry a listing out. */
export interface ConnectionFacts {
  marketplace: string;
  nickname: string;
  status: ConnectionRow['status'];
  hasCredentials: boolean;
}

/** Connections and their sealed credentials; every query names the account. */
export class ConnectionRepository {
  constructor(private readonly db: Db) {}

  async list(accountId: string): Promise<ConnectionWithHint[]> {
    const rows = await this.db
      .select({
        connection: marketplaceConnections,
        credentialHint: marketplaceCredentials.hint,
        credentialExpiresAt: marketplaceCredentials.expiresAt,
      })
      .from(marketplaceConnections)
      .leftJoin(
        marketplaceCredentials,
        eq(marketplaceCredentials.connectionId, marketplaceConnections.id),
      )
      .where(eq(marketplaceConnections.accountId, accountId))
      .orderBy(
        asc(marketplaceConnections.marketplace),
        asc(marketplaceConnections.nickname),
        asc(marketplaceConnections.id),
      );
    return rows.map((row) => ({
      ...row.connection,
      credentialHint: row.credentialHint,
      credentialExpiresAt: row.credentialExpiresAt,
    }));
  }

  async find(accountId: string, id: string, db: Db = this.db): Promise<ConnectionRow | null> {
    const [row] = await db
      .select()
      .from(marketplaceConnections)
      .where(
        and(eq(marketplaceConnections.accountId, accountId), eq(marketplaceConnections.id, id)),
      );
    return row ?? null;
  }

  async findByNickname(
    accountId: string,
    marketplace: string,
    nickname: string,
    db: Db = this.db,
  ): Promise<ConnectionRow | null> {
    const [row] = await db
      .select()
      .from(marketplaceConnections)
      .where(
        and(
          eq(marketplaceConnections.accountId, accountId),
          eq(marketplaceConnections.marketplace, marketplace),
          eq(marketplaceConnections.nickname, nickname),
        ),
      );
    return row ?? null;
  }

  /** Inserts unless the id is taken (by any account): then answers false. */
  async insert(row: NewConnectionRow, db: Db = this.db): Promise<boolean> {
    const inserted = await db
      .insert(marketplaceConnections)
      .values(row)
      .onConflictDoNothing({ target: marketplaceConnections.id })
      .returning({ id: marketplaceConnections.id });
    return inserted.length > 0;
  }

  async update(
    accountId: string,
    id: string,
    changes: Partial<Pick<ConnectionRow, 'nickname' | 'status' | 'externalAccountId'>>,
    db: Db = this.db,
  ): Promise<ConnectionRow | null> {
    const [row] = await db
      .update(marketplaceConnections)
      .set(changes)
      .where(
        and(eq(marketplaceConnections.accountId, accountId), eq(marketplaceConnections.id, id)),
      )
      .returning();
    return row ?? null;
  }

  async setStatus(
    accountId: string,
    ids: readonly string[],
    status: ConnectionRow['status'],
    db: Db = this.db,
  ): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(marketplaceConnections)
      .set({ status })
      .where(
        and(
          eq(marketplaceConnections.accountId, accountId),
          inArray(marketplaceConnections.id, [...ids]),
        ),
      );
  }

  /** Removes the connection; its credentials go with it (the foreign key cascades). */
  async remove(accountId: string, id: string, db: Db = this.db): Promise<boolean> {
    const removed = await db
      .delete(marketplaceConnections)
      .where(
        and(eq(marketplaceConnections.accountId, accountId), eq(marketplaceConnections.id, id)),
      )
      .returning({ id: marketplaceConnections.id });
    return removed.length > 0;
  }

  async findCredentials(
    accountId: string,
    connectionId: string,
    db: Db = this.db,
  ): Promise<CredentialRow | null> {
    const [row] = await db
      .select()
      .from(marketplaceCredentials)
      .where(
        and(
          eq(marketplaceCredentials.accountId, accountId),
          eq(marketplaceCredentials.connectionId, connectionId),
        ),
      );
    return row ?? null;
  }

  /** The credentials of the account for one marketplace, with their connection's nickname. */
  async listCredentials(
    accountId: string,
    marketplace: string,
  ): Promise<(CredentialRow & { nickname: string })[]> {
    const rows = await this.db
      .select({ credential: marketplaceCredentials, nickname: marketplaceConnections.nickname })
      .from(marketplaceCredentials)
      .innerJoin(
        marketplaceConnections,
        eq(marketplaceConnections.id, marketplaceCredentials.connectionId),
      )
      .where(
        and(
          eq(marketplaceCredentials.accountId, accountId),
          eq(marketplaceCredentials.marketplace, marketplace),
        ),
      )
      .orderBy(asc(marketplaceConnections.nickname), asc(marketplaceCredentials.connectionId));
    return rows.map((row) => ({ ...row.credential, nickname: row.nickname }));
  }

  /** One row per connection: a new one, or the sealed value replaced. */
  async upsertCredentials(row: NewCredentialRow, db: Db = this.db): Promise<CredentialRow> {
    const [saved] = await db
      .insert(marketplaceCredentials)
      .values(row)
      .onConflictDoUpdate({
        target: marketplaceCredentials.connectionId,
        set: {
          ciphertext: row.ciphertext,
          keyVersion: row.keyVersion,
          hint: row.hint,
          expiresAt: row.expiresAt ?? null,
          marketplace: row.marketplace,
          updatedAt: new Date(),
        },
        setWhere: eq(marketplaceCredentials.accountId, row.accountId),
      })
      .returning();
    return saved!;
  }

  /**
   * Credentials of every account sealed under a key other than `currentVersion`, in id order
   * after `afterId`: what an operator's re-seal after a key rotation walks through.
   */
  async sealedUnderOtherKeys(
    currentVersion: number,
    afterId: string,
    limit: number,
  ): Promise<CredentialRow[]> {
    return this.db
      .select()
      .from(marketplaceCredentials)
      .where(
        and(
          ne(marketplaceCredentials.keyVersion, currentVersion),
          sql`${marketplaceCredentials.id} > ${afterId}`,
        ),
      )
      .orderBy(asc(marketplaceCredentials.id))
      .limit(limit);
  }

  /** Replaces a sealed value with the same secrets sealed again, unless it changed meanwhile. */
  async resealCredentials(
    row: Pick<CredentialRow, 'id' | 'accountId' | 'ciphertext'>,
    sealed: { ciphertext: string; keyVersion: number },
  ): Promise<void> {
    await this.db
      .update(marketplaceCredentials)
      .set(sealed)
      .where(
        and(
          eq(marketplaceCredentials.accountId, row.accountId),
          eq(marketplaceCredentials.id, row.id),
          eq(marketplaceCredentials.ciphertext, row.ciphertext),
        ),
      );
  }

  /** Removes the account's credentials for a marketplace; answers the connections they were of. */
  async removeCredentials(
    accountId: string,
    marketplace: string,
    db: Db = this.db,
  ): Promise<string[]> {
    const removed = await db
      .delete(marketplaceCredentials)
      .where(
        and(
          eq(marketplaceCredentials.accountId, accountId),
          eq(marketplaceCredentials.marketplace, marketplace),
        ),
      )
      .returning({ connectionId: marketplaceCredentials.connectionId });
    return removed.map((row) => row.connectionId);
  }

  /**
   * The account's connections to a marketplace that a connector may use: connected, with
   * credentials, oldest first (the first is the one listings go to).
   */
  async usableFor(accountId: string, marketplace: string): Promise<ConnectionRow[]> {
    const rows = await this.db
      .select({ connection: marketplaceConnections })
      .from(marketplaceConnections)
      .innerJoin(
        marketplaceCredentials,
        eq(marketplaceCredentials.connectionId, marketplaceConnections.id),
      )
      .where(
        and(
          eq(marketplaceConnections.accountId, accountId),
          eq(marketplaceConnections.marketplace, marketplace),
          eq(marketplaceConnections.status, 'connected'),
        ),
      )
      .orderBy(asc(marketplaceConnections.createdAt), asc(marketplaceConnections.id));
    return rows.map((row) => row.connection);
  }

  /** Every connection of the account, oldest first, with whether it holds credentials. */
  async factsFor(accountId: string): Promise<ConnectionFacts[]> {
    const rows = await this.db
      .select({
        marketplace: marketplaceConnections.marketplace,
        nickname: marketplaceConnections.nickname,
        status: marketplaceConnections.status,
        credentialId: marketplaceCredentials.id,
      })
      .from(marketplaceConnections)
      .leftJoin(
        marketplaceCredentials,
        eq(marketplaceCredentials.connectionId, marketplaceConnections.id),
      )
      .where(eq(marketplaceConnections.accountId, accountId))
      .orderBy(asc(marketplaceConnections.createdAt), asc(marketplaceConnections.id));
    return rows.map(({ credentialId, ...row }) => ({
      ...row,
      hasCredentials: credentialId !== null,
    }));
  }

  /** A connection of the marketplace already linked to this seller account on the marketplace. */
  async findByExternalAccount(
    accountId: string,
    marketplace: string,
    externalAccountId: string,
    db: Db = this.db,
  ): Promise<ConnectionRow | null> {
    const [row] = await db
      .select()
      .from(marketplaceConnections)
      .where(
        and(
          eq(marketplaceConnections.accountId, accountId),
          eq(marketplaceConnections.marketplace, marketplace),
          eq(marketplaceConnections.externalAccountId, externalAccountId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Replaces the sealed credentials only if they are still `previousCiphertext`: a refresh that
   * lost the race to another one (another process, a rotated refresh token) writes nothing.
   */
  async replaceCredentialsIf(
    row: { accountId: string; connectionId: string; previousCiphertext: string },
    next: { ciphertext: string; keyVersion: number; hint: string; expiresAt: Date | null },
  ): Promise<boolean> {
    const updated = await this.db
      .update(marketplaceCredentials)
      .set({ ...next, updatedAt: new Date() })
      .where(
        and(
          eq(marketplaceCredentials.accountId, row.accountId),
          eq(marketplaceCredentials.connectionId, row.connectionId),
          eq(marketplaceCredentials.ciphertext, row.previousCiphertext),
        ),
      )
      .returning({ id: marketplaceCredentials.id });
    return updated.length > 0;
  }

  /**
   * Marks the connection as needing reconnecting, unless its credentials are no longer the ones
   * `ciphertext` names (null: none): a refusal of old tokens must not mark credentials saved meanwhile (the
   * seller reconnected while a refresh was on its way). The credentials row is locked first, the
   * order every save takes, so a save in flight is waited for and then seen.
   */
  async markNeedsReconnectIf(row: {
    accountId: string;
    connectionId: string;
    ciphertext: string | null;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ ciphertext: marketplaceCredentials.ciphertext })
        .from(marketplaceCredentials)
        .where(
          and(
            eq(marketplaceCredentials.accountId, row.accountId),
            eq(marketplaceCredentials.connectionId, row.connectionId),
          ),
        )
        .for('update');
      if ((current?.ciphertext ?? null) !== row.ciphertext) return false;
      await this.setStatus(row.accountId, [row.connectionId], 'needs_reconnect', tx);
      return true;
    });
  }

  // For sale detection:
  /** The connected connections of these marketplaces, every account's (the poll's fan-out). */
  async connectedOf(
    marketplaces: readonly string[],
  ): Promise<{ id: string; accountId: string; marketplace: string; createdAt: Date }[]> {
    if (marketplaces.length === 0) return [];
    return this.db
      .select({
        id: marketplaceConnections.id,
        accountId: marketplaceConnections.accountId,
        marketplace: marketplaceConnections.marketplace,
        createdAt: marketplaceConnections.createdAt,
      })
      .from(marketplaceConnections)
      .where(
        and(
          eq(marketplaceConnections.status, 'connected'),
          inArray(marketplaceConnections.marketplace, [...marketplaces]),
        ),
      )
      .orderBy(marketplaceConnections.id);
  }

  /**
   * The connections, of any account, linked to this seller account on the marketplace (a
   * Shopify shop's domain): a webhook carries no account of ours, only the marketplace's.
   * Oldest first; connections switched off by the seller are left out.
   */
  async ofExternalAccount(
    marketplace: string,
    externalAccountId: string,
  ): Promise<{ id: string; accountId: string }[]> {
    return this.db
      .select({ id: marketplaceConnections.id, accountId: marketplaceConnections.accountId })
      .from(marketplaceConnections)
      .where(
        and(
          eq(marketplaceConnections.marketplace, marketplace),
          sql`lower(${marketplaceConnections.externalAccountId}) = ${externalAccountId.toLowerCase()}`,
          sql`${marketplaceConnections.status} <> 'disconnected'`,
        ),
      )
      .orderBy(asc(marketplaceConnections.createdAt), asc(marketplaceConnections.id));
  }

  /**
   * Every account's connections on these marketplaces that hold credentials and were not
   * switched off, oldest first.
   */
  async withCredentialsOn(
    marketplaces: readonly string[],
  ): Promise<
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
          inArray(marketplaceConnections.marketplace, [...marketplaces]),
          ne(marketplaceConnections.status, 'disconnected'),
        ),
      )
      .orderBy(asc(marketplaceConnections.createdAt), asc(marketplaceConnections.id));
  }
}
