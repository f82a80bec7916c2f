import type { ConnectorCategory } from '../contract';
import type { EtsyTaxonomyNode } from './client';

/** The name ListLoop gives Etsy's one seller taxonomy (its cache key). */
export const ETSY_SELLER_TAXONOMY_ID = 'seller';

/** getSellerTaxonomyNodes' nested answer as a flat list, parents before their children. */
export function etsyCategories(nodes: readonly EtsyTaxonomyNode[]): ConnectorCategory[] {
  const out: ConnectorCategory[] = [];
  const walk = (list: readonly EtsyTaxonomyNode[], parentId: string | null) => {
    for (const node of list) {
      const children = node.children ?? [];
      out.push({
        id: String(node.id),
        name: node.name,
        parentId,
        leaf: children.length === 0,
      });
      walk(children, String(node.id));
    }
  };
  walk(nodes, null);
  return out;
}
