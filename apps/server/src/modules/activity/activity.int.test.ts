import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';

const LOG = '/api/rest/v1/enterprise/activity';
const ITEM = '/api/account/item';
const ROLES = '/api/rest/v1/enterprise/roles';

describe('the activity log', () => {
  let server: TestServer;
  let owner: AccountFixture;
  let client: TestClient;

  async function log(query = ''): Promise<{ entries: ActivityEntry[]; nextCursor: string | null }> {
    const response = await client.get(`${LOG}${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  }

  async function createItem(title: string): Promise<string> {
    const created = await client.post(ITEM, { generalDetails: { title, price: 12 } });
    expect(created.status, created.text).toBe(201);
    return created.body.item.itemID as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    owner = await createAccount(server, { companyName: 'Loop Vintage' });
    client = await signIn(server, owner);
  });
  afterAll(() => server.close());

  it('records an item’s changes with who made them and the item’s title', async () => {
    const itemId = await createItem('Levi’s 501');
    const saved = await client.put(`${ITEM}/${owner.userId}/${itemId}/general-details`, {
      generalDetails: { title: 'Levi’s 501 W32', price: 15 },
    });
    expect(saved.status, saved.text).toBe(200);
    const listing = await client.put(`${ITEM}/${owner.userId}/${itemId}/listing/ebay`, {
      listing: { title: 'Levi’s 501 jeans' },
    });
    expect(listing.status, listing.text).toBe(200);
    const notListed = await client.put(
      `${ITEM}/${owner.userId}/${itemId}/bulk-mark-as-not-listed`,
      {
        marketplaces: ['etsy'],
      },
    );
    expect(notListed.status, notListed.text).toBe(200);
    const removed = await client.delete(`${ITEM}/${owner.userId}/${itemId}`);
    expect(removed.status, removed.text).toBe(204);

    const { entries } = await log(`?subjectType=item&subjectId=${itemId}`);
    expect(entries.map((e) => e.action)).toEqual([
      'item.deleted',
      'listing.marked_not_listed',
      'item.updated',
      'item.updated',
      'item.created',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorUserId: owner.userId, subjectId: itemId });
      expect(entry.actorName).toBeTruthy();
    }
    expect(entries[4]).toMatchObject({ subjectType: 'item', subjectLabel: 'Levi’s 501' });
    expect(entries[3]).toMatchObject({ subjectLabel: 'Levi’s 501 W32', details: {} });
    expect(entries[2]!.details).toEqual({ marketplaces: ['ebay'] });
    expect(entries[1]).toMatchObject({
      subjectType: 'listing',
      details: { marketplaces: ['etsy'] },
    });
    expect(entries[0]).toMatchObject({ subjectType: 'item', subjectLabel: 'Levi’s 501 W32' });
  });

  it('records nothing for a refused request', async () => {
    const before = await log('?limit=100');
    expect((await client.post(ITEM, { generalDetails: { price: -1 } })).status).toBe(400);
    expect(
      (
        await client.put(`${ITEM}/${owner.userId}/no-such-item-000000000000/general-details`, {
          generalDetails: { title: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await client.delete(`${ROLES}/no-such-role-000000000000`)).status).toBe(404);
    const after = await log('?limit=100');
    expect(after.entries.map((e) => e.id)).toEqual(before.entries.map((e) => e.id));
  });

  it('records roles, members, rules, labels and connections', async () => {
    const member = await addMember(server, owner, { roleId: null });
    const role = await client.put(ROLES, { name: 'Listers', permissions: { 'items.read': true } });
    expect(role.status, role.text).toBe(200);
    const roleId = role.body.data.id as string;
    const assigned = await client.post(`${ROLES}/assign-members`, {
      roleId,
      userIds: [member.userId],
    });
    expect(assigned.status, assigned.text).toBe(200);
    const status = await client.put('/api/rest/v1/enterprise/account-users/update-status', {
      userId: member.userId,
      status: 'inactive',
    });
    expect(status.status, status.text).toBe(200);
    const pricing = await client.put('/api/account/pricingRule/mercari', {
      pricingRule: { adjustmentPercent: 10, rounding: 'none' },
    });
    expect(pricing.status, pricing.text).toBe(200);
    const label = await client.post(`/api/account/label/${owner.userId}`, { name: 'summer' });
    expect(label.status, label.text).toBe(201);
    const connection = await client.put(
      '/api/rest/v1/enterprise/connection/conn-activity-00000000001',
      {
        marketplace: 'mercari',
        nickname: 'My Mercari',
      },
    );
    expect([200, 201], connection.text).toContain(connection.status);

    const { entries } = await log('?limit=8');
    const byAction = new Map(entries.map((e) => [e.action, e]));
    expect(byAction.get('role.saved')).toMatchObject({
      subjectId: roleId,
      subjectLabel: role.body.data.name,
    });
    expect(byAction.get('role.members_assigned')).toMatchObject({
      subjectId: roleId,
      details: { count: 1 },
    });
    expect(byAction.get('member.role_changed')).toMatchObject({
      subjectType: 'member',
      subjectId: member.userId,
      details: { to: role.body.data.name },
    });
    expect(byAction.get('member.status_changed')).toMatchObject({
      subjectId: member.userId,
      subjectLabel: member.email,
      details: { to: 'inactive' },
    });
    expect(byAction.get('rule.saved')).toMatchObject({
      subjectType: 'rule',
      details: { ruleKind: 'pricing', marketplaces: ['mercari'] },
    });
    expect(byAction.get('label.created')).toMatchObject({ subjectLabel: 'summer' });
    expect(byAction.get('connection.connected')).toMatchObject({
      subjectType: 'connection',
      subjectLabel: 'My Mercari',
      details: { marketplaces: ['mercari'] },
    });

    const ofMember = await log(`?subjectType=member&subjectId=${member.userId}`);
    expect(ofMember.entries.map((e) => e.action)).toEqual([
      'member.status_changed',
      'member.role_changed',
    ]);
  });

  it('records a sale ListLoop heard of with ListLoop as the actor', async () => {
    const itemId = await createItem('Sold by webhook');
    const result = await server.container.services.saleDetection.record({
      accountId: owner.accountId,
      marketplace: 'ebay',
      externalOrderId: 'order-activity-1',
      item: { itemId, listedID: null },
      quantity: 1,
      salePrice: null,
      currency: null,
      soldAt: null,
      source: 'webhook',
    });
    expect(result.status).toBe('recorded');
    const { entries } = await log(`?subjectType=item&subjectId=${itemId}&action=item.sold`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: null,
      actorName: null,
      subjectLabel: 'Sold by webhook',
      details: { marketplaces: ['ebay'], count: 1 },
    });
  });

  it('filters by actor, action and period, and pages newest first', async () => {
    const member = await addMember(server, owner);
    const memberClient = await signIn(server, member);
    const created = await memberClient.post(ITEM, { generalDetails: { title: 'By the member' } });
    expect(created.status, created.text).toBe(201);

    const byMember = await log(`?actor=${member.userId}`);
    expect(byMember.entries.map((e) => [e.action, e.subjectLabel])).toEqual([
      ['item.created', 'By the member'],
    ]);
    expect(byMember.entries[0]!.actorName).toBe('Member');

    const labels = await log('?action=label.created');
    expect(labels.entries.every((e) => e.action === 'label.created')).toBe(true);
    expect(labels.entries.length).toBeGreaterThan(0);

    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await log(`?from=${encodeURIComponent(future)}`)).entries).toEqual([]);
    const all = await log('?limit=100');
    const past = new Date(Date.parse(all.entries.at(-1)!.createdAt) - 1000).toISOString();
    expect((await log(`?to=${encodeURIComponent(past)}`)).entries).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await log(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e) => e.id));
    const times = all.entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a bad filter with a message', async () => {
    const response = await client.get(`${LOG}?from=yesterday`);
    expect(response.status).toBe(400);
    const order = await client.get(`${LOG}?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    expect(order.status).toBe(400);
    expect(order.text).toContain('before its end');
  });
});
