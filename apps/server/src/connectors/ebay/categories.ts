import type { ConnectorCategory } from '../contract';
import type { EbayCategoryTreeNode } from './client';

/**
 * getCategoryTree's nested answer as a flat list, parents before their children. The root
 * (category 0, "Root") is eBay's handle on the tree, not a category a seller picks: its
 * children are the top of the list.
 */
export function ebayCategories(root: EbayCategoryTreeNode): ConnectorCategory[] {
  const out: ConnectorCategory[] = [];
  const walk = (nodes: readonly EbayCategoryTreeNode[], parentId: string | null) => {
    for (const node of nodes) {
      const id = node.category?.categoryId;
      const name = node.category?.categoryName;
      if (!id || !name) continue;
      const children = node.childCategoryTreeNodes ?? [];
      out.push({
        id,
        name,
        parentId,
        leaf: node.leafCategoryTreeNode ?? children.length === 0,
      });
      walk(children, id);
    }
  };
  walk(root.childCategoryTreeNodes ?? [], null);
  return out;
}
