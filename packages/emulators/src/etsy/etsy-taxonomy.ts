/**
 * A part of Etsy's seller taxonomy for getSellerTaxonomyNodes: the top-level categories a
 * vintage reseller lists in, with some of their branches. ◐ The top-level ids and names are
 * Etsy's as recalled (Shoes, 1429, is the one Etsy's API reference names); the ids below them
 * are the emulator's own, so a picker has depth to search: a live shop reads the real ones from
 * Etsy. Etsy takes a listing in any node.
 */
export type EtsyTaxonomyNode = readonly [id: number, name: string, children?: EtsyTaxonomyNode[]];

export const ETSY_SELLER_TAXONOMY: EtsyTaxonomyNode[] = [
  [
    1,
    'Accessories',
    [
      [166, 'Belts & Suspenders'],
      [200, 'Hats & Caps'],
      [
        283,
        'Scarves & Wraps',
        [
          [284, 'Scarves'],
          [286, 'Shawls & Wraps'],
        ],
      ],
    ],
  ],
  [
    132,
    'Bags & Purses',
    [
      [133, 'Backpacks'],
      [
        138,
        'Handbags',
        [
          [139, 'Clutches & Evening Bags'],
          [141, 'Shoulder Bags'],
          [142, 'Top Handle Bags'],
        ],
      ],
      [151, 'Wallets & Money Clips'],
    ],
  ],
  [
    323,
    'Books, Movies & Music',
    [
      [
        340,
        'Music',
        [
          [344, 'Cassette Tapes'],
          [347, 'Vinyl Records'],
        ],
      ],
    ],
  ],
  [
    374,
    'Clothing',
    [
      [
        448,
        "Men's Clothing",
        [
          [1813, 'Coats & Jackets'],
          [450, 'Hoodies & Sweatshirts'],
          [451, 'Pants', [[452, 'Jeans']]],
          [453, 'Shirts & Tees', [[454, 'T-shirts']]],
          [455, 'Sweaters'],
        ],
      ],
      [
        531,
        "Women's Clothing",
        [
          [532, 'Dresses'],
          [533, 'Jackets & Coats'],
          [534, 'Pants & Capris', [[535, 'Jeans']]],
          [536, 'Skirts'],
          [537, 'Sweaters'],
        ],
      ],
    ],
  ],
  [
    825,
    'Electronics & Accessories',
    [
      [
        826,
        'Cameras & Equipment',
        [
          [827, 'Film Cameras'],
          [828, 'Camera Lenses'],
        ],
      ],
    ],
  ],
  [
    891,
    'Home & Living',
    [
      [
        892,
        'Home Decor',
        [
          [893, 'Vases'],
          [894, 'Picture Frames & Displays'],
        ],
      ],
    ],
  ],
  [
    1429,
    'Shoes',
    [
      [
        1430,
        "Men's Shoes",
        [
          [1431, 'Boots'],
          [1432, 'Sneakers & Athletic Shoes'],
        ],
      ],
      [
        1440,
        "Women's Shoes",
        [
          [1441, 'Boots'],
          [1442, 'Heels'],
        ],
      ],
    ],
  ],
];

/** Every node id of the taxonomy (the ids a listing may use). */
export function etsyTaxonomyIds(nodes: readonly EtsyTaxonomyNode[]): Set<number> {
  const ids = new Set<number>();
  const walk = (list: readonly EtsyTaxonomyNode[]) => {
    for (const [id, , children] of list) {
      ids.add(id);
      if (children) walk(children);
    }
  };
  walk(nodes);
  return ids;
}

/** The taxonomy as getSellerTaxonomyNodes answers it: nested nodes with their full paths. */
export function sellerTaxonomyJson(nodes: readonly EtsyTaxonomyNode[]): Record<string, unknown>[] {
  const toJson = (
    [id, name, children]: EtsyTaxonomyNode,
    level: number,
    parentId: number | null,
    path: number[],
  ): Record<string, unknown> => {
    const full = [...path, id];
    return {
      id,
      level,
      name,
      parent_id: parentId,
      children: (children ?? []).map((child) => toJson(child, level + 1, id, full)),
      full_path_taxonomy_ids: full,
    };
  };
  return nodes.map((node) => toJson(node, 0, null, []));
}
