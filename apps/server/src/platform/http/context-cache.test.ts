import { describe, expect, it } from 'vitest';
import { ContextCache, externalAccountScope, KeptReads } from './context-cache';

const scope =
  (user: string, ...accounts: string[]) =>
  () => ({
    userIds: [user],
    accountIds: accounts,
  });

describe('ContextCache', () => {
  it('keeps a loaded value for its lifetime, then loads again', async () => {
    let now = 1_000;
    const cache = new ContextCache<string>({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    let loads = 0;
    const load = async () => `value ${(loads += 1)}`;
    expect(await cache.getOrLoad('a', load, scope('u1', 'a1'))).toBe('value 1');
    now += 4_999;
    expect(await cache.getOrLoad('a', load, scope('u1', 'a1'))).toBe('value 1');
    now += 1;
    expect(await cache.getOrLoad('a', load, scope('u1', 'a1'))).toBe('value 2');
  });

  it('drops what rests on a changed user or account, and only that', async () => {
    const cache = new ContextCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    await cache.getOrLoad('s1', async () => 'one', scope('u1', 'a1'));
    await cache.getOrLoad('s2', async () => 'two', scope('u2', 'a1', 'a2'));
    await cache.getOrLoad('s3', async () => 'three', scope('u3', 'a3'));
    cache.changed('u:u1');
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([
      undefined,
      'two',
      'three',
    ]);
    cache.changed('a:a2');
    expect([cache.get('s2'), cache.get('s3')]).toEqual([undefined, 'three']);
    cache.changed('anything else');
    expect(cache.size).toBe(0);
  });

  it('does not keep a load that a change overtook', async () => {
    const cache = new ContextCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const loaded = await cache.getOrLoad(
      's1',
      async () => {
        // The change lands while the old rows are being read.
        cache.changed('u:someone-else');
        return 'read before the change';
      },
      scope('u1', 'a1'),
    );
    expect(loaded).toBe('read before the change');
    expect(cache.get('s1')).toBeUndefined();
  });

  it('keeps nothing the scope refuses, nothing at a lifetime of 0, and makes room', async () => {
    const refused = new ContextCache<string | null>({ ttlMs: 5_000, maxEntries: 10 });
    await refused.getOrLoad(
      's1',
      async () => null,
      () => null,
    );
    expect(refused.size).toBe(0);

    const off = new ContextCache<string>({ ttlMs: 0, maxEntries: 10 });
    await off.getOrLoad('s1', async () => 'one', scope('u1'));
    expect(off.size).toBe(0);

    const small = new ContextCache<string>({ ttlMs: 5_000, maxEntries: 2 });
    for (const key of ['s1', 's2', 's3']) await small.getOrLoad(key, async () => key, scope(key));
    expect([small.get('s1'), small.get('s2'), small.get('s3')]).toEqual([undefined, 's2', 's3']);
  });
});

describe('KeptReads', () => {
  it('keeps a read under the users and accounts it rests on, and drops it when one changes', async () => {
    const reads = new KeptReads(5_000);
    let loads = 0;
    const settings = () =>
      reads.read('sale-settings:a1:u1', { userIds: ['u1'], accountIds: ['a1'] }, async () => {
        loads += 1;
        return { loads };
      });
    expect(await settings()).toEqual({ loads: 1 });
    expect(await settings()).toEqual({ loads: 1 });
    reads.changed('a:a2');
    expect(await settings()).toEqual({ loads: 1 });
    reads.changed('u:u1');
    expect(await settings()).toEqual({ loads: 2 });
    reads.changed('a:a1');
    expect(await settings()).toEqual({ loads: 3 });
  });

  it('keeps nothing a scope of null names, and drops a store’s connections when that store changes', async () => {
    const reads = new KeptReads(5_000);
    const store = externalAccountScope('shopify', 'Shop.myshopify.com');
    expect(store).toBe('ext:shopify:shop.myshopify.com');
    let found: string[] = [];
    let loads = 0;
    const connectionsOf = () =>
      reads.read(
        `connections-of:${store}`,
        (accounts: string[]) =>
          accounts.length === 0 ? null : { accountIds: [store, ...accounts] },
        async () => {
          loads += 1;
          return found;
        },
      );
    expect(await connectionsOf()).toEqual([]);
    found = ['a1'];
    expect(await connectionsOf()).toEqual(['a1']);
    expect(loads).toBe(2);
    found = ['a1', 'a2'];
    expect(await connectionsOf()).toEqual(['a1']);
    // Another account connecting the store names the store, not the accounts kept.
    reads.changed(`a:${store}`);
    expect(await connectionsOf()).toEqual(['a1', 'a2']);
  });

  it('keeps nothing past its lifetime, or at all with a lifetime of 0', async () => {
    let now = 1_000;
    const reads = new KeptReads(5_000, 10, () => now);
    let loads = 0;
    const read = (kept: KeptReads) =>
      kept.read('slack-alerts:a1', { accountIds: ['a1'] }, async () => (loads += 1));
    expect(await read(reads)).toBe(1);
    now += 4_999;
    expect(await read(reads)).toBe(1);
    now += 1;
    expect(await read(reads)).toBe(2);
    const none = new KeptReads(0);
    expect(await read(none)).toBe(3);
    expect(await read(none)).toBe(4);
  });
});
