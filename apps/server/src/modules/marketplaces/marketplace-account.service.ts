import type { Logger } from 'pino';
import {
  ListingDefaultsSchema,
  MARKETPLACE_NAMES,
  type AccountConfig,
  type ListingDefaults,
  type MarketplaceId,
} from '@listloop/domain';
import {
  EBAY_POLICY_TYPES,
  type EbayBusinessPolicy,
} from '../../connectors/ebay/business-policies';
import type { EbayPolicyType } from '../../connectors/ebay/client';
import type { EbayConnector } from '../../connectors/ebay/connector';
import {
  shopifyWebhookTopics,
  shopifyWebhookUrl,
  type ShopifyConnector,
  type ShopifyMetafieldDefinition,
  type ShopifyWebhookTopic,
} from '../../connectors/shopify/connector';
import { conflict } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountRepository } from '../accounts/account.repository';
import type { ConnectionRepository } from '../connections/connection.repository';
import {
  ConnectorError,
  type ConnectorRegistry,
  type ConnectorScope,
} from '../../connectors/contract';
import type { ConnectedEvent } from '../marketplace-auth/marketplace-auth.service';
import type { MarketplaceRuleRepository } from '../rules/marketplace-rule.repository';
import type { MarketplaceRuleService } from '../rules/marketplace-rule.service';
import { connectorCall } from './connector-call';

export interface ShopifySubscription {
  callbackUrl: string;
  topics: ShopifyWebhookTopic[];
  created: ShopifyWebhookTopic[];
  existing: ShopifyWebhookTopic[];
}

export interface MetafieldSearch {
  ownerType?: 'PRODUCT' | 'PRODUCTVARIANT';
  query?: string;
  first?: number;
  after?: string;
}

function isEbayConnector(connector: unknown): connector is EbayConnector {
  return !!connector && typeof (connector as EbayConnector).businessPolicies === 'function';
}

function isShopifyConnector(connector: unknown): connector is ShopifyConnector {
  return !!connector && typeof (connector as ShopifyConnector).registerWebhooks === 'function';
}

/**
 * The calls a seller makes to their own marketplace account through ListLoop (spec §7 Ebay and
 * Shopify), and the work done once after connecting one: eBay's seller setup (business
 * policies opt-in, the ship-from location of the account's eBay defaults) and Shopify's
 * webhooks (config.shopify.webhooksAvailable, at `<public url>/webhook/shopify`).
 */
export class MarketplaceAccountService {
  constructor(
    private readonly connectors: ConnectorRegistry,
    private readonly connections: ConnectionRepository,
    private readonly accounts: AccountRepository,
    private readonly rules: MarketplaceRuleService,
    private readonly ruleRows: MarketplaceRuleRepository,
    /** PUBLIC_URL; null: the address the seller uses (the request's origin). */
    private readonly publicUrl: string | null,
    private readonly logger: Logger,
  ) {}

  async businessPolicies(
    ctx: RequestContext,
    policyType: EbayPolicyType,
    policyValue: string,
  ): Promise<EbayBusinessPolicy[]> {
    const ebay = await this.connected(ctx.accountId, 'ebay', isEbayConnector);
    return connectorCall('ebay', () =>
      ebay.businessPolicies(scopeOf(ctx), policyType, policyValue),
    );
  }

  async metafieldDefinitions(
    ctx: RequestContext,
    search: MetafieldSearch,
  ): Promise<{
    definitions: ShopifyMetafieldDefinition[];
    hasNextPage: boolean;
    endCursor: string | null;
  }> {
    const shopify = await this.connected(ctx.accountId, 'shopify', isShopifyConnector);
    return connectorCall('shopify', () => shopify.metafieldDefinitions(scopeOf(ctx), search));
  }

  /** POST /api/marketplaces/shopify/subscription: the account's webhooks, subscribed now. */
  async subscribeShopify(ctx: RequestContext, appBaseUrl: string): Promise<ShopifySubscription> {
    const shopify = await this.connected(ctx.accountId, 'shopify', isShopifyConnector);
    return connectorCall('shopify', () =>
      this.registerWebhooks(shopify, scopeOf(ctx), ctx.account.config, appBaseUrl),
    );
  }

