import {
  MARKETPLACE_NAMES,
  marketplaceGroup,
  type Connection,
  type ConnectionPut,
  type ConnectionStatus,
  type MarketplaceId,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import type {
  ConnectionFacts,
  ConnectionRepository,
  ConnectionRow,
  ConnectionWithHint,
  NewConnectionRow,
} from './connection.repository';

export const NO_SUCH_CONNECTION = 'No such marketplace connection.';

export function toConnection(row: ConnectionWithHint): Connection {
  return {
    id: row.id,
    marketplace: row.marketplace as Connection['marketplace'],
    nickname: row.nickname,
    status: row.status,
    externalAccountId: row.externalAccountId,
    credentialHint: row.credentialHint,
    credentialExpiresAt: row.credentialExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether a connection of the marketplace is carried out without credentials (the browser
 * extension acts in the seller's own browser session), so the seller's word makes it connected.
 */
function connectsWithoutCredentials(marketplace: MarketplaceId): boolean {
  return marketplaceGroup(marketplace) === 'crosslisting';
}

function connectedOnlyByCredentials(marketplace: MarketplaceId) {
  const name = MARKETPLACE_NAMES[marketplace];
  return conflict(
    `A ${name} connection becomes connected when you sign in at ${name} or store its access token, not by setting its status.`,
  );
}

function nicknameTaken(marketplace: string, nickname: string) {
  return conflict(`You already have a ${marketplace} connection named "${nickname}".`);
}

/**
 * Spec §7 connections: several per marketplace, each with a nickname unique within its
 * account and marketplace. A connection of another account is told 404, even to a PUT that
 * would otherwise create it.
 */
export class ConnectionService {
  constructor(
    private readonly db: Db,
    private readonly connections: ConnectionRepository,
  ) {}

  /** A connection of the account, or null (read in `db` when it is a transaction). */
  async find(accountId: string, id: string, db?: Db): Promise<ConnectionRow | null> {
    return this.connections.find(accountId, id, db);
  }

  /** A connection of the marketplace already linked to this seller account on the marketplace. */
  async findByExternalAccount(
    accountId: string,
    marketplace: string,
    externalAccountId: string,
    db?: Db,
  ): Promise<ConnectionRow | null> {
    return this.connections.findByExternalAccount(accountId, marketplace, externalAccountId, db);
  }

  async findByNickname(
    accountId: string,
    marketplace: string,
    nickname: string,
    db?: Db,
  ): Promise<ConnectionRow | null> {
    return this.connections.findByNickname(accountId, marketplace, nickname, db);
  }

  /** Records which seller account on the marketplace a connection signed in as. */
  async setExternalAccountId(
    accountId: string,
    id: string,
    externalAccountId: string,
    tx: Db,
  ): Promise<void> {
    await this.connections.update(accountId, id, { externalAccountId }, tx);
  }

  /** Inserts a connection made by signing in, unless the id is taken: then answers false. */
  async insertConnected(row: NewConnectionRow, tx: Db): Promise<boolean> {
    return this.connections.insert(row, tx);
  }

  async list(ctx: RequestContext): Promise<Connection[]> {
    return (await this.connections.list(ctx.accountId)).map(toConnection);
  }

  /** The ids of an account's connected connections to one marketplace (work done on a schedule). */
  async connectedIdsOf(accountId: string, marketplace: string): Promise<string[]> {
    return (await this.connections.list(accountId))
      .filter((c) => c.marketplace === marketplace && c.status === 'connected')
      .map((c) => c.id);
  }

  /** Creates the connection when the id is new; answers it and whether it was created. */
  async put(
    ctx: RequestContext,
    id: string,
    input: ConnectionPut,
  ): Promise<{ connection: Connection; created: boolean }> {
    let created = false;
    try {
      await this.db.transaction(async (tx) => {
        const existing = await this.connections.find(ctx.accountId, id, tx);
        if (existing) {
          await this.update(ctx, existing, input, tx);
          return;
        }
        if (!input.marketplace || !input.nickname) {
          throw badRequest('A new connection needs its marketplace and a nickname.');
        }
        if (
          await this.connections.findByNickname(
            ctx.accountId,
            input.marketplace,
            input.nickname,
            tx,
          )
        ) {
          throw nicknameTaken(input.marketplace, input.nickname);
        }
        // A new connection holds no credentials yet: an API marketplace's waits for them.
        const usableNow = connectsWithoutCredentials(input.marketplace);
        if (input.status === 'connected' && !usableNow) {
          throw connectedOnlyByCredentials(input.marketplace);
        }
        const status: ConnectionStatus =
          input.status ?? (usableNow ? 'connected' : 'needs_reconnect');
        created = await this.connections.insert(
          {
            id,
            accountId: ctx.accountId,
            marketplace: input.marketplace,
            nickname: input.nickname,
            status,
            externalAccountId: null,
          },
          tx,
        );
        // The id exists, in another account.
        if (!created) throw notFound(NO_SUCH_CONNECTION);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'marketplace_connections_nickname_unique')) {
        throw nicknameTaken(input.marketplace ?? 'marketplace', input.nickname ?? '');
      }
      throw error;
    }
    const connection = (await this.connections.list(ctx.accountId)).find((c) => c.id === id);
    if (!connection) throw notFound(NO_SUCH_CONNECTION);
    return { connection: toConnection(connection), created };
  }

  private async update(
    ctx: RequestContext,
    existing: ConnectionRow,
    input: ConnectionPut,
    tx: Db,
  ): Promise<void> {
    if (input.marketplace && input.marketplace !== existing.marketplace) {
      throw badRequest('A connection stays on its marketplace; create another one instead.');
    }
    if (input.nickname === undefined && input.status === undefined) {
      throw badRequest('Nothing to change: send the connection’s new nickname or status.');
    }
    const marketplace = existing.marketplace as MarketplaceId;
    if (
      input.status === 'connected' &&
      existing.status !== 'connected' &&
      !connectsWithoutCredentials(marketplace) &&
      !(await this.connections.findCredentials(ctx.accountId, existing.id, tx))
    ) {
      throw connectedOnlyByCredentials(marketplace);
    }
    if (input.nickname && input.nickname !== existing.nickname) {
      const clash = await this.connections.findByNickname(
        ctx.accountId,
        existing.marketplace,
        input.nickname,
        tx,
      );
      if (clash) throw nicknameTaken(existing.marketplace, input.nickname);
    }
    await this.connections.update(
      ctx.accountId,
      existing.id,
      {
        ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
      },
      tx,
    );
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    if (!(await this.connections.remove(ctx.accountId, id))) throw notFound(NO_SUCH_CONNECTION);
  }

  // For sale detection:
  /** The connected connections of these marketplaces, every account's (the poll's fan-out). */
  connectedOf(
    marketplaces: readonly string[],
  ): Promise<{ id: string; accountId: string; marketplace: string; createdAt: Date }[]> {
    return this.connections.connectedOf(marketplaces);
  }

  /** One connection of the account, without a member's context (a job polls it). */
  findForAccount(accountId: string, id: string): Promise<ConnectionRow | null> {
    return this.connections.find(accountId, id);
  }

  // For marketplaces:
  /** The account's connections a connector may use on this marketplace, oldest first. */
  usableFor(accountId: string, marketplace: string): Promise<ConnectionRow[]> {
    return this.connections.usableFor(accountId, marketplace);
  }

  // For listings:
  /** Every connection of the account with whether it holds credentials: a listing's reach. */
  factsFor(accountId: string): Promise<ConnectionFacts[]> {
    return this.connections.factsFor(accountId);
  }

  // For webhooks:
  /**
   * The connections, of any account, linked to this seller account on the marketplace, oldest
   * first, leaving out those the seller switched off: a webhook names only the marketplace's
   * account.
   */
  ofExternalAccount(
    marketplace: string,
    externalAccountId: string,
  ): Promise<{ id: string; accountId: string }[]> {
    return this.connections.ofExternalAccount(marketplace, externalAccountId);
  }

  // For the sandbox:
  /**
   * Every account's connections on these marketplaces that hold credentials and were not
   * switched off, oldest first (the sandbox gives them fresh tokens on every start).
   */
  withCredentialsOn(
    marketplaces: readonly string[],
  ): Promise<
    { id: string; accountId: string; marketplace: string; externalAccountId: string | null }[]
  > {
    return this.connections.withCredentialsOn(marketplaces);
  }
}
