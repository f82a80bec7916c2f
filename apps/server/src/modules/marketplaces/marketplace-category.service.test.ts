import { describe, expect, it } from 'vitest';
import type { MarketplaceId } from '@listloop/domain';
import { standInConnector } from '../../../test/stand-in-connector';
import type { RequestContext } from '../../platform/http/request-context';
import {
  ConnectorError,
  type ConnectorCategories,
  type ConnectorCategory,
  type ConnectorRegistry,
} from '../../connectors/contract';
import { CATEGORY_TREE_TTL_MS, MarketplaceCategoryService } from './marketplace-category.service';

const TREE: ConnectorCategory[] = [
  { id: '11450', name: 'Clothing, Shoes & Accessories', parentId: null, leaf: false },
  { id: '260012', name: 'Men', parentId: '11450', leaf: false },
  { id: '1059', name: "Men's Clothing", parentId: '260012', leaf: false },
  { id: '11483', name: 'Jeans', parentId: '1059', leaf: true },
  { id: '260010', name: 'Women', parentId: '11450', leaf: false },
  { id: '15724', name: "Women's Clothing", parentId: '260010', leaf: false },
  { id: '11554', name: 'Jeans', parentId: '15724', leaf: true },
  { id: '11233', name: 'Music', parentId: null, leaf: false },
  { id: '176985', name: 'Records', parentId: '11233', leaf: true },
];

const ctx = { accountId: 'acct-1', user: { id: 'user-1' } } as unknown as RequestContext;

function setup(options: { connected?: boolean; fail?: ConnectorError } = {}) {
  let clock = Date.UTC(2026, 0, 10);
  const calls: string[] = [];
  const categories: ConnectorCategories = {
    needsConnection: true,
    leavesOnly: true,
    treeId: async () => {
      calls.push('treeId');
      if (options.fail) throw options.fail;
      return '0';
    },
    tree: async (_scope, treeId) => {
      calls.push(`tree:${treeId}`);
      // Another caller arrives while this read is on its way.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { treeId, version: '130', categories: TREE };
    },
  };
  const connector = { ...standInConnector('ebay'), categories };
  const registry: Pick<ConnectorRegistry, 'get'> = {
    get: (marketplace: MarketplaceId) => (marketplace === 'ebay' ? connector : undefined),
  };
  const connections = {
    usableFor: async () => (options.connected === false ? [] : [{ id: 'conn-1' } as never]),
  };
  const service = new MarketplaceCategoryService(registry, connections, { now: () => clock });
  return { service, calls, advance: (ms: number) => (clock += ms) };
}

describe('the marketplace categories', () => {
  it('finds categories by the start of words of their path, listable ones first', async () => {
    const { service } = setup();
    const found = await service.find(ctx, 'ebay', { q: 'jea', limit: 20 });
    expect(found.categories.map((c) => c.path.join(' › '))).toEqual([
      "Clothing, Shoes & Accessories › Men › Men's Clothing › Jeans",
      "Clothing, Shoes & Accessories › Women › Women's Clothing › Jeans",
    ]);
    // "men" starts Men and Men's, not Women.
    const men = await service.find(ctx, 'ebay', { q: 'MENS jeans', limit: 20 });
    expect(men.categories.map((c) => c.id)).toEqual(['11483']);
    const clothing = await service.find(ctx, 'ebay', { q: 'clothing', limit: 20 });
    const listable = clothing.categories.map((c) => c.listable);
    expect(listable).toEqual([true, true, false, false, false, false, false]);
    // Among those a listing cannot be in, the ones the word names come first.
    expect(clothing.categories.slice(2, 5).map((c) => c.name)).toEqual([
      'Clothing, Shoes & Accessories',
      "Men's Clothing",
      "Women's Clothing",
    ]);
  });

  it('names stored ids in the order asked, leaving out ids the tree does not hold', async () => {
    const { service } = setup();
    const named = await service.find(ctx, 'ebay', { ids: ['176985', '404', '1059'], limit: 20 });
    expect(named).toMatchObject({ marketplace: 'ebay', treeId: '0', treeVersion: '130' });
    expect(named.categories).toEqual([
      { id: '176985', name: 'Records', path: ['Music', 'Records'], leaf: true, listable: true },
      {
        id: '1059',
        name: "Men's Clothing",
        path: ['Clothing, Shoes & Accessories', 'Men', "Men's Clothing"],
        leaf: false,
        listable: false,
      },
    ]);
  });

  it('reads a tree once for concurrent callers, keeps it a day, then reads it again', async () => {
    const { service, calls, advance } = setup();
    await Promise.all([
      service.find(ctx, 'ebay', { q: 'jeans', limit: 5 }),
      service.find(ctx, 'ebay', { q: 'records', limit: 5 }),
      service.verdict('acct-2', 'user-2', 'ebay', '11483'),
    ]);
    expect(calls).toEqual(['treeId', 'tree:0']);
    advance(CATEGORY_TREE_TTL_MS - 1);
    await service.find(ctx, 'ebay', { q: 'jeans', limit: 5 });
    expect(calls).toHaveLength(2);
    advance(2);
    await service.find(ctx, 'ebay', { q: 'jeans', limit: 5 });
    expect(calls).toEqual(['treeId', 'tree:0', 'treeId', 'tree:0']);
  });

  it('tells the listing check whether an id is a category a listing may be in', async () => {
    const { service } = setup();
    expect(await service.verdict('acct-1', 'user-1', 'ebay', '11483')).toBe('ok');
    expect(await service.verdict('acct-1', 'user-1', 'ebay', '99999')).toBe('unknown');
    expect(await service.verdict('acct-1', 'user-1', 'ebay', '1059')).toEqual({
      notLeaf: "Clothing, Shoes & Accessories › Men › Men's Clothing",
    });
    expect(await service.verdict('acct-1', 'user-1', 'poshmark', 'Jeans')).toBeNull();
  });

  it('says nothing to the check when the tree cannot be read, and refuses the route clearly', async () => {
    const down = setup({
      fail: new ConnectorError('eBay had a problem (503).', { transient: true }),
    });
    expect(await down.service.verdict('acct-1', 'user-1', 'ebay', '11483')).toBeNull();
    await expect(down.service.find(ctx, 'ebay', { q: 'jeans', limit: 5 })).rejects.toMatchObject({
      statusCode: 503,
    });
    const unconnected = setup({ connected: false });
    expect(await unconnected.service.verdict('acct-1', 'user-1', 'ebay', '11483')).toBeNull();
    await expect(
      unconnected.service.find(ctx, 'ebay', { q: 'jeans', limit: 5 }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Connect your eBay account first: ListLoop reads its categories through it.',
    });
    await expect(
      unconnected.service.find(ctx, 'poshmark', { q: 'jeans', limit: 5 }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
