import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LABELS_PER_USER_MESSAGE } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { newId } from '../../platform/ids';

const ITEMS = '/api/account/item';

describe('labels', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  const labelsPath = (userId: string, labelId = '') =>
    `/api/account/label/${userId}${labelId ? `/${labelId}` : ''}`;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('creates labels, lists them by name with their item counts, and refuses duplicates', async () => {
    const created = await owner.post(labelsPath(account.userId), { name: '  Vintage ' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.label).toMatchObject({ name: 'Vintage', itemCount: 0 });
    const duplicate = await owner.post(labelsPath(account.userId), { name: 'VINTAGE' });
    expect(duplicate.status).toBe(409);
    await owner.post(ITEMS, { labels: ['vintage', 'Apple'] });
    await owner.post(ITEMS, { labels: ['Vintage'] });
    const list = await owner.get(labelsPath(account.userId));
    expect(list.status).toBe(200);
    expect(
      (list.body.labels as { name: string; itemCount: number }[]).map((l) => [l.name, l.itemCount]),
    ).toEqual([
      ['Apple', 1],
      ['Vintage', 2],
    ]);
  });

  it('takes a name of 20 characters and refuses 21', async () => {
    expect((await owner.post(labelsPath(account.userId), { name: 'n'.repeat(20) })).status).toBe(
      201,
    );
    const tooLong = await owner.post(labelsPath(account.userId), { name: 'm'.repeat(21) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toContainEqual({
      path: 'name',
      message: 'A label is at most 20 characters',
    });
  });

  it('renames a label on every item that carries it, searchable by the new name', async () => {
    const label = (await owner.post(labelsPath(account.userId), { name: 'bin A' })).body.label;
    const a = (await owner.post(ITEMS, { labels: ['bin A', 'keep'] })).body.item;
    const b = (await owner.post(ITEMS, { labels: ['keep'] })).body.item;
    const renamed = await owner.put(labelsPath(account.userId, label.id), {
      dataToUpdate: { name: 'Shelf 9' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.label).toMatchObject({ id: label.id, name: 'Shelf 9', itemCount: 1 });
    expect((await owner.get(`${ITEMS}/${account.userId}/${a.itemID}`)).body.item.labels).toEqual([
      'Shelf 9',
      'keep',
    ]);
    expect((await owner.get(`${ITEMS}/${account.userId}/${b.itemID}`)).body.item.labels).toEqual([
      'keep',
    ]);
    const found = await owner.get(`${ITEMS}?q=shelf%209`);
    expect(found.body.items.map((i: { itemID: string }) => i.itemID)).toEqual([a.itemID]);
    expect((await owner.get(`${ITEMS}?q=bin%20a&label=bin%20A`)).body.total).toBe(0);

    // Only the case changes: allowed, and items follow.
    const recased = await owner.put(labelsPath(account.userId, label.id), {
      dataToUpdate: { name: 'SHELF 9' },
    });
    expect(recased.status).toBe(200);
    expect((await owner.get(`${ITEMS}/${account.userId}/${a.itemID}`)).body.item.labels).toEqual([
      'SHELF 9',
      'keep',
    ]);
    // Onto another label's name: refused.
    const clash = await owner.put(labelsPath(account.userId, label.id), {
      dataToUpdate: { name: 'KEEP' },
    });
    expect(clash.status).toBe(409);
  });

  it('deletes a label from every item that carries it', async () => {
    const label = (await owner.post(labelsPath(account.userId), { name: 'doomed' })).body.label;
    const item = (await owner.post(ITEMS, { labels: ['doomed', 'stays'] })).body.item;
    expect((await owner.delete(labelsPath(account.userId, label.id))).status).toBe(204);
    expect((await owner.get(`${ITEMS}/${account.userId}/${item.itemID}`)).body.item.labels).toEqual(
      ['stays'],
    );
    const [row] = await queryRows<{ search_text: string }>(
      server,
      sql`select search_text from items where id = ${item.itemID}`,
    );
    expect(row?.search_text).not.toContain('doomed');
    expect((await owner.delete(labelsPath(account.userId, label.id))).status).toBe(404);
    const list = await owner.get(labelsPath(account.userId));
    expect(list.body.labels.map((l: { name: string }) => l.name)).not.toContain('doomed');
  });

  it('keeps labels to their owner: another user of the same account is told 404', async () => {
    const label = (await owner.post(labelsPath(account.userId), { name: 'private' })).body.label;
    const member = await addMember(server, account);
    const colleague = await signIn(server, member);
    expect((await colleague.get(labelsPath(account.userId))).status).toBe(404);
    expect((await colleague.post(labelsPath(account.userId), { name: 'sneaky' })).status).toBe(404);
    expect(
      (
        await colleague.put(labelsPath(account.userId, label.id), {
          dataToUpdate: { name: 'renamed' },
        })
      ).status,
    ).toBe(404);
    expect((await colleague.delete(labelsPath(account.userId, label.id))).status).toBe(404);
    // Their own list is theirs alone.
    const theirs = await colleague.get(labelsPath(member.userId));
    expect(theirs.status).toBe(200);
    expect(theirs.body.labels).toEqual([]);
    expect((await colleague.delete(labelsPath(member.userId, label.id))).status).toBe(404);
    expect(
      (await owner.get(labelsPath(account.userId))).body.labels.map(
        (l: { name: string }) => l.name,
      ),
    ).toContain('private');
  });

  it('allows 500 labels per user and refuses the 501st, on its own or through an item', async () => {
    const other = await createAccount(server);
    const client = await signIn(server, other);
    await server.container.repositories.labels.insertMany(
      Array.from({ length: 499 }, (_, i) => ({
        id: newId(),
        accountId: other.accountId,
        userId: other.userId,
        name: `label ${i}`,
      })),
    );
    // The 500th through an item is fine.
    const item = await client.post(ITEMS, { labels: ['the 500th'] });
    expect(item.status, item.text).toBe(201);
    const direct = await client.post(labelsPath(other.userId), { name: 'the 501st' });
    expect(direct.status).toBe(400);
    expect(direct.body.message).toBe(LABELS_PER_USER_MESSAGE);
    const viaItem = await client.post(ITEMS, { labels: ['label 1', 'the 501st'] });
    expect(viaItem.status).toBe(400);
    expect(viaItem.body.message).toBe(LABELS_PER_USER_MESSAGE);
    // Existing labels still go on items.
    expect((await client.post(ITEMS, { labels: ['LABEL 7'] })).body.item.labels).toEqual([
      'label 7',
    ]);
    const list = await client.get(labelsPath(other.userId));
    expect(list.body.labels).toHaveLength(500);
  });
});
