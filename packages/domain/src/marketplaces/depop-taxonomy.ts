/**
 * Depop's product types and size sets as ListLoop offers them. Depop takes a product type as a
 * slug (`product_type: "tshirts"`) and a size as two numbers (`size_set_id: 52, size_id: 10`);
 * ✅ its Seller API description lists neither, and sends partners to a taxonomy endpoint it does
 * not describe (api.depop.com/api/v3/attributes/). So these tables hold the values ListLoop
 * itself writes (the demo's mapping rules, the description's examples), for the web to name;
 * a value outside them is still sent as written, and shown in a readable form.
 */

/**
 * The product types ListLoop names. ✅ `tshirts` and `swimsuit-one-piece` are the description's
 * own examples; ◐ the others are the slugs the demo's mapping rules send.
 */
export const DEPOP_PRODUCT_TYPES = [
  'bags',
  'boots',
  'cameras',
  'dresses',
  'jackets',
  'jumpers',
  'scarves',
  'shirts',
  'swimsuit-one-piece',
  'trainers',
  'tshirts',
  'vases',
  'vinyl',
] as const;
export type DepopProductType = (typeof DEPOP_PRODUCT_TYPES)[number];

export function isDepopProductType(value: string): value is DepopProductType {
  return (DEPOP_PRODUCT_TYPES as readonly string[]).includes(value);
}

/**
 * The product type a listing's category sends: the last level of the path, as a slug
 * ("Tops › T shirts" → "t-shirts"; "dresses" stays "dresses"). Paths are written with `›`, `>`
 * or `/`.
 */
export function depopProductType(category: string | null): string | null {
  const last = (category ?? '').split(/\s*[>/›]\s*/).pop();
  const slug = (last ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  return slug || null;
}

export interface DepopSize {
  /** Depop's size id within the set. */
  id: number;
  /** The size as the seller writes it on the item ("M", "9"). */
  size: string;
}

export interface DepopSizeSet {
  /** Depop's size set id. */
  id: number;
  /** What kind of sizes the set holds (the web names it). */
  kind: 'letter' | 'usShoe';
  sizes: readonly DepopSize[];
}

const US_SHOE_SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/**
 * The size sets ListLoop writes. ✅ Set 52 with size 10 is the description's example, a size
 * medium T-shirt; ◐ its neighbours as the letter sizes around it, and set 60 as US shoe sizes
 * (size id 100 + the size), are ListLoop's own reading, configurable here.
 */
export const DEPOP_SIZE_SETS: readonly DepopSizeSet[] = [
  {
    id: 52,
    kind: 'letter',
    sizes: [
      { id: 8, size: 'XS' },
      { id: 9, size: 'S' },
      { id: 10, size: 'M' },
      { id: 11, size: 'L' },
      { id: 12, size: 'XL' },
    ],
  },
  {
    id: 60,
    kind: 'usShoe',
    sizes: US_SHOE_SIZES.map((size) => ({ id: 100 + size, size: String(size) })),
  },
];

/** A size written as Depop's ids, "52:10" or "52/10" (a mapping rule's value), or null. */
export function depopSizeIds(value: string): { setId: number; sizeId: number } | null {
  const pair = /^(\d{1,9})\s*[:/]\s*(\d{1,9})$/.exec(value.trim());
  return pair ? { setId: Number(pair[1]), sizeId: Number(pair[2]) } : null;
}

/** The size set and size ListLoop knows for Depop's ids, or null. */
export function depopSizeOf(
  setId: number,
  sizeId: number,
): { set: DepopSizeSet; size: DepopSize } | null {
  const set = DEPOP_SIZE_SETS.find((candidate) => candidate.id === setId);
  const size = set?.sizes.find((candidate) => candidate.id === sizeId);
  return set && size ? { set, size } : null;
}

/** Depop's ids ("52:10") for a size as the seller writes it, in the set of its kind, or null. */
export function depopSizeFor(size: string, kind: DepopSizeSet['kind']): string | null {
  const set = DEPOP_SIZE_SETS.find((candidate) => candidate.kind === kind);
  const found = set?.sizes.find((candidate) => candidate.size === size.trim().toUpperCase());
  return set && found ? `${set.id}:${found.id}` : null;
}

/** ✅ The colours of Depop's Seller API description, which its website offers too; at most two. */
export const DEPOP_COLOURS = [
  'black',
  'grey',
  'white',
  'brown',
  'tan',
  'cream',
  'yellow',
  'red',
  'burgundy',
  'orange',
  'pink',
  'purple',
  'blue',
  'navy',
  'green',
  'khaki',
  'multi',
  'silver',
  'gold',
] as const;
