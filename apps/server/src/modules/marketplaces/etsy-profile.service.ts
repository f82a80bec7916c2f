import type { EtsyProfileKind, EtsyShopProfile } from '@listloop/domain';
import { conflict } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { ConnectionService } from '../connections';
import type { Connector, ConnectorRegistry } from '../../connectors/contract';
import { connectorCall } from './connector-call';

/** How long a shop's profiles are kept before Etsy is asked again. */
export const ETSY_PROFILES_TTL_MS = 5 * 60 * 1000;

interface Cached {
  value: EtsyShopProfile[];
  until: number;
}

function readsShopProfiles(
  connector: Connector | undefined,
): connector is Connector & Required<Pick<Connector, 'shopProfiles'>> {
  return !!connector && typeof connector.shopProfiles === 'function';
}

/**
 * The seller's Etsy shipping and processing profiles, by which the web names the ids a listing
 * stores. Kept in this process's memory for five minutes per account, connection and kind, and
 * concurrent reads share one call: every item tab, preview and the Etsy defaults ask for them,
 * and Etsy counts each call against the app's daily limit. Five minutes bounds how long a
 * profile the seller just made on Etsy is missing here. A reconnection (a new connection) is
 * read afresh; a failed read is not kept.
 */
export class EtsyProfileService {
  private readonly kept = new Map<string, Cached>();
  private readonly reading = new Map<string, Promise<EtsyShopProfile[]>>();
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(
    private readonly connectors: Pick<ConnectorRegistry, 'get'>,
    private readonly connections: Pick<ConnectionService, 'usableFor'>,
    options: { now?: () => number; ttlMs?: number } = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.ttlMs = options.ttlMs ?? ETSY_PROFILES_TTL_MS;
  }

  /** GET /api/marketplaces/etsy/profiles/{kind}: 409 without an Etsy connection. */
  async profiles(ctx: RequestContext, kind: EtsyProfileKind): Promise<EtsyShopProfile[]> {
    // The connectors act through the account's first usable connection of a marketplace.
    const [connection] = await this.connections.usableFor(ctx.accountId, 'etsy');
    if (!connection) {
      throw conflict(
        'Connect your Etsy account first: ListLoop reads your shop’s profiles through it.',
      );
    }
    const etsy = this.connectors.get('etsy');
    if (!readsShopProfiles(etsy)) {
      throw conflict(
        'ListLoop cannot reach Etsy here: this server has no Etsy app keys configured.',
      );
    }
    const key = `${ctx.accountId}|${connection.id}|${kind}`;
    const cached = this.kept.get(key);
    if (cached && cached.until > this.now()) return cached.value;
    const running = this.reading.get(key);
    if (running) return running;
    const read = connectorCall(
      'etsy',
      async () => {
        const value = await etsy.shopProfiles(
          { accountId: ctx.accountId, userId: ctx.user.id },
          kind,
        );
        this.forgetExpired();
        this.kept.set(key, { value, until: this.now() + this.ttlMs });
        return value;
      },
      (message) => `Etsy did not give your shop’s profiles: ${message}`,
    ).finally(() => this.reading.delete(key));
    this.reading.set(key, read);
    return read;
  }

  /** Profiles of connections no longer asked about are not kept past their time. */
  private forgetExpired(): void {
    const now = this.now();
    for (const [key, cached] of this.kept) if (cached.until <= now) this.kept.delete(key);
  }
}