  /**
   * The job after a seller connected: idempotent (policies already opted into, a location or a
   * subscription that exists, are left alone). A refusal is logged and not retried; a
   * marketplace that could not be reached throws, so the job is tried again.
   */
  async afterConnect(event: ConnectedEvent): Promise<void> {
    const { accountId, marketplace } = event;
    const scope: ConnectorScope = { accountId, userId: event.userId };
    const [acting] = await this.connections.usableFor(accountId, marketplace);
    if (acting?.id !== event.connectionId) {
      // The connectors act through the account's first usable connection of a marketplace.
      this.logger.info(
        { accountId, marketplace, connectionId: event.connectionId },
        'not the connection ListLoop acts through; nothing to prepare',
      );
      return;
    }
    try {
      const connector = this.connectors.get(marketplace);
      if (marketplace === 'ebay' && isEbayConnector(connector)) {
        const defaults = (await this.rules.ruleSet(accountId, 'ebay')).defaults;
        const postalCode = defaults?.location.postalCode;
        await connector.prepareSeller(
          scope,
          postalCode
            ? {
                postalCode,
                ...(defaults?.location.country ? { country: defaults.location.country } : {}),
              }
            : undefined,
        );
        await this.fillEbayPolicies(connector, scope, defaults);
      } else if (marketplace === 'shopify' && isShopifyConnector(connector)) {
        const account = await this.accounts.findById(accountId);
        const result = await this.registerWebhooks(
          connector,
          scope,
          account?.config ?? null,
          event.appBaseUrl,
        );
        this.logger.info({ accountId, ...result }, 'Shopify webhooks subscribed');
      }
    } catch (error) {
      if (error instanceof ConnectorError && !error.transient) {
        this.logger.warn(
          { err: error, accountId, marketplace },
          'the marketplace refused the setup after connecting',
        );
        return;
      }
      throw error;
    }
  }

  /**
   * The seller's default eBay business policies become the account's eBay defaults where those
   * name none (ListLoop checks a listing has a shipping policy before sending it), so a newly
   * connected seller can list at once. Policies the seller chose are never replaced.
   */
  private async fillEbayPolicies(
    ebay: EbayConnector,
    scope: ConnectorScope,
    current: ListingDefaults | null,
  ): Promise<void> {
    const defaults = current ?? ListingDefaultsSchema.parse({ marketplaceId: 'ebay' });
    const policies = { ...defaults.policies };
    let changed = false;
    for (const type of EBAY_POLICY_TYPES) {
      if (policies[type]) continue;
      const all = await ebay.businessPolicies(scope, type, '*');
      const chosen = all.find((p) => p.isDefault) ?? (all.length === 1 ? all[0] : undefined);
      if (!chosen) continue;
      policies[type] = chosen.id;
      changed = true;
    }
    if (!changed) return;
    const { marketplaceId: _marketplace, ...rule } = { ...defaults, policies };
    await this.ruleRows.upsertSingle({
      id: newId(),
      accountId: scope.accountId,
      marketplace: 'ebay',
      kind: 'defaults',
      rule,
    });
  }

  private async registerWebhooks(
    shopify: ShopifyConnector,
    scope: ConnectorScope,
    config: Partial<AccountConfig> | null,
    appBaseUrl: string,
  ): Promise<ShopifySubscription> {
    const topics = shopifyWebhookTopics(config);
    const callbackUrl = shopifyWebhookUrl(this.publicUrl ?? appBaseUrl);
    const result = await shopify.registerWebhooks(scope, { callbackUrl, topics });
    return { callbackUrl, topics, ...result };
  }

  /** The marketplace's connector when the account has a usable connection to it; 409 otherwise. */
  private async connected<C>(
    accountId: string,
    marketplace: MarketplaceId,
    isConnector: (connector: unknown) => connector is C,
  ): Promise<C> {
    const name = MARKETPLACE_NAMES[marketplace];
    const [connection] = await this.connections.usableFor(accountId, marketplace);
    if (!connection) throw conflict(`Connect your ${name} account first.`);
    const connector = this.connectors.get(marketplace);
    if (!isConnector(connector)) {
      throw conflict(
        `ListLoop cannot reach ${name} here: this server has no ${name} app keys configured.`,
      );
    }
    return connector;
  }
}

function scopeOf(ctx: RequestContext): ConnectorScope {
  return { accountId: ctx.accountId, userId: ctx.user.id };
}
