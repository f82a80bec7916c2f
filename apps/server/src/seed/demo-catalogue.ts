import {
  depopSizeFor,
  type DepopDepartment,
  type GeneralDetailsInput,
  type ItemCondition,
} from '@listloop/domain';

/**
 * The demo inventory: about 200 second-hand items a vintage reseller would really hold,
 * built from a fixed catalogue with a seeded random generator so every first start gives
 * the same shop.
 */
interface Template {
  kind: string;
  category: string;
  /** The eBay US leaf category such items are listed in (the sandbox demo maps to it). */
  ebayCategoryId: string;
  /** ◐ The Etsy seller-taxonomy node such items are listed under (the sandbox demo maps to it). */
  etsyTaxonomyId: string;
  /** Depop's department and product type (its taxonomy slug) for such items. */
  depop: { department: DepopDepartment; productType: string };
  brands: string[];
  colours: string[];
  sizes: string[];
  price: [number, number];
  weightOz: [number, number];
  hue: number;
}

const TEMPLATES: Template[] = [
  {
    kind: 'Denim Jacket',
    category: 'Clothing › Men › Coats & Jackets',
    ebayCategoryId: '57988',
    etsyTaxonomyId: '374',
    depop: { department: 'menswear', productType: 'jackets' },
    brands: ["Levi's", 'Wrangler', 'Lee', 'Carhartt'],
    colours: ['Blue', 'Black', 'Light Wash'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: [38, 140],
    weightOz: [24, 40],
    hue: 215,
  },
  {
    kind: 'Flannel Shirt',
    category: 'Clothing › Men › Shirts',
    ebayCategoryId: '57990',
    etsyTaxonomyId: '374',
    depop: { department: 'menswear', productType: 'shirts' },
    brands: ['Pendleton', 'L.L.Bean', 'Woolrich', 'Eddie Bauer'],
    colours: ['Red Plaid', 'Green Plaid', 'Blue Plaid'],
    sizes: ['M', 'L', 'XL'],
    price: [22, 85],
    weightOz: [10, 18],
    hue: 5,
  },
  {
    kind: 'Band Tee',
    category: 'Clothing › Men › T-Shirts',
    ebayCategoryId: '15687',
    etsyTaxonomyId: '374',
    depop: { department: 'menswear', productType: 'tshirts' },
    brands: ['Giant', 'Brockum', 'Winterland', 'Hanes'],
    colours: ['Black', 'White', 'Grey'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: [25, 220],
    weightOz: [5, 8],
    hue: 280,
  },
  {
    kind: 'Wool Sweater',
    category: 'Clothing › Women › Sweaters',
    ebayCategoryId: '63866',
    etsyTaxonomyId: '374',
    depop: { department: 'womenswear', productType: 'jumpers' },
    brands: ['J.Crew', 'Ralph Lauren', 'Benetton', 'Talbots'],
    colours: ['Cream', 'Navy', 'Camel', 'Forest Green'],
    sizes: ['XS', 'S', 'M', 'L'],
    price: [24, 95],
    weightOz: [12, 22],
    hue: 35,
  },
  {
    kind: 'Leather Handbag',
    category: 'Accessories › Bags › Handbags',
    ebayCategoryId: '169291',
    etsyTaxonomyId: '132',
    depop: { department: 'womenswear', productType: 'bags' },
    brands: ['Coach', 'Dooney & Bourke', 'Fossil', 'Kate Spade'],
    colours: ['Brown', 'Black', 'Tan', 'Burgundy'],
    sizes: [''],
    price: [45, 260],
    weightOz: [18, 36],
    hue: 25,
  },
  {
    kind: 'Silk Scarf',
    category: 'Accessories › Scarves',
    ebayCategoryId: '45238',
    etsyTaxonomyId: '1',
    depop: { department: 'womenswear', productType: 'scarves' },
    brands: ['Hermès', 'Vera', 'Echo', 'Liz Claiborne'],
    colours: ['Multicolour', 'Blue', 'Red'],
    sizes: [''],
    price: [18, 320],
    weightOz: [2, 4],
    hue: 330,
  },
  {
    kind: 'Running Sneakers',
    category: 'Shoes › Men › Sneakers',
    ebayCategoryId: '15709',
    etsyTaxonomyId: '1429',
    depop: { department: 'menswear', productType: 'trainers' },
    brands: ['Nike', 'New Balance', 'Asics', 'Saucony'],
    colours: ['White', 'Grey', 'Black/Red'],
    sizes: ['8', '9', '10', '11', '12'],
    price: [35, 180],
    weightOz: [26, 40],
    hue: 190,
  },
  {
    kind: 'Ankle Boots',
    category: 'Shoes › Women › Boots',
    ebayCategoryId: '53557',
    etsyTaxonomyId: '1429',
    depop: { department: 'womenswear', productType: 'boots' },
    brands: ['Frye', 'Dr. Martens', 'Clarks', 'Blundstone'],
    colours: ['Black', 'Brown', 'Oxblood'],
    sizes: ['6', '7', '8', '9'],
    price: [55, 210],
    weightOz: [40, 64],
    hue: 15,
  },
  {
    kind: 'Midi Dress',
    category: 'Clothing › Women › Dresses',
    ebayCategoryId: '63861',
    etsyTaxonomyId: '374',
    depop: { department: 'womenswear', productType: 'dresses' },
    brands: ['Anthropologie', 'Free People', 'Reformation', 'Laura Ashley'],
    colours: ['Floral', 'Black', 'Sage'],
    sizes: ['XS', 'S', 'M', 'L'],
    price: [28, 120],
    weightOz: [8, 16],
    hue: 300,
  },
  {
    kind: 'Ceramic Vase',
    category: 'Home › Decor › Vases',
    ebayCategoryId: '36028',
    etsyTaxonomyId: '891',
    depop: { department: 'everything-else', productType: 'vases' },
    brands: ['Haeger', 'McCoy', 'Bauer', 'Fiesta'],
    colours: ['Turquoise', 'Mustard', 'White'],
    sizes: [''],
    price: [20, 150],
    weightOz: [20, 60],
    hue: 170,
  },
  {
    kind: 'Film Camera',
    category: 'Electronics › Cameras › Film Cameras',
    ebayCategoryId: '15230',
    etsyTaxonomyId: '825',
    depop: { department: 'everything-else', productType: 'cameras' },
    brands: ['Canon', 'Nikon', 'Minolta', 'Olympus'],
    colours: ['Black', 'Silver'],
    sizes: [''],
    price: [60, 420],
    weightOz: [18, 32],
    hue: 240,
  },
  {
    kind: 'Vinyl Record',
    category: 'Music › Vinyl',
    ebayCategoryId: '176985',
    etsyTaxonomyId: '323',
    depop: { department: 'everything-else', productType: 'vinyl' },
    brands: ['Columbia', 'Motown', 'Blue Note', 'Atlantic'],
    colours: ['Black'],
    sizes: [''],
    price: [12, 90],
    weightOz: [8, 12],
    hue: 260,
  },
];

const CONDITIONS: ItemCondition[] = [
  'like_new',
  'good',
  'good',
  'good',
  'fair',
  'new_with_tags',
  'new_without_tags',
];
const DECADES = ['1970s', '1980s', '1990s', 'Y2K', 'Vintage', 'Retro'];
const LABELS = [
  'vintage',
  'summer',
  'winter',
  'to photograph',
  'bin A',
  'bin B',
  'bin C',
  'high value',
  'bundle',
  'clearance',
];
const LOCATIONS = ['Shelf A1', 'Shelf A2', 'Shelf B1', 'Rack 3', 'Bin 12', 'Bin 14', 'Closet'];

/** Mulberry32: a small, fast, seeded generator, so the demo shop is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoItem {
  generalDetails: Omit<GeneralDetailsInput, 'images'>;
  /** Depop's department for the item, which no rule can derive (its own Depop tab value). */
  depopDepartment: DepopDepartment;
  labels: string[];
  photoCount: number;
  hue: number;
  /** An item a reseller is still working on: some fields left to fill. */
  draft: boolean;
}

/** Our demo categories and the eBay leaf category of each, for the demo's eBay mapping rules. */
export function demoEbayCategories(): { category: string; ebayCategoryId: string }[] {
  return TEMPLATES.map(({ category, ebayCategoryId }) => ({ category, ebayCategoryId }));
}

/**
 * Our demo categories as Etsy's seller-taxonomy nodes, for the demo's Etsy mapping rules.
 * ◐ Shoes (1429) is the node Etsy's API reference names; the others are Etsy's top-level
 * nodes (Clothing, Bags & Purses, Accessories, Home & Living, Electronics & Accessories,
 * Books, Movies & Music) as recalled, not checked against the live taxonomy: the emulated
 * Etsy takes any node.
 */
export function demoEtsyCategories(): { category: string; etsyTaxonomyId: string }[] {
  return TEMPLATES.map(({ category, etsyTaxonomyId }) => ({ category, etsyTaxonomyId }));
}

/** Our demo categories as Depop product types, for the demo's Depop mapping rules. */
export function demoDepopProductTypes(): { category: string; productType: string }[] {
  return TEMPLATES.map(({ category, depop }) => ({ category, productType: depop.productType }));
}

/**
 * The demo's sizes as Depop's size set and size ids (`<set>:<size>`), for its Depop mapping
 * rules: letter sizes and US shoe sizes in the sets ListLoop names (domain `DEPOP_SIZE_SETS`).
 * A live shop takes them from Depop's size attributes, per department and product type; the
 * emulated Depop takes any whole ids.
 */
export function demoDepopSizes(): { size: string; depopSize: string }[] {
  const sizes = [...new Set(TEMPLATES.flatMap((t) => t.sizes).filter(Boolean))];
  return sizes.flatMap((size) => {
    const depopSize = depopSizeFor(size, /^\d+$/.test(size) ? 'usShoe' : 'letter');
    return depopSize ? [{ size, depopSize }] : [];
  });
}

export function demoItems(count = 200, seed = 20261121): DemoItem[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = ([low, high]: [number, number]) => low + random() * (high - low);
  const result: DemoItem[] = [];
  for (let index = 0; index < count; index += 1) {
    const template = pick(TEMPLATES);
    const brand = pick(template.brands);
    const colour = pick(template.colours);
    const size = pick(template.sizes);
    const decade = pick(DECADES);
    const price = Math.round(between(template.price)) - 0.01;
    const ounces = Math.round(between(template.weightOz));
    const draft = random() < 0.12;
    const title = `${decade} ${brand} ${colour} ${template.kind}${size ? ` Size ${size}` : ''}`;
    const labelCount = Math.floor(random() * 3);
    const labels = [...new Set(Array.from({ length: labelCount }, () => pick(LABELS)))];
    result.push({
      generalDetails: {
        title,
        description: draft
          ? ''
          : `${title}. ${pick(['Lovely', 'Great', 'Classic', 'Rare'])} piece in ${pick(['great', 'good', 'excellent'])} vintage condition. Measurements in the photos; ships within one business day.`,
        brand,
        condition: pick(CONDITIONS),
        price,
        primaryColor: colour,
        category: template.category,
        weight: { pounds: Math.floor(ounces / 16), ounces: ounces % 16 },
        sku: `LT-${String(1001 + index).padStart(5, '0')}`,
        quantity: random() < 0.1 ? 2 + Math.floor(random() * 3) : 1,
        costOfGoods: Math.round(price * between([0.1, 0.35]) * 100) / 100,
        size,
        location: pick(LOCATIONS),
        notes: '',
      },
      depopDepartment: template.depop.department,
      labels,
      photoCount: 1 + Math.floor(random() * 6),
      hue: (template.hue + Math.floor(random() * 40) - 20 + 360) % 360,
      draft,
    });
  }
  return result;
}

/** What the sandbox's seeded shops take from the demo inventory (sandbox-shop-seed.ts). */
export function demoShopCatalogue() {
  return { firstItem: demoItems(1)[0]!.generalDetails, ebayCategories: demoEbayCategories() };
}
