import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemCreateSchema } from '@listloop/domain';
import { migrateDatabase } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityServices } from '../../../test/identity';
import { LabelRepository } from '../labels/label.repository';
import { LabelService } from '../labels/label.service';
import { ItemLabelService } from './item-labels.service';
import { ItemRepository } from './item.repository';
import { ItemService } from './item.service';

/**
 * The batch reads and writes bulk actions and the imports make through the items service: each
 * stays inside one inventory (account and user), and each joins the caller's transaction.
 */
describe('the items service’s batch reads and writes, on a real database', () => {
  let test: TestDatabase;
  let identity: ReturnType<typeof identityServices>;
  let items: ItemService;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateDatabase(test.database);
    const { db } = test.database;
    identity = identityServices(test.database);
    const itemRows = new ItemRepository(db);
    const labels = new LabelService(db, new LabelRepository(db), new ItemLabelService(itemRows));
    items = new ItemService(db, itemRows, labels, identity.accountUsers, {
      photoIssues: async () => [],
    });
  });
  afterAll(() => test.dispose());

  const newItem = (title: string, sku = '') =>
    ItemCreateSchema.parse({ generalDetails: { title, sku }, labels: [] });

  it('finds only the owner’s items, by id, by SKU and by filter', async () => {
    const { ctx } = await identity.openAccount();
    const other = await identity.openAccount();
    const shirt = await items.create(ctx, newItem('Linen shirt', 'SH-1'));
    const hat = await items.create(ctx, newItem('Straw hat'));
    const theirs = await items.create(other.ctx, newItem('Linen shirt', 'SH-1'));
    const { accountId } = ctx;
    const owner = ctx.user.id;

    const existing = await items.existingIds(accountId, owner, [
      shirt.itemID,
      hat.itemID,
      theirs.itemID,
      'no-such-item',
    ]);
    expect([...existing].sort()).toEqual([shirt.itemID, hat.itemID].sort());

    const bySku = await items.findRecords(accountId, owner, { skus: ['SH-1'] }, { lock: false });
    expect(bySku.map((r) => r.id)).toEqual([shirt.itemID]);
    const byId = await items.findRecords(
      accountId,
      owner,
      { ids: [hat.itemID, theirs.itemID] },
      { lock: false },
    );
    expect(byId.map((r) => r.title)).toEqual(['Straw hat']);

    const matching = await items.idsMatching(ctx, owner, { q: 'linen', sort: 'title:asc' }, 10);
    expect(matching).toEqual([shirt.itemID]);
    expect(await items.idsMatching(ctx, owner, { sort: 'title:asc' }, 10)).toEqual([
      shirt.itemID,
      hat.itemID,
    ]);
    expect(await items.idsMatching(ctx, owner, { sort: 'title:asc' }, 1)).toHaveLength(1);
  });

  it('writes new and changed items in the caller’s transaction, and nothing when it rolls back', async () => {
    const { ctx } = await identity.openAccount();
    const { accountId } = ctx;
    const owner = ctx.user.id;
    const shirt = await items.create(ctx, newItem('Shirt'));
    const [row] = await items.findRecords(
      accountId,
      owner,
      { ids: [shirt.itemID] },
      { lock: false },
    );
    const now = Date.now();
    const fresh = {
      id: newId(),
      accountId,
      userId: owner,
      status: row!.status,
      dateCreated: now,
      dateLastModified: now,
      labels: [],
      generalDetails: { ...row!.generalDetails, title: 'Shirt (copy)' },
      listings: {},
      variants: [],
    };
    const renamed = {
      id: row!.id,
      status: row!.status,
      dateLastModified: now,
      labels: row!.labels,
      generalDetails: { ...row!.generalDetails, title: 'Blue shirt' },
      listings: row!.listings,
      variants: row!.variants,
    };

    await test.database.db
      .transaction(async (tx) => {
        await items.insertRecords([fresh], tx);
        expect(await items.updateRecords(accountId, owner, [renamed], tx)).toBe(1);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect(await items.existingIds(accountId, owner, [fresh.id])).toEqual(new Set());
    expect((await items.get(ctx, owner, shirt.itemID)).generalDetails.title).toBe('Shirt');

    await test.database.db.transaction(async (tx) => {
      await items.insertRecords([fresh], tx);
      await items.updateRecords(accountId, owner, [renamed], tx);
    });
    expect((await items.get(ctx, owner, fresh.id)).generalDetails.title).toBe('Shirt (copy)');
    expect((await items.get(ctx, owner, shirt.itemID)).generalDetails.title).toBe('Blue shirt');

    // Another inventory's rows are neither rewritten nor removed.
    const other = await identity.openAccount();
    expect(await items.updateRecords(other.ctx.accountId, other.ctx.user.id, [renamed])).toBe(0);
    expect(await items.removeRecords(other.ctx.accountId, other.ctx.user.id, [fresh.id])).toBe(0);

    expect(await items.removeRecords(accountId, owner, [fresh.id, shirt.itemID])).toBe(2);
    expect(await items.existingIds(accountId, owner, [fresh.id, shirt.itemID])).toEqual(new Set());
  });
});
