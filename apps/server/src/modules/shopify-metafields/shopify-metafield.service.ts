import type { Logger } from 'pino';
import type {
  ConnectorListingInput,
  ConnectorMetafieldDefinition,
  ConnectorMetafieldPage,
  ConnectorRegistry,
  ConnectorScope,
  MetafieldMapping,
  MetafieldValue,
} from '../../connectors/contract';
import type { SendJob } from '../../platform/queue/job';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import type { ConnectionService } from '../connections';
import type { MetafieldSyncRow, ShopifyMetafieldRepository } from './shopify-metafield.repository';

/** Definitions asked for per page: the most the Shopify Admin API gives at once. */
const DEFINITIONS_PER_PAGE = 250;

/** A listing's metafield values under a mapping, as the Shopify connector writes them. */
export type MetafieldValuesOf = (
  mapping: readonly MetafieldMapping[],
  item: ConnectorListingInput['item'],
  built: ConnectorListingInput['built'],
) => MetafieldValue[];

/** Definitions kept from one sync; a store with more is told to narrow its definitions. */
export const MAX_SYNCED_DEFINITIONS = 2000;

export interface MetafieldSyncView {
  syncId: string;
  status: MetafieldSyncRow['status'];
  requestedAt: string;
  finishedAt: string | null;
  definitionCount: number | null;
  error: string | null;
}

function syncView(row: MetafieldSyncRow): MetafieldSyncView {
  return {
    syncId: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    definitionCount: row.definitionCount,
    error: row.error,
  };
}

/**
 * Spec §7 Shopify metafields: the account's mapper (which item fact fills which metafield
 * definition, applied with metafieldsSet when a listing is published) and the sync that copies
 * the store's product metafield definitions so the mapper can offer them.
 */
export class ShopifyMetafieldService {
  constructor(
    private readonly repository: ShopifyMetafieldRepository,
    private readonly connections: Pick<ConnectionService, 'usableFor'>,
    private readonly valuesOf: MetafieldValuesOf,
    private readonly connectors: ConnectorRegistry,
    private readonly enqueueSync: SendJob<{ accountId: string; syncId: string }>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** One page of the store's definitions, read by the Shopify connector. */
  private definitionsPage(
    scope: ConnectorScope,
    after: string | null,
  ): Promise<ConnectorMetafieldPage> {
    const shopify = this.connectors.get('shopify');
    if (!shopify?.metafieldDefinitions) throw new Error('This server has no Shopify connector');
    return shopify.metafieldDefinitions(scope, {
      first: DEFINITIONS_PER_PAGE,
      ...(after ? { after } : {}),
    });
  }

  async mapping(ctx: RequestContext): Promise<MetafieldMapping[]> {
    return (await this.repository.mapping(ctx.accountId)) as MetafieldMapping[];
  }

  async putMapping(ctx: RequestContext, mapping: MetafieldMapping[]): Promise<MetafieldMapping[]> {
    const seen = new Map<string, number>();
    mapping.forEach((row, index) => {
      const key = `${row.namespace}.${row.key}`;
      const first = seen.get(key);
      if (first !== undefined) {
        throw badRequest(`Two rows fill the metafield ${key}; keep one.`, [
          { path: `mapping.${index}`, message: `Row ${first + 1} already fills ${key}.` },
        ]);
      }
      seen.set(key, index);
    });
    await this.repository.putMapping(ctx.accountId, mapping, ctx.user.id);
    return mapping;
  }

  /** The values the Shopify connector sets on a product it publishes (none without a mapper). */
  async valuesFor(input: ConnectorListingInput): Promise<MetafieldValue[]> {
    const mapping = (await this.repository.mapping(input.accountId)) as MetafieldMapping[];
    if (mapping.length === 0) return [];
    return this.valuesOf(mapping, input.item, input.built);
  }

  /** POST …/metafields/sync: queues a sync of the connected store's definitions. */
  async startSync(ctx: RequestContext): Promise<MetafieldSyncView> {
    const [connection] = await this.connections.usableFor(ctx.accountId, 'shopify');
    if (!connection) throw conflict('Connect your Shopify account first.');
    const last = await this.repository.lastSync(ctx.accountId);
    if (last && (last.status === 'queued' || last.status === 'running')) return syncView(last);
    const id = newId();
    await this.repository.insertSync({ id, accountId: ctx.accountId, requestedBy: ctx.user.id });
    await this.enqueueSync({ accountId: ctx.accountId, syncId: id });
    const row = await this.repository.findSync(ctx.accountId, id);
    return syncView(row!);
  }

  /** GET …/metafields/sync/last, with the definitions it copied. */
  async lastSync(
    ctx: RequestContext,
  ): Promise<{ sync: MetafieldSyncView | null; definitions: ConnectorMetafieldDefinition[] }> {
    const row = await this.repository.lastSync(ctx.accountId);
    if (!row) return { sync: null, definitions: [] };
    return {
      sync: syncView(row),
      definitions: (row.definitions ?? []) as ConnectorMetafieldDefinition[],
    };
  }

  /**
   * The sync job: reads every page of the store's definitions. Idempotent: a finished sync is
   * left alone; a retried one starts over. A refusal or an unreachable store is recorded on the
   * row for the seller and rethrown when the marketplace may answer later (the job retries).
   */
  async runSync(accountId: string, syncId: string, logger: Logger, lastTry = false): Promise<void> {
    const row = await this.repository.findSync(accountId, syncId);
    if (!row) throw notFound('No such metafield sync.');
    if (row.status === 'done' || row.status === 'failed') return;
    await this.repository.updateSync(accountId, syncId, { status: 'running', error: null });
    const scope: ConnectorScope = { accountId, userId: row.requestedBy };
    try {
      const definitions: ConnectorMetafieldDefinition[] = [];
      let after: string | null = null;
      for (;;) {
        const page = await this.definitionsPage(scope, after);
        definitions.push(...page.definitions);
        if (!page.hasNextPage || !page.endCursor || definitions.length >= MAX_SYNCED_DEFINITIONS)
          break;
        after = page.endCursor;
      }
      await this.repository.updateSync(accountId, syncId, {
        status: 'done',
        finishedAt: new Date(this.now()),
        definitionCount: definitions.length,
        definitions: definitions.slice(0, MAX_SYNCED_DEFINITIONS),
      });
    } catch (error) {
      const transient = (error as { transient?: boolean }).transient === true && !lastTry;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ err: error, syncId, transient }, 'Shopify metafield sync failed');
      await this.repository.updateSync(accountId, syncId, {
        status: transient ? 'queued' : 'failed',
        error: message.slice(0, 2000),
        ...(transient ? {} : { finishedAt: new Date(this.now()) }),
      });
      if (transient) throw error;
    }
  }
}
