import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ItemCreateSchema, type MarketplaceId } from '@listloop/domain';
import type { Container } from '../../container';
import { createSellerIn } from '../../../test/fixtures';
import { restartableContainers, rowsIn } from '../../../test/restartable';
import { standInConnector } from '../../../test/stand-in-connector';
import { waitFor } from '../../../test/wait';
import { listingJobLookup } from '../listings/listing.jobs';
import { jobIdOf } from '../listings/listing.messages';

/** API marketplaces (the server delists them) with a stand-in for each. */
const OTHERS = ['ebay', 'etsy'] as const satisfies readonly MarketplaceId[];

/**
 * A worker killed between marking sold and delisting (the delists still happen after
 * restart). The first process records the sale (the item sold, its delists queued and sent to
 * the job queue) and stops before any worker carries them out; a new process on the same
 * database does, once each.
 */
describe('a sale across a restart', () => {
  const processes = restartableContainers();
  afterAll(() => processes.dispose());

  /** A process whose marketplaces remember each delist (what the emulators would see). */
  const open = (delisted: string[]): Promise<Container> =>
    processes.open((container) => {
      for (const marketplace of OTHERS) {
        container.connectors.register(
          standInConnector(marketplace, {
            delist: async (input) => {
              delisted.push(`${marketplace}:${input.listedID}`);
            },
          }),
        );
      }
    });

  it('the delists queued by a sale are carried out by the next process, once each', async () => {
    const firstDelisted: string[] = [];
    let container = await open(firstDelisted);
    const { ctx } = await createSellerIn(container, {
      companyName: 'Restart Vintage',
      emailPrefix: 'sale-restart',
    });
    const item = await container.services.items.create(
      ctx,
      ItemCreateSchema.parse({ generalDetails: { title: 'Restart jacket', quantity: 1 } }),
    );
    const now = Date.now();
    const live = (listedID: string) => ({
      status: 'listed',
      listedID,
      listingURL: null,
      lastStatusDate: now,
      dateCreated: now,
      dateLastModified: now,
    });
    await container.database.db.execute(
      sql`UPDATE items SET listings = ${JSON.stringify({
        shopify: live('gid://shopify/Product/1'),
        ebay: live('EBAY-1'),
        etsy: live('ETSY-1'),
      })}::jsonb WHERE id = ${item.itemID}`,
    );

    // 1. The sale is recorded; no worker runs in this process, and then it stops.
    const recorded = await container.services.saleDetection.record({
      accountId: ctx.accountId,
      marketplace: 'shopify',
      externalOrderId: 'gid://shopify/Order/1',
      item: { listedID: 'gid://shopify/Product/1' },
      quantity: 1,
      source: 'webhook',
    });
    expect(recorded.status).toBe('recorded');
    const queued = await rowsIn<{ id: string; marketplace: string }>(
      container,
      sql`SELECT id, marketplace FROM listing_operations
          WHERE item_id = ${item.itemID} AND status = 'queued' ORDER BY marketplace`,
    );
    expect(queued.map((q) => q.marketplace)).toEqual([...OTHERS]);
    // Each delist's first job is there under the id its operation fixes, waiting.
    for (const { id } of queued) {
      expect(await container.queue.getJob('listings.execute', jobIdOf(id))).toMatchObject({
        state: 'created',
      });
    }
    // A sweep a minute on finds each job waiting, and sends none again.
    await rowsIn(
      container,
      sql`UPDATE listing_operations SET created_at = now() - interval '1 minute'
          WHERE item_id = ${item.itemID}`,
    );
    const swept = await container.services.listings.sweep(
      listingJobLookup(container.queue),
      container.logger,
    );
    expect(swept).toEqual({ resent: 0, failed: 0 });
    await container.close();
    expect(firstDelisted).toEqual([]);

    // 2. A new process on the same database works the queue: both delists happen, once each.
    const delisted: string[] = [];
    container = await open(delisted);
    await container.queue.work();
    const state = await waitFor(
      async () =>
        (
          await rowsIn<{ ebay: string; etsy: string; shopify: string }>(
            container,
            sql`SELECT listings->'ebay'->>'status' AS ebay, listings->'etsy'->>'status' AS etsy,
                       listings->'shopify'->>'status' AS shopify
                FROM items WHERE id = ${item.itemID}`,
          )
        )[0]!,
      (s) => s.ebay === 'delisted' && s.etsy === 'delisted',
    );
    expect(state.shopify).toBe('sold');
    expect(delisted.sort()).toEqual(['ebay:EBAY-1', 'etsy:ETSY-1']);
  });
});
