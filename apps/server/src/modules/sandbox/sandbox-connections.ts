import type { Logger } from 'pino';
import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import type { TokenSet } from '../../connectors/contract';
import type { Db } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { credentialsFromTokens } from '../connections';
import type { ConnectionService, CredentialService } from '../connections';
import type { ConnectedEvent } from '../marketplace-auth';
import {
  SANDBOX_EBAY_SELLER,
  SANDBOX_SHOP,
  SANDBOX_MARKETPLACES,
  type SandboxMarketplace,
  type SandboxMarketplaces,
} from './sandbox-marketplaces';

/** Who the work done at start is attributed to (no seller is signed in then). */
const SYSTEM_USER = 'system';

/**
 * The sandbox's connections. The emulators keep their state in memory, so on every start the
 * stored eBay, Shopify, Etsy and Depop connections get fresh tokens (Depop a fresh API key) from them (and their seller setup and
 * webhooks again): a connection made before a restart keeps working. What was listed on the
 * emulated marketplaces before the restart is gone (decision 0012).
 */
export class SandboxConnections {
  constructor(
    private readonly db: Db,
    private readonly sandbox: SandboxMarketplaces,
    private readonly connections: ConnectionService,
    private readonly credentials: CredentialService,
    /** The work after connecting (MarketplaceAccountService.afterConnect). */
    private readonly afterConnect: (event: ConnectedEvent) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  /** Re-issues every stored sandbox connection's tokens; answers how many it restored. */
  async restore(): Promise<number> {
    let restored = 0;
    // In sandbox mode a connection to these marketplaces can only be the emulator's.
    for (const connection of await this.connections.withCredentialsOn(SANDBOX_MARKETPLACES)) {
      const marketplace = connection.marketplace as SandboxMarketplace;
      try {
        if (marketplace === 'ebay') {
          await this.store(
            connection.accountId,
            connection.id,
            'ebay',
            this.sandbox.issueEbayTokens(),
            {},
          );
        } else if (marketplace === 'etsy') {
          await this.store(
            connection.accountId,
            connection.id,
            'etsy',
            this.sandbox.issueEtsyTokens(),
            {},
          );
        } else if (marketplace === 'depop') {
          // The emulated Depop knows no key from before the restart: a new one, as if pasted.
          await this.store(
            connection.accountId,
            connection.id,
            'depop',
            this.sandbox.issueDepopApiKey(),
            {},
          );
        } else {
          const previous = await this.credentials.credentialsFor(
            connection.accountId,
            connection.id,
          );
          const extra = (previous?.credentials.extra ?? {}) as Record<string, unknown>;
          // The shop's domain as Shopify named it; `extra.shop` is what the seller typed.
          const shop = this.sandbox.shopDomain(
            connection.externalAccountId ??
              (typeof extra.shop === 'string' ? extra.shop : SANDBOX_SHOP),
          );
          const tokens = this.sandbox.issueShopifyTokens(shop);
          await this.store(connection.accountId, connection.id, 'shopify', tokens, {
            shop: tokens.externalAccountId ?? shop,
          });
        }
        await this.afterConnect({
          accountId: connection.accountId,
          userId: SYSTEM_USER,
          connectionId: connection.id,
          marketplace,
          appBaseUrl: this.sandbox.appUrl,
        });
        restored += 1;
      } catch (error) {
        this.logger.warn(
          { err: error, connectionId: connection.id, marketplace },
          'a sandbox connection could not be restored; the seller can connect it again',
        );
      }
    }
    return restored;
  }

  /**
   * Connects an account to the emulated eBay seller, Shopify store and Etsy shop, as if its
   * owner had signed in to each ("eBay sandbox", …), and to the emulated Depop shop with an API
   * key, as a seller with partner access does: the demo account. Answers the connection ids.
   */
  async connectAccount(
    accountId: string,
    userId: string,
  ): Promise<Record<SandboxMarketplace, string>> {
    const ebay = await this.connect(accountId, userId, 'ebay', this.sandbox.issueEbayTokens(), {});
    const shopify = await this.connect(
      accountId,
      userId,
      'shopify',
      this.sandbox.issueShopifyTokens(SANDBOX_SHOP),
      { shop: SANDBOX_SHOP },
    );
    const etsy = await this.connect(accountId, userId, 'etsy', this.sandbox.issueEtsyTokens(), {});
    const depop = await this.connect(
      accountId,
      userId,
      'depop',
      this.sandbox.issueDepopApiKey(),
      {},
    );
    return { ebay, shopify, etsy, depop };
  }

  private async connect(
    accountId: string,
    userId: string,
    marketplace: SandboxMarketplace,
    tokens: TokenSet,
    extra: Record<string, string>,
  ): Promise<string> {
    const externalAccountId =
      tokens.externalAccountId ??
      (marketplace === 'ebay' ? SANDBOX_EBAY_SELLER.username : SANDBOX_SHOP);
    const existing = await this.connections.findByExternalAccount(
      accountId,
      marketplace,
      externalAccountId,
    );
    const id = existing?.id ?? newId();
    if (!existing) {
      await this.connections.insertConnected(
        {
          id,
          accountId,
          marketplace,
          nickname: `${MARKETPLACE_NAMES[marketplace]} sandbox`,
          status: 'connected',
          externalAccountId,
        },
        this.db,
      );
    }
    await this.store(accountId, id, marketplace, tokens, extra);
    await this.afterConnect({
      accountId,
      userId,
      connectionId: id,
      marketplace,
      appBaseUrl: this.sandbox.appUrl,
    });
    return id;
  }

  private async store(
    accountId: string,
    connectionId: string,
    marketplace: MarketplaceId,
    tokens: TokenSet,
    extra: Record<string, string>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const previous = await this.credentials.credentialsFor(accountId, connectionId, tx);
      await this.credentials.saveConnected(
        { accountId, connectionId, marketplace },
        credentialsFromTokens(marketplace, tokens, previous?.credentials ?? null, extra),
        tx,
      );
    });
  }
}
