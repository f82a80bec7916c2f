/**
 * A part of eBay's US category tree (EBAY_US, category tree 0) for the Taxonomy API: the
 * branches a reseller of second-hand clothing, shoes, bags, cameras, records and home décor
 * lists in. ✅ Ids and names as eBay's US site shows them (the real tree has about 20,000
 * categories); ◐ where marked, as recalled and not checked against a live tree. Listings go in
 * leaves only (eBay refuses a category with subcategories).
 */
export type EbayCategoryNode = readonly [id: string, name: string, children?: EbayCategoryNode[]];

export const EBAY_US_CATEGORY_TREE: EbayCategoryNode[] = [
  [
    '11450',
    'Clothing, Shoes & Accessories',
    [
      [
        '260012',
        'Men',
        [
          [
            '1059',
            "Men's Clothing",
            [
              ['57988', 'Coats, Jackets & Vests'],
              ['57990', 'Casual Button-Down Shirts'],
              ['11483', 'Jeans'],
              ['57989', 'Pants'],
              ['15689', 'Shorts'],
              ['11484', 'Sweaters'],
              ['15687', 'T-Shirts'],
            ],
          ],
          [
            '93427',
            "Men's Shoes",
            [
              ['15709', 'Athletic Shoes'],
              ['11498', 'Boots'],
              ['24087', 'Casual Shoes'],
              ['53120', 'Dress Shoes'], // ◐
            ],
          ],
          [
            '4250',
            "Men's Accessories",
            [
              ['2993', 'Belts'], // ◐
              ['52365', 'Hats'], // ◐
              ['2996', 'Wallets'], // ◐
            ],
          ],
        ],
      ],
      [
        '260010',
        'Women',
        [
          [
            '15724',
            "Women's Clothing",
            [
              ['63862', 'Coats, Jackets & Vests'],
              ['63861', 'Dresses'],
              ['11554', 'Jeans'],
              ['63863', 'Pants'], // ◐
              ['63864', 'Skirts'], // ◐
              ['63866', 'Sweaters'],
              ['53159', 'Tops'],
            ],
          ],
          [
            '3034',
            "Women's Shoes",
            [
              ['95672', 'Athletic Shoes'],
              ['53557', 'Boots'],
              ['45333', 'Flats'],
              ['55793', 'Heels'],
            ],
          ],
          ['169291', "Women's Bags & Handbags"],
          [
            '4251',
            "Women's Accessories",
            [
              ['45230', 'Hats'], // ◐
              ['45238', 'Scarves & Wraps'],
            ],
          ],
        ],
      ],
    ],
  ],
  [
    '625',
    'Cameras & Photo',
    [
      ['31388', 'Digital Cameras'],
      ['69323', 'Film Photography', [['15230', 'Film Cameras']]],
      ['78997', 'Lenses & Filters', [['3323', 'Lenses']]],
    ],
  ],
  [
    '11700',
    'Home & Garden',
    [
      [
        '10033',
        'Home Décor',
        [
          ['79654', 'Picture Frames'], // ◐
          ['36028', 'Vases'],
        ],
      ],
    ],
  ],
  [
    '11233',
    'Music',
    [
      ['176983', 'Cassettes'],
      ['176984', 'CDs'],
      ['176985', 'Records'],
    ],
  ],
];

/** ✅ What getDefaultCategoryTreeId answers for the US site. */
export const EBAY_US_CATEGORY_TREE_ID = '0';
/** ◐ A version of the tree; a real one changes a few times a year. */
export const EBAY_US_CATEGORY_TREE_VERSION = '130';

/** Every leaf category id of a tree (where eBay takes listings). */
export function ebayLeafCategoryIds(tree: readonly EbayCategoryNode[]): Set<string> {
  const leaves = new Set<string>();
  const walk = (nodes: readonly EbayCategoryNode[]) => {
    for (const [id, , children] of nodes) {
      if (children && children.length > 0) walk(children);
      else leaves.add(id);
    }
  };
  walk(tree);
  return leaves;
}
