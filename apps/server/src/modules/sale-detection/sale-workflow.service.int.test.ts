import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import {
  GeneralDetailsSchema,
  listingActor,
  type MarketplaceId,
  type NotifyInput,
} from '@listloop/domain';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { standInConnector } from '../../../test/stand-in-connector';
import { migrateDatabase, type Db } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { stableJobId } from '../../platform/queue/job';
import { AccountRepository } from '../accounts/account.repository';
import { identityServices } from '../../../test/identity';
import { ItemRepository } from '../items/item.repository';
import { ItemService } from '../items/item.service';
import { ItemLabelService } from '../items/item-labels.service';
import { LabelRepository } from '../labels/label.repository';
import { LabelService } from '../labels/label.service';
import { ConnectorRegistry } from '../../connectors/contract';
import { ListingRepository } from '../listings/listing.repository';
import { ListingService } from '../listings/listing.service';
import { SaleDetectionRepository } from './sale-detection.repository';
import { SaleEventsService } from './sale-events.service';
import type { QuantityPush, SaleReport } from './sale-report';
import { SaleWorkflow } from './sale-workflow';

/**
 * The sale workflow against a real database, without the server: the item, listing and sale
 * services built directly, the queue and the notifications replaced by recorders.
 */
describe('the sale workflow', () => {
  let test: TestDatabase;
  let db: Db;
  let items: ItemRepository;
  let itemService: ItemService;
  let listings: ListingService;
  let workflow: SaleWorkflow;
  let saleEvents: SaleEventsService;
  const accountId = `acct-${newId()}`;
  const userId = `user-${newId()}`;
  const notified: NotifyInput[] = [];
  const sent: string[] = [];
  const quantityPushes: { payload: QuantityPush; id: string }[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateDatabase(test.database);
    db = test.database.db;
    await new AccountRepository(db).create({ accountId, companyName: 'Sale workflow test' });
    await db.execute(
      sql`INSERT INTO auth_users (id, email) VALUES (${userId}, ${`${userId.toLowerCase()}@example.test`})`,
    );
    items = new ItemRepository(db);
    const labels = new LabelService(db, new LabelRepository(db), new ItemLabelService(items));
    itemService = new ItemService(db, items, labels, identityServices(test.database).accountUsers, {
      photoIssues: async () => [],
    });
    const connectors = new ConnectorRegistry();
    for (const marketplace of ['ebay', 'etsy', 'shopify'] as const) {
      connectors.register(standInConnector(marketplace));
    }
    listings = new ListingService(
      db,
      itemService,
      new ListingRepository(db),
      connectors,
      async (operationId) => {
        sent.push(operationId);
        return operationId;
      },
      // A sale builds no listing: a delist sends none, and no list is carried out here.
      {
        compose: () => Promise.reject(new Error('not built in these tests')),
        composeForConnector: () => Promise.reject(new Error('not built in these tests')),
      },
    );
    const sales = new SaleDetectionRepository(db);
    workflow = new SaleWorkflow(
      db,
      sales,
      itemService,
      listings,
      async () => ({ saleDetection: {}, forceDelistRelist: {} }),
      async () => 'USD',
      async (input) => {
        notified.push(input);
      },
      {
        recordSale: async () => undefined,
        pushQuantity: async (payload, options) => {
          quantityPushes.push({ payload, id: options.id });
        },
      },
      pino({ level: 'silent' }),
    );
    saleEvents = new SaleEventsService(sales, itemService, listings);
  });
  afterAll(() => test?.dispose());

  /** An item with `quantity` units, live on each of `liveOn`. */
  const liveItem = async (quantity: number, liveOn: readonly MarketplaceId[]) => {
    const id = newId();
    const now = Date.now();
    await items.insertMany([
      {
        id,
        accountId,
        userId,
        status: 'inProgress',
        dateCreated: now,
        dateLastModified: now,
        labels: [],
        generalDetails: GeneralDetailsSchema.parse({ title: `Jacket ${id}`, quantity, price: 40 }),
        listings: Object.fromEntries(
          liveOn.map((m) => [
            m,
            {
              status: 'listed',
              listedID: `${m}-${id}`,
              listingURL: null,
              lastStatusDate: now,
              dateCreated: now,
              dateLastModified: now,
            },
          ]),
        ),
        variants: [],
      } as Parameters<ItemRepository['insertMany']>[0][number],
    ]);
    return id;
  };

  const sale = (itemId: string, marketplace: MarketplaceId, order: string): SaleReport => ({
    accountId,
    marketplace,
    externalOrderId: order,
    item: { itemId },
    quantity: 1,
    salePrice: 40,
    source: 'webhook',
  });

  const itemNow = async (itemId: string) =>
    (await itemService.findRecord(accountId, userId, itemId))!;

  const eventView = async (eventId: string) => {
    const { events } = await saleEvents.list(
      { accountId } as Parameters<SaleEventsService['list']>[0],
      { state: 'all', limit: 50 },
    );
    return events.find((e) => e.eventId === eventId)!;
  };

  it('a sale recorded twice is one event, one unit and one notification', async () => {
    const itemId = await liveItem(3, ['ebay']);
    const first = await workflow.record(sale(itemId, 'ebay', 'ORDER-TWICE'));
    const again = await workflow.record(sale(itemId, 'ebay', 'ORDER-TWICE'));
    expect(first.status).toBe('recorded');
    expect(again.status).toBe('duplicate');
    if (first.status === 'unknown_item' || again.status === 'unknown_item') throw new Error();
    expect(again.event.id).toBe(first.event.id);
    expect((await itemNow(itemId)).generalDetails.quantity).toBe(2);
    expect(notified.filter((n) => n.key === first.event.id)).toHaveLength(1);
    // The second delivery stopped at record-event: the steps were kept once.
    expect((await eventView(first.event.id)).steps.map((s) => s.step)).toEqual([
      'find-item',
      'check-double-sale',
      'record-event',
      'mark-item-sold',
      'notify',
    ]);
  });

  it('a second delivery that got past the first check is undone whole when its event exists', async () => {
    const itemId = await liveItem(3, ['ebay', 'etsy']);
    const first = await workflow.record(sale(itemId, 'ebay', 'ORDER-RACED'));
    if (first.status !== 'recorded') throw new Error(first.status);
    // As if it had checked before the first committed: it finds no event and takes the lock.
    const findByOrder = vi
      .spyOn(SaleDetectionRepository.prototype, 'findByOrder')
      .mockResolvedValueOnce(null);
    try {
      const again = await workflow.record(sale(itemId, 'ebay', 'ORDER-RACED'));
      expect(again).toMatchObject({ status: 'duplicate', event: { id: first.event.id } });
    } finally {
      findByOrder.mockRestore();
    }
    expect((await itemNow(itemId)).generalDetails.quantity).toBe(2);
    const events = (await db.execute(
      sql`SELECT id FROM sale_events WHERE item_id = ${itemId}`,
    )) as {
      rows: unknown[];
    };
    expect(events.rows).toHaveLength(1);
  });

  it('a sale that takes the item down writes it once, as its last step leaves it', async () => {
    const itemId = await liveItem(1, ['ebay', 'etsy', 'shopify']);
    const whole = vi.spyOn(items, 'updateMany');
    const listingsOnly = vi.spyOn(items, 'saveListings');
    const history = vi.spyOn(ListingRepository.prototype, 'insertEvents');
    try {
      const recorded = await workflow.record(sale(itemId, 'ebay', 'EB-ONCE'));
      expect(recorded.status).toBe('recorded');
      // Quantity, the sold listing and both queued delists: three steps, one write.
      expect(listingsOnly).not.toHaveBeenCalled();
      expect(whole).toHaveBeenCalledTimes(1);
      const [written] = whole.mock.calls[0]![2];
      expect(written!.generalDetails.quantity).toBe(0);
      expect(written!.listings.ebay!.status).toBe('sold');
      // And their history is one insert, in the order the steps went.
      expect(history).toHaveBeenCalledTimes(1);
      expect(history.mock.calls[0]![0].map((row) => [row.marketplace, row.event])).toEqual([
        ['ebay', 'sold'],
        ['etsy', 'queue_delist'],
        ['shopify', 'queue_delist'],
      ]);
    } finally {
      whole.mockRestore();
      listingsOnly.mockRestore();
      history.mockRestore();
    }
    const stored = await itemNow(itemId);
    expect(stored.generalDetails.quantity).toBe(0);
    expect(stored.listings.ebay!.status).toBe('sold');
    expect(stored.listings.etsy!.status).not.toBe('listed');
    expect(stored.listings.shopify!.status).not.toBe('listed');
  });

  it('a sale ends only what is under way: nothing to end costs no statement, an update elsewhere is canceled', async () => {
    const repository = ListingRepository.prototype;
    const cancelUpdates = vi.spyOn(repository, 'cancelUpdates');
    const finishActive = vi.spyOn(repository, 'finishActiveOn');
    try {
      const plain = await liveItem(1, ['ebay', 'etsy']);
      expect((await workflow.record(sale(plain, 'ebay', 'EB-PLAIN'))).status).toBe('recorded');
      // Nothing was under way on either listing: asked to cancel or end none, no statement.
      expect(cancelUpdates.mock.calls.flatMap((call) => call[2])).toEqual([]);
      expect(
        finishActive.mock.calls.flatMap((call) => call[1].flatMap((one) => one.marketplaces)),
      ).toEqual([]);

      const updating = await liveItem(1, ['ebay', 'etsy', 'shopify']);
      for (const marketplace of ['etsy', 'ebay'] as const) {
        await new ListingRepository(db).insertNumbered([
          {
            id: newId(),
            accountId,
            userId,
            itemId: updating,
            marketplace,
            operation: 'update',
            executor: 'connector',
            status: 'queued',
          },
        ]);
      }
      expect((await workflow.record(sale(updating, 'ebay', 'EB-UPDATING'))).status).toBe(
        'recorded',
      );
    } finally {
      cancelUpdates.mockRestore();
      finishActive.mockRestore();
    }
    const operations = (await db.execute(sql`
      SELECT marketplace, operation::text AS operation, status::text AS status
      FROM listing_operations WHERE item_id IN (
        SELECT id FROM items WHERE general_details->>'title' LIKE 'Jacket %'
      ) AND account_id = ${accountId} AND operation = 'update'`)) as {
      rows: { marketplace: string; operation: string; status: string }[];
    };
    // Both updates, where it sold and elsewhere, are canceled by the sale.
    expect(operations.rows.map((row) => [row.marketplace, row.status]).sort()).toEqual([
      ['ebay', 'canceled'],
      ['etsy', 'canceled'],
    ]);
  });

  it('an item held for one write keeps every step’s change, whichever row a step started from', async () => {
    const itemId = await liveItem(5, ['ebay', 'etsy']);
    const read = await itemNow(itemId);
    const ended = (marketplace: 'ebay' | 'etsy') => ({
      ...read.listings[marketplace]!,
      status: 'ended',
    });
    await db.transaction((tx) =>
      itemService.writingOnceLocked(tx, async () => {
        await itemService.saveListingsLocked(tx, {
          ...read,
          listings: { ...read.listings, ebay: ended('ebay') },
        } as typeof read);
        // Both steps below start from the row as read: neither loses the other's change.
        await itemService.setQuantityLocked(tx, read, 3, read.dateLastModified + 1);
        await itemService.saveListingsLocked(tx, {
          ...read,
          listings: { ...read.listings, ebay: ended('ebay'), etsy: ended('etsy') },
        } as typeof read);
      }),
    );
    const stored = await itemNow(itemId);
    expect(stored.generalDetails.quantity).toBe(3);
    expect(stored.listings.ebay!.status).toBe('ended');
    expect(stored.listings.etsy!.status).toBe('ended');
    expect(stored.dateLastModified).toBe(read.dateLastModified + 1);
  });

  it('a sale that fails part-way writes nothing of the item', async () => {
    const itemId = await liveItem(1, ['ebay', 'etsy']);
    const before = await itemNow(itemId);
    const insertOutcomes = vi
      .spyOn(SaleDetectionRepository.prototype, 'insertOutcomes')
      .mockRejectedValueOnce(new Error('the database went away'));
    try {
      await expect(workflow.record(sale(itemId, 'ebay', 'EB-FAILS'))).rejects.toThrow(
        'the database went away',
      );
    } finally {
      insertOutcomes.mockRestore();
    }
    expect(await itemNow(itemId)).toEqual(before);
  });

  it('a sale of an item already sold elsewhere is a double sale: nothing else changes', async () => {
    const itemId = await liveItem(1, ['ebay', 'shopify']);
    const first = await workflow.record(sale(itemId, 'ebay', 'EB-1'));
    expect(first.status).toBe('recorded');
    const second = await workflow.record(sale(itemId, 'shopify', 'SH-1'));
    if (second.status !== 'recorded') throw new Error(second.status);
    expect(second.event).toMatchObject({
      kind: 'double_sale',
      quantityLeft: 0,
      firstSoldOn: 'ebay',
    });
    expect((await itemNow(itemId)).generalDetails.quantity).toBe(0);
    const notice = notified.find((n) => n.key === second.event.id);
    expect(notice).toMatchObject({ kind: 'double_sale', params: { soldOn: 'ebay' } });
    const view = await eventView(second.event.id);
    expect(view.outcomes).toEqual([]);
    expect(view.steps.map((s) => [s.step, s.result])).toEqual([
      ['find-item', 'done'],
      ['check-double-sale', 'done'],
      ['record-event', 'done'],
      ['notify', 'done'],
    ]);
  });

  it('a sale of the last unit stops a list still queued elsewhere', async () => {
    const itemId = await liveItem(1, ['ebay']);
    // The seller queued a list on Mercari; the extension has not taken it up yet.
    const queued = await db.transaction(async (tx) => {
      const row = await itemService.findLocked(tx, accountId, userId, itemId);
      return listings.queueManyLocked(
        tx,
        row!,
        [{ marketplace: 'mercari', executor: 'extension' }],
        'list',
        listingActor.user(userId),
      );
    });
    const list = queued.operations[0]!.operation;
    const recorded = await workflow.record(sale(itemId, 'ebay', 'EB-STOP'));
    if (recorded.status !== 'recorded') throw new Error(recorded.status);
    const view = await eventView(recorded.event.id);
    expect(view.outcomes).toEqual([
      expect.objectContaining({
        marketplace: 'mercari',
        outcome: 'list_stopped',
        operationId: list.id,
      }),
    ]);
    const state = (await listings.currentOperationsOf(accountId, [list.id])).get(list.id);
    expect(state?.status).toBe('canceled');
    const item = await itemNow(itemId);
    expect(item.listings.ebay).toMatchObject({ status: 'sold' });
    expect(item.listings.mercari?.status).not.toBe('queued');
    expect(view.steps.find((s) => s.step === 'stop-queued-lists')).toMatchObject({
      result: 'done',
      marketplaces: ['mercari'],
    });
  });

  it('a sale of the last unit queues the delists on the other marketplaces and sends them', async () => {
    const itemId = await liveItem(1, ['ebay', 'etsy', 'mercari']);
    const recorded = await workflow.record(sale(itemId, 'ebay', 'EB-DOWN'));
    if (recorded.status !== 'recorded') throw new Error(recorded.status);
    const view = await eventView(recorded.event.id);
    expect(view.outcomes.map((o) => [o.marketplace, o.outcome])).toEqual([
      ['etsy', 'delist_queued'],
      ['mercari', 'delist_queued'],
    ]);
    const ids = view.outcomes.map((o) => o.operationId!);
    const operations = await listings.currentOperationsOf(accountId, ids);
    expect([...operations.values()].map((o) => o.status)).toEqual(['queued', 'queued']);
    // The connector's delist is woken now; the extension's waits for its claim.
    const etsy = view.outcomes.find((o) => o.marketplace === 'etsy')!.operationId!;
    expect(sent).toContain(etsy);
    const item = await itemNow(itemId);
    expect(item.generalDetails.quantity).toBe(0);
    expect(item.listings.ebay).toMatchObject({ status: 'sold' });
    expect(notified.find((n) => n.key === recorded.event.id)).toMatchObject({ kind: 'sale' });
    // The Sales screen reads the steps under the names the log lines carry, in order.
    expect(view.steps.map((s) => [s.step, s.result, s.marketplaces])).toEqual([
      ['find-item', 'done', []],
      ['check-double-sale', 'done', []],
      ['record-event', 'done', []],
      ['mark-item-sold', 'done', []],
      ['queue-delists', 'done', ['etsy', 'mercari']],
      ['send-operations', 'done', ['etsy', 'mercari']],
      ['notify', 'done', []],
    ]);
    const times = view.steps.map((s) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('units left: the new quantity is pushed only where a connector works, once per event', async () => {
    const itemId = await liveItem(3, ['ebay', 'etsy', 'mercari']);
    const recorded = await workflow.record(sale(itemId, 'ebay', 'EB-LEFT'));
    if (recorded.status !== 'recorded') throw new Error(recorded.status);
    const pushes = quantityPushes.filter((p) => p.payload.eventId === recorded.event.id);
    expect(pushes.map((p) => p.payload.marketplace)).toEqual(['etsy']);
    expect(pushes[0]!.id).toBe(stableJobId('sales.push-quantity', `${recorded.event.id}:etsy`));
    const view = await eventView(recorded.event.id);
    expect(view.outcomes.map((o) => [o.marketplace, o.outcome])).toEqual([
      ['etsy', 'quantity_left'],
      ['mercari', 'quantity_left'],
    ]);
    expect((await itemNow(itemId)).listings.ebay).toMatchObject({ status: 'listed' });
    expect(view.steps.find((s) => s.step === 'push-quantities')).toMatchObject({
      result: 'done',
      marketplaces: ['etsy'],
    });
  });
});
