import type { Logger } from 'pino';
import {
  EBAY_POLICY_TYPES,
  ListingDefaultsSchema,
  MARKETPLACE_NAMES,
  type EbayBusinessPolicy,
  type EbayPolicyKind,
  type ListingDefaults,
  type MarketplaceId,
} from '@listloop/domain';
import { conflict } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountService } from '../accounts';
import type { ConnectionService } from '../connections';
import {
  ConnectorError,
  type Connector,
  type ConnectorMetafieldPage,
  type ConnectorMetafieldSearch,
  type ConnectorRegistry,
  type ConnectorScope,
  type ConnectorWebhookSubscription,
} from '../../connectors/contract';
import type { ConnectedEvent } from '../marketplace-auth';
import type { MarketplaceRuleService } from '../rules';
import { connectorCall } from './connector-call';

export type ShopifySubscription = ConnectorWebhookSubscription;

export type MetafieldSearch = ConnectorMetafieldSearch;

/** A connector known to have a capability (an optional method of the contract). */
type With<K extends keyof Connector> = Connector & Required<Pick<Connector, K>>;

function has<K extends keyof Connector>(
  connector: Connector | undefined,
  capability: K,
): connector is With<K> {
  return !!connector && typeof connector[capability] === 'function';
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
    private readonly connections: ConnectionService,
    private readonly accounts: AccountService,
    private readonly rules: MarketplaceRuleService,
    /** PUBLIC_URL; null: the address the seller uses (the request's origin). */
    private readonly publicUrl: string | null,
    private readonly logger: Logger,
  ) {}

  async businessPolicies(
    ctx: RequestContext,
    policyType: EbayPolicyKind,
    policyValue: string,
  ): Promise<EbayBusinessPolicy[]> {
    const ebay = await this.connected(ctx.accountId, 'ebay', 'businessPolicies');
    return connectorCall('ebay', () =>
      ebay.businessPolicies(scopeOf(ctx), policyType, policyValue),
    );
  }

  async metafieldDefinitions(
    ctx: RequestContext,
    search: MetafieldSearch,
  ): Promise<ConnectorMetafieldPage> {
    const shopify = await this.connected(ctx.accountId, 'shopify', 'metafieldDefinitions');
    return connectorCall('shopify', () => shopify.metafieldDefinitions(scopeOf(ctx), search));
  }

  /** POST /api/marketplaces/shopify/subscription: the account's webhooks, subscribed now. */
  async subscribeShopify(ctx: RequestContext, appBaseUrl: string): Promise<ShopifySubscription> {
    const shopify = await this.connected(ctx.accountId, 'shopify', 'subscribeWebhooks');
    return connectorCall('shopify', () =>
      shopify.subscribeWebhooks(scopeOf(ctx), {
        config: ctx.account.config,
        baseUrl: this.publicUrl ?? appBaseUrl,
      }),
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
      if (
        marketplace === 'ebay' &&
        has(connector, 'prepareSeller') &&
        has(connector, 'businessPolicies')
      ) {
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
      } else if (marketplace === 'shopify' && has(connector, 'subscribeWebhooks')) {
        const account = await this.accounts.findById(accountId);
        const result = await connector.subscribeWebhooks(scope, {
          config: account?.config ?? null,
          baseUrl: this.publicUrl ?? event.appBaseUrl,
        });
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
    ebay: With<'businessPolicies'>,
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
    await this.rules.saveDefaults(scope.accountId, 'ebay', { ...defaults, policies });
  }

  /** The marketplace's connector when the account has a usable connection to it; 409 otherwise. */
  private async connected<K extends keyof Connector>(
    accountId: string,
    marketplace: MarketplaceId,
    capability: K,
  ): Promise<With<K>> {
    const name = MARKETPLACE_NAMES[marketplace];
    const [connection] = await this.connections.usableFor(accountId, marketplace);
    if (!connection) throw conflict(`Connect your ${name} account first.`);
    const connector = this.connectors.get(marketplace);
    if (!has(connector, capability)) {
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
