import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemCreateSchema } from '@listloop/domain';
import { migrateDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/http/errors';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityServices } from '../../../test/identity';
import { ItemLabelService } from '../items/item-labels.service';
import { ItemRepository } from '../items/item.repository';
import { ItemService } from '../items/item.service';
import { LabelRepository } from './label.repository';
import { LabelService } from './label.service';

/** The label list and the items that carry its labels, wired as the container wires them. */
describe('labels and the items that carry them, on a real database', () => {
  let test: TestDatabase;
  let identity: ReturnType<typeof identityServices>;
  let labels: LabelService;
  let items: ItemService;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateDatabase(test.database);
    const { db } = test.database;
    identity = identityServices(test.database);
    const itemRows = new ItemRepository(db);
    labels = new LabelService(db, new LabelRepository(db), new ItemLabelService(itemRows));
    items = new ItemService(db, itemRows, labels, identity.accountUsers, {
      photoIssues: async () => [],
    });
  });
  afterAll(() => test.dispose());

  const newItem = (title: string, itemLabels: string[]) =>
    ItemCreateSchema.parse({ generalDetails: { title }, labels: itemLabels });

  it('adds the labels an item is saved with to its owner’s list, in the spelling already there', async () => {
    const { ctx } = await identity.openAccount();
    await labels.create(ctx, ctx.user.id, 'Summer');
    const item = await items.create(ctx, newItem('Linen shirt', ['summer', 'Vintage', 'vintage']));
    expect(item.labels).toEqual(['Summer', 'Vintage']);
    const listed = await labels.list(ctx, ctx.user.id);
    expect(listed.map((l) => [l.name, l.itemCount])).toEqual(
      expect.arrayContaining([
        ['Summer', 1],
        ['Vintage', 1],
      ]),
    );
    expect(listed).toHaveLength(2);
  });

  it('renames a label on every item of its owner that carries it, and only there', async () => {
    const { ctx } = await identity.openAccount();
    const other = await identity.openAccount();
    const shirt = await items.create(ctx, newItem('Shirt', ['Summer', 'Cotton']));
    const hat = await items.create(ctx, newItem('Hat', ['Summer']));
    const theirs = await items.create(other.ctx, newItem('Their shirt', ['Summer']));
    const [summer] = (await labels.list(ctx, ctx.user.id)).filter((l) => l.name === 'Summer');

    const renamed = await labels.rename(ctx, ctx.user.id, summer!.id, 'Warm days');
    expect(renamed).toMatchObject({ name: 'Warm days', itemCount: 2 });
    expect((await items.get(ctx, ctx.user.id, shirt.itemID)).labels).toEqual([
      'Warm days',
      'Cotton',
    ]);
    expect((await items.get(ctx, ctx.user.id, hat.itemID)).labels).toEqual(['Warm days']);
    expect((await items.get(other.ctx, other.ctx.user.id, theirs.itemID)).labels).toEqual([
      'Summer',
    ]);
  });

  it('deleting a label takes it off the items, and a name taken by another label is refused', async () => {
    const { ctx } = await identity.openAccount();
    const shirt = await items.create(ctx, newItem('Shirt', ['Sale', 'Cotton']));
    const list = await labels.list(ctx, ctx.user.id);
    const sale = list.find((l) => l.name === 'Sale')!;
    const cotton = list.find((l) => l.name === 'Cotton')!;

    const clash = await labels.rename(ctx, ctx.user.id, cotton.id, 'sale').catch((e: unknown) => e);
    expect(clash).toBeInstanceOf(AppError);
    expect((clash as AppError).statusCode).toBe(409);

    await labels.remove(ctx, ctx.user.id, sale.id);
    expect((await items.get(ctx, ctx.user.id, shirt.itemID)).labels).toEqual(['Cotton']);
    expect((await labels.list(ctx, ctx.user.id)).map((l) => l.name)).toEqual(['Cotton']);
  });
});
