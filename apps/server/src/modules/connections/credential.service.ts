import {
  StoredCredentialsSchema,
  type MarketplaceId,
  type MaskedCredentials,
  type StoredCredentials,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { resealStale, type SecretBox } from '../../platform/crypto/secret-box';
import { badRequest, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import type { ConnectionRepository, CredentialRow } from './connection.repository';
import { NO_SUCH_CONNECTION } from './connection.service';

const NO_SUCH_ACCOUNT = 'No such account.';
/** Shorter secrets show no hint: four characters of eight would give half of it away. */
const HINT_MIN_SECRET_LENGTH = 12;

/** The secret a person would recognise the credentials by. */
function mainSecret(credentials: StoredCredentials): string | undefined {
  return (
    credentials.accessToken ?? credentials.token ?? credentials.apiKey ?? credentials.refreshToken
  );
}

export function hintOf(secret: string): string {
  return secret.length >= HINT_MIN_SECRET_LENGTH ? secret.slice(-4) : '';
}

/** Binds a sealed value to its row: copied onto another account's or connection's row, it does not open. */
function sealContext(row: { accountId: string; connectionId: string; marketplace: string }) {
  return `marketplace-credentials/${row.accountId}/${row.connectionId}/${row.marketplace}`;
}

/** What a connector gets: the opened secrets of one connection. Never sent over HTTP. */
export interface ConnectionCredentials {
  connectionId: string;
  marketplace: MarketplaceId;
  expiresAt: Date | null;
  credentials: StoredCredentials;
  /** The sealed value these were opened from: a compare-and-swap replaces only this one. */
  version: string;
}

/**
 * Checks credentials with their marketplace before they are stored: answers the marketplace's
 * id of the account they open (the connection's `externalAccountId`), or null when this server
 * does not check that marketplace's credentials. A refusal or an outage is thrown as the
 * AppError the seller gets, and nothing is stored.
 */
export type CredentialCheck = (
  marketplace: MarketplaceId,
  credentials: StoredCredentials,
) => Promise<{ externalAccountId: string } | null>;

/**
 * Spec §7's credentials service, hosted on this server. Secrets are sealed (AES-256-GCM)
 * before they reach the database, answered only masked (the last four characters), and
 * opened only by `credentialsFor`, for the connectors.
 */
export class CredentialService {
  constructor(
    private readonly db: Db,
    private readonly connections: ConnectionRepository,
    private readonly box: SecretBox,
    private readonly check: CredentialCheck = async () => null,
  ) {}

  async store(
    ctx: RequestContext,
    marketplace: MarketplaceId,
    connectionId: string,
    credentials: StoredCredentials,
  ): Promise<{
    connectionId: string;
    marketplace: MarketplaceId;
    hint: string;
    expiresAt: string | null;
  }> {
    if (credentials.marketplaceAccount.marketplaceID !== marketplace) {
      throw badRequest(
        `credentials.marketplaceAccount.marketplaceID: these credentials are for ${marketplace}.`,
      );
    }
    const secret = mainSecret(credentials);
    if (!secret) {
      throw badRequest('credentials: give the accessToken, token, apiKey or refreshToken.');
    }
    const connection = await this.connections.find(ctx.accountId, connectionId);
    if (!connection) throw notFound(NO_SUCH_CONNECTION);
    if (connection.marketplace !== marketplace) {
      throw badRequest(`connectionId: that connection is of ${connection.marketplace}.`);
    }
    // Asked outside the transaction: the marketplace may be slow, and a refused key stores nothing.
    const checked = await this.check(marketplace, credentials);
    const saved = await this.db.transaction(async (tx) => {
      const connection = await this.connections.find(ctx.accountId, connectionId, tx);
      if (!connection) throw notFound(NO_SUCH_CONNECTION);
      if (connection.marketplace !== marketplace) {
        throw badRequest(`connectionId: that connection is of ${connection.marketplace}.`);
      }
      const row = { accountId: ctx.accountId, connectionId, marketplace };
      const sealed = this.box.seal(JSON.stringify(credentials), sealContext(row));
      const stored = await this.connections.upsertCredentials(
        {
          id: newId(),
          ...row,
          ciphertext: sealed.ciphertext,
          keyVersion: sealed.keyVersion,
          hint: hintOf(secret),
          expiresAt: credentials.expiresAt ? new Date(credentials.expiresAt) : null,
        },
        tx,
      );
      if (checked) {
        await this.connections.update(
          ctx.accountId,
          connectionId,
          { externalAccountId: checked.externalAccountId },
          tx,
        );
      }
      // Fresh credentials are what reconnecting is.
      await this.connections.setStatus(ctx.accountId, [connectionId], 'connected', tx);
      return stored;
    });
    return {
      connectionId,
      marketplace,
      hint: saved.hint,
      expiresAt: saved.expiresAt?.toISOString() ?? null,
    };
  }

  async list(
    ctx: RequestContext,
    marketplace: MarketplaceId,
    accountId: string,
  ): Promise<MaskedCredentials[]> {
    if (accountId !== ctx.accountId) throw notFound(NO_SUCH_ACCOUNT);
    const rows = await this.connections.listCredentials(ctx.accountId, marketplace);
    return rows.map((row) => ({
      connectionId: row.connectionId,
      nickname: row.nickname,
      marketplace,
      hint: row.hint,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  /** Forgets the account's credentials for the marketplace; their connections need reconnecting. */
  async remove(ctx: RequestContext, marketplace: MarketplaceId, accountId: string): Promise<void> {
    if (accountId !== ctx.accountId) throw notFound(NO_SUCH_ACCOUNT);
    await this.db.transaction(async (tx) => {
      const connectionIds = await this.connections.removeCredentials(
        ctx.accountId,
        marketplace,
        tx,
      );
      await this.connections.setStatus(ctx.accountId, connectionIds, 'needs_reconnect', tx);
    });
  }

  /**
   * The opened credentials of one connection, for a connector acting for the account; null
   * when it has none. Rows sealed under an earlier key are sealed again under the current one.
   */
  async credentialsFor(
    accountId: string,
    connectionId: string,
    db?: Db,
  ): Promise<ConnectionCredentials | null> {
    const row = await this.connections.findCredentials(accountId, connectionId, db);
    if (!row) return null;
    const credentials = StoredCredentialsSchema.parse(
      JSON.parse(this.box.open(row, sealContext(row))),
    );
    // Inside a caller's transaction the next write of the row seals it again anyway.
    if (!db && this.box.isStale(row.keyVersion)) await this.reseal(row, credentials);
    return {
      connectionId,
      marketplace: row.marketplace as MarketplaceId,
      expiresAt: row.expiresAt,
      credentials,
      version: row.ciphertext,
    };
  }

  private sealed(
    row: { accountId: string; connectionId: string; marketplace: string },
    credentials: StoredCredentials,
  ) {
    const secret = mainSecret(credentials) ?? '';
    const sealed = this.box.seal(JSON.stringify(credentials), sealContext(row));
    return {
      ciphertext: sealed.ciphertext,
      keyVersion: sealed.keyVersion,
      hint: hintOf(secret),
      expiresAt: credentials.expiresAt ? new Date(credentials.expiresAt) : null,
    };
  }

  /**
   * Stores the credentials a marketplace handed out when the seller connected (OAuth), inside
   * the caller's transaction, and marks the connection connected. No request context: the
   * caller has checked who may connect.
   */
  async saveConnected(
    row: { accountId: string; connectionId: string; marketplace: MarketplaceId },
    credentials: StoredCredentials,
    db: Db,
  ): Promise<void> {
    await this.connections.upsertCredentials(
      { id: newId(), ...row, ...this.sealed(row, credentials) },
      db,
    );
    await this.connections.setStatus(row.accountId, [row.connectionId], 'connected', db);
  }

  /**
   * Replaces refreshed credentials unless another refresh replaced `version` first; answers
   * whether it did. Rotating refresh tokens (Etsy) make losing that race harmless this way.
   */
  async replaceRefreshed(
    row: { accountId: string; connectionId: string; marketplace: MarketplaceId },
    version: string,
    credentials: StoredCredentials,
  ): Promise<boolean> {
    return this.connections.replaceCredentialsIf(
      { accountId: row.accountId, connectionId: row.connectionId, previousCiphertext: version },
      this.sealed(row, credentials),
    );
  }

  /**
   * Seals again, under the current key, every account's credentials sealed under an older one,
   * so an old key can be dropped. A row changed meanwhile is left to its new value (sealed
   * under the current key already); a row no configured key opens is counted, not touched.
   */
  async resealAll(batch = 200): Promise<{ resealed: number; unreadable: string[] }> {
    return resealStale({
      page: (after, limit) =>
        this.connections.sealedUnderOtherKeys(this.box.currentVersion, after, limit),
      keyOf: (row) => row.id,
      nameOf: (row) => row.connectionId,
      open: (row) =>
        StoredCredentialsSchema.parse(JSON.parse(this.box.open(row, sealContext(row)))),
      reseal: (row, credentials) => this.reseal(row, credentials),
      batch,
    });
  }

  private async reseal(row: CredentialRow, credentials: StoredCredentials): Promise<void> {
    const sealed = this.box.seal(JSON.stringify(credentials), sealContext(row));
    await this.connections.resealCredentials(row, sealed);
  }
}
