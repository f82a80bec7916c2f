import type { ApiContext, OperationHandler } from '../core/emulator-server';
import { empty, json, type EmulatorResponse } from '../core/http';
import {
  EBAY_US_CATEGORY_TREE,
  EBAY_US_CATEGORY_TREE_ID,
  EBAY_US_CATEGORY_TREE_VERSION,
  type EbayCategoryNode,
} from './ebay-categories';
import { requestViolation, type EbayContext } from './ebay-context';
import { ebayError, ebayErrors } from './ebay-errors';

export const TAXONOMY_BASE_PATH = '/commerce/taxonomy/v1';

/** One category tree the emulator holds, indexed. */
export interface EbayCategoryTree {
  id: string;
  version: string;
  marketplaceIds: string[];
  roots: readonly EbayCategoryNode[];
}

interface Indexed {
  node: EbayCategoryNode;
  parentId: string;
  level: number;
}

/** ✅ Every tree's root is category 0, "Root", at level 0. */
const ROOT_ID = '0';

export const EBAY_CATEGORY_TREES: readonly EbayCategoryTree[] = [
  {
    id: EBAY_US_CATEGORY_TREE_ID,
    version: EBAY_US_CATEGORY_TREE_VERSION,
    marketplaceIds: ['EBAY_US'],
    roots: EBAY_US_CATEGORY_TREE,
  },
];

function indexTree(tree: EbayCategoryTree): Map<string, Indexed> {
  const index = new Map<string, Indexed>();
  const walk = (nodes: readonly EbayCategoryNode[], parentId: string, level: number) => {
    for (const node of nodes) {
      index.set(node[0], { node, parentId, level });
      if (node[2]) walk(node[2], node[0], level + 1);
    }
  };
  walk(tree.roots, ROOT_ID, 1);
  return index;
}

/**
 * eBay's Taxonomy API over the trees above: the default tree of a marketplace, a whole tree, a
 * subtree, and category suggestions for keywords (leaves whose path holds every word).
 */
export function taxonomyHandlers(
  ebay: EbayContext,
  trees: readonly EbayCategoryTree[] = EBAY_CATEGORY_TREES,
): Record<string, OperationHandler> {
  const indexes = new Map(trees.map((tree) => [tree.id, indexTree(tree)]));
  const base = (ctx: ApiContext) => `${ctx.baseUrl}${TAXONOMY_BASE_PATH}`;
  const subtreeHref = (ctx: ApiContext, treeId: string, categoryId: string) =>
    `${base(ctx)}/category_tree/${treeId}/get_category_subtree?category_id=${categoryId}`;

  const treeOf = (ctx: ApiContext): EbayCategoryTree | EmulatorResponse => {
    const id = ctx.params.category_tree_id ?? '';
    const tree = trees.find((candidate) => candidate.id === id);
    if (tree) return tree;
    return ebayErrors(400, [ebayError('taxonomyUnknownTree')]);
  };

  const nodeJson = (
    ctx: ApiContext,
    tree: EbayCategoryTree,
    node: EbayCategoryNode,
    level: number,
    parentId: string | null,
  ): Record<string, unknown> => {
    const [id, name, children] = node;
    const out: Record<string, unknown> = {
      category: { categoryId: id, categoryName: name },
      categoryTreeNodeLevel: level,
      leafCategoryTreeNode: !children || children.length === 0,
    };
    if (parentId !== null) out.parentCategoryTreeNodeHref = subtreeHref(ctx, tree.id, parentId);
    if (children && children.length > 0) {
      out.childCategoryTreeNodes = children.map((child) =>
        nodeJson(ctx, tree, child, level + 1, id),
      );
    }
    return out;
  };

  return {
    getDefaultCategoryTreeId(ctx) {
      const marketplaceId = ctx.request.query.get('marketplace_id') ?? '';
      if (!marketplaceId) {
        const error = ebayError('taxonomyMissingMarketplace');
        requestViolation(ebay, ctx, [error.message]);
        return ebayErrors(400, [error]);
      }
      const tree = trees.find((candidate) => candidate.marketplaceIds.includes(marketplaceId));
      if (!tree) {
        // ◐ eBay has a tree for every site; the emulator holds the US one only.
        return ebayErrors(400, [
          ebayError('taxonomyUnknownMarketplace', {
            longMessage: `The eBay emulator holds no category tree for ${marketplaceId}.`,
          }),
        ]);
      }
      return json(200, { categoryTreeId: tree.id, categoryTreeVersion: tree.version });
    },

    getCategoryTree(ctx) {
      const tree = treeOf(ctx);
      if (!('roots' in tree)) return tree;
      return json(200, {
        applicableMarketplaceIds: tree.marketplaceIds,
        categoryTreeId: tree.id,
        categoryTreeVersion: tree.version,
        rootCategoryNode: nodeJson(ctx, tree, [ROOT_ID, 'Root', [...tree.roots]], 0, null),
      });
    },

    getCategorySubtree(ctx) {
      const tree = treeOf(ctx);
      if (!('roots' in tree)) return tree;
      const categoryId = ctx.request.query.get('category_id') ?? '';
      if (!categoryId) return ebayErrors(400, [ebayError('taxonomyMissingCategory')]);
      if (categoryId === ROOT_ID) {
        return ebayErrors(400, [
          ebayError('taxonomyRootCategory', {
            fill: { categoryTreeHref: `${base(ctx)}/category_tree/${tree.id}` },
          }),
        ]);
      }
      const found = indexes.get(tree.id)?.get(categoryId);
      if (!found) return ebayErrors(400, [ebayError('taxonomyCategoryNotInTree')]);
      return json(200, {
        categorySubtreeNode: nodeJson(ctx, tree, found.node, found.level, found.parentId),
        categoryTreeId: tree.id,
        categoryTreeVersion: tree.version,
      });
    },

    getCategorySuggestions(ctx) {
      const tree = treeOf(ctx);
      if (!('roots' in tree)) return tree;
      const q = (ctx.request.query.get('q') ?? '').trim().toLowerCase();
      if (!q) return ebayErrors(400, [ebayError('taxonomyMissingKeyword')]);
      const words = q.split(/\s+/);
      const index = indexes.get(tree.id)!;
      const ancestorsOf = (id: string): Indexed[] => {
        const out: Indexed[] = [];
        for (let at = index.get(id); at && at.parentId !== ROOT_ID;) {
          const parent = index.get(at.parentId);
          if (!parent) break;
          out.push(parent);
          at = parent;
        }
        return out;
      };
      const suggestions = [...index.values()]
        .filter(({ node }) => !node[2] || node[2].length === 0)
        .map((entry) => ({ entry, ancestors: ancestorsOf(entry.node[0]) }))
        .filter(({ entry, ancestors }) => {
          const path = [...ancestors.map((a) => a.node[1]), entry.node[1]].join(' ').toLowerCase();
          return words.every((word) => path.includes(word));
        })
        .slice(0, 10);
      if (suggestions.length === 0) return empty(204);
      return json(200, {
        categorySuggestions: suggestions.map(({ entry, ancestors }) => ({
          category: { categoryId: entry.node[0], categoryName: entry.node[1] },
          categoryTreeNodeAncestors: ancestors.map((a) => ({
            categoryId: a.node[0],
            categoryName: a.node[1],
            categorySubtreeNodeHref: subtreeHref(ctx, tree.id, a.node[0]),
            categoryTreeNodeLevel: a.level,
          })),
          categoryTreeNodeLevel: entry.level,
          relevancy: 'HIGH',
        })),
        categoryTreeId: tree.id,
        categoryTreeVersion: tree.version,
      });
    },
  };
}
