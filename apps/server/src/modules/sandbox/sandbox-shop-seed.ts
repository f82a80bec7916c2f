import { defaultCatalogue, type GeneralDetailsInput } from '@listloop/domain';
import type {
  EbayEmulator,
  EbayExistingListing,
  EbayExistingListingInput,
  EtsyEmulator,
  EtsyExistingListingInput,
  ShopifyEmulator,
  ShopifyExistingProductInput,
} from '@listloop/emulators';
import { generateDemoPhoto } from '../images';

/**
 * The shops the sandbox's seller kept on eBay, Etsy and Shopify before ListLoop: a few
 * listings on each, with photos, for the import on connect to find. Seeded when the sandbox
 * starts and again whenever an emulator is reset, always in the same order, so the emulators'
 * id counters give the same listing ids on every start. One eBay listing carries the SKU of the
 * demo inventory's first item: importing it links that item instead of making a second one.
 */

/** A stand-in product photo: its caption and hue (generateDemoPhoto). */
export interface ShopPhoto {
  text: string;
  hue: number;
}

type WithShopPhotos<T> = Omit<T, 'photos'> & { photos: ShopPhoto[] };

/** Large enough to look like a photo, small enough to draw quickly at every start. */
const PHOTO_SIZE = 800;

/**
 * What the seeded shops take from the demo inventory, given by the composition root (the demo
 * catalogue is the seed's, not a module's).
 */
export interface DemoShopCatalogue {
  /** The demo inventory's first item (LT-01001), which the seller had listed on eBay already. */
  firstItem: Omit<GeneralDetailsInput, 'images'>;
  /** The eBay leaf category of each demo category. */
  ebayCategories: readonly { category: string; ebayCategoryId: string }[];
}

const EBAY_SHOP: readonly WithShopPhotos<EbayExistingListingInput>[] = [
  {
    sku: 'EB-CAM-0417',
    title: 'Canon AE-1 Program 35mm SLR Film Camera with FD 50mm f/1.8 Lens, Tested',
    description:
      'Shutter fires at every speed and the meter reads true. Light seals replaced last year. ' +
      'Light wear on the top plate; the lens is clear, no haze or fungus. Strap and a fresh battery included.',
    price: 189,
    quantity: 1,
    condition: 'USED_VERY_GOOD',
    brand: 'Canon',
    color: 'Black',
    aspects: { Model: ['AE-1 Program'], Type: ['SLR'], Format: ['35mm'] },
    categoryId: '15230',
    photos: [
      { text: 'Canon AE-1 Program', hue: 28 },
      { text: 'FD 50mm f/1.8 lens', hue: 40 },
    ],
  },
  {
    sku: 'EB-BOOT-0932',
    title: "Red Wing Iron Ranger 8111 Amber Harness Leather Boots Men's 10 D",
    description:
      'Resoled once by Red Wing, uppers conditioned. Creasing at the toe as you would expect, ' +
      'plenty of life left. From a smoke-free home.',
    price: 165,
    quantity: 1,
    condition: 'USED_EXCELLENT',
    brand: 'Red Wing',
    color: 'Brown',
    size: '10',
    aspects: { Width: ['D'], 'Upper Material': ['Leather'], Style: ['Work & Safety'] },
    categoryId: '11498',
    photos: [
      { text: 'Red Wing Iron Ranger', hue: 22 },
      { text: 'Iron Ranger soles', hue: 12 },
    ],
  },
  {
    sku: 'EB-LP-0158',
    title: 'Fleetwood Mac Rumours LP 1977 Warner Bros BSK 3010 Vinyl Record',
    description:
      'Original US pressing with the printed inner sleeve. Vinyl plays with light surface noise ' +
      'between tracks; cover has ring wear.',
    price: 34,
    quantity: 1,
    condition: 'USED_GOOD',
    aspects: {
      Artist: ['Fleetwood Mac'],
      'Release Title': ['Rumours'],
      Format: ['Record'],
      'Release Year': ['1977'],
    },
    categoryId: '176985',
    // An offer the seller never published: it comes into ListLoop off sale.
    active: false,
    photos: [{ text: 'Fleetwood Mac Rumours', hue: 48 }],
  },
];

/** The seller's eBay listings, in order: the shop's own, then the demo inventory's first item. */
export function sandboxEbayListings(
  catalogue: DemoShopCatalogue,
): WithShopPhotos<EbayExistingListingInput>[] {
  const item = catalogue.firstItem;
  return [
    ...EBAY_SHOP,
    {
      sku: item.sku!,
      title: item.title!,
      description: item.description || item.title!,
      price: item.price!,
      quantity: item.quantity ?? 1,
      condition:
        defaultCatalogue.ebay.conditions?.fromItem[item.condition ?? 'good'] ?? 'USED_GOOD',
      ...(item.brand ? { brand: item.brand } : {}),
      ...(item.primaryColor ? { color: item.primaryColor } : {}),
      ...(item.size ? { size: item.size } : {}),
      categoryId:
        catalogue.ebayCategories.find((c) => c.category === item.category)?.ebayCategoryId ??
        '11483',
      photos: [{ text: item.title!, hue: 290 }],
    },
  ];
}

export const SANDBOX_ETSY_LISTINGS: readonly WithShopPhotos<EtsyExistingListingInput>[] = [
  {
    title: 'Hand Embroidered Linen Tea Towel with Wildflowers',
    description:
      'Stonewashed linen, embroidered by hand with cornflowers and poppies. 18 x 28 inches, ' +
      'hemmed with a hanging loop. Machine washable.',
    price: 24,
    quantity: 4,
    sku: 'ET-TOWEL-07',
    tags: ['tea towel', 'embroidery', 'linen', 'wildflowers', 'kitchen gift'],
    photos: [
      { text: 'Embroidered linen tea towel', hue: 95 },
      { text: 'Cornflowers and poppies', hue: 205 },
    ],
  },
  {
    title: 'Mid Century Brass Candlestick Holders, Set of 2',
    description:
      'A pair of solid brass candlesticks from the 1960s, 7 inches tall. Natural patina, ' +
      'felt bases intact. Take standard taper candles.',
    price: 38,
    quantity: 1,
    sku: 'ET-BRASS-12',
    tags: ['brass', 'candlesticks', 'mid century', 'vintage decor'],
    photos: [{ text: 'Brass candlesticks', hue: 45 }],
  },
  {
    title: 'Vintage Pyrex Butterprint Mixing Bowl 403, Turquoise on White',
    description:
      '2.5 quart Pyrex bowl in the Butterprint pattern. Bright pattern, light utensil marks ' +
      'inside, no chips or cracks.',
    price: 32,
    quantity: 1,
    // Taken off sale by the seller; as on most listings made on Etsy, no SKU.
    state: 'inactive',
    tags: ['pyrex', 'butterprint', 'mixing bowl', 'vintage kitchen'],
    photos: [{ text: 'Pyrex Butterprint bowl', hue: 178 }],
  },
];

export const SANDBOX_SHOPIFY_PRODUCTS: readonly WithShopPhotos<
  Omit<ShopifyExistingProductInput, 'shop'>
>[] = [
  {
    title: 'Champion Reverse Weave Crewneck Sweatshirt',
    descriptionHtml:
      '<p>Heavyweight <strong>Reverse Weave</strong> fleece, cut on the cross-grain so it keeps its shape.</p>',
    vendor: 'Champion',
    productType: 'Sweatshirts',
    tags: ['crewneck', 'champion', 'streetwear'],
    variants: [
      {
        sku: 'SH-CRW-M-OAT',
        price: '58.00',
        quantity: 1,
        options: { Size: 'M', Color: 'Oatmeal' },
      },
      {
        sku: 'SH-CRW-L-OAT',
        price: '58.00',
        quantity: 2,
        options: { Size: 'L', Color: 'Oatmeal' },
      },
      { sku: 'SH-CRW-L-NVY', price: '58.00', quantity: 1, options: { Size: 'L', Color: 'Navy' } },
    ],
    photos: [
      { text: 'Reverse Weave crewneck', hue: 36 },
      { text: 'Crewneck in navy', hue: 222 },
    ],
  },
  {
    title: "Hudson's Bay Point Wool Blanket, Multistripe",
    descriptionHtml:
      '<p>Four-point blanket in the classic multistripe, 100% wool. Clean, no moth holes.</p>',
    vendor: "Hudson's Bay",
    productType: 'Blankets',
    tags: ['wool', 'blanket', 'vintage'],
    variants: [{ sku: 'SH-HBC-0031', price: '245.00', quantity: 1 }],
    photos: [{ text: 'Multistripe wool blanket', hue: 140 }],
  },
  {
    title: 'Ray-Ban Wayfarer II Sunglasses, Tortoise',
    descriptionHtml: '<p>Bausch &amp; Lomb era frame, original case. Lenses need a polish.</p>',
    vendor: 'Ray-Ban',
    productType: 'Sunglasses',
    tags: ['ray-ban', 'sunglasses'],
    // Still being written up: a draft, not on the Online Store.
    status: 'DRAFT',
    published: false,
    variants: [{ sku: 'SH-RB-0214', price: '85.00', quantity: 1 }],
    photos: [{ text: 'Wayfarer II tortoise', hue: 30 }],
  },
];

/** The photos' bytes by caption and hue. */
export type ShopPhotoBytes = ReadonlyMap<string, Buffer>;

const photoKey = (photo: ShopPhoto) => `${photo.hue}|${photo.text}`;

let photosOnce: Promise<ShopPhotoBytes> | null = null;

/**
 * Every seeded listing's photos, drawn once per process (each takes sharp tens of
 * milliseconds) and reused by every seeding after: a restart of the emulators, a second server.
 */
export function sandboxShopPhotos(catalogue: DemoShopCatalogue): Promise<ShopPhotoBytes> {
  photosOnce ??= drawPhotos(catalogue).catch((error: unknown) => {
    photosOnce = null;
    throw error;
  });
  return photosOnce;
}

async function drawPhotos(catalogue: DemoShopCatalogue): Promise<ShopPhotoBytes> {
  const wanted = new Map<string, ShopPhoto>();
  for (const listing of [
    ...sandboxEbayListings(catalogue),
    ...SANDBOX_ETSY_LISTINGS,
    ...SANDBOX_SHOPIFY_PRODUCTS,
  ]) {
    for (const photo of listing.photos) wanted.set(photoKey(photo), photo);
  }
  const drawn = await Promise.all(
    [...wanted.values()].map((photo) =>
      generateDemoPhoto({ ...photo, width: PHOTO_SIZE, height: PHOTO_SIZE }),
    ),
  );
  return new Map([...wanted.keys()].map((key, index) => [key, drawn[index]!]));
}

function jpegs(photos: ShopPhotoBytes, wanted: readonly ShopPhoto[]) {
  return wanted.map((photo) => {
    const bytes = photos.get(photoKey(photo));
    if (!bytes) throw new Error(`The sandbox shop photo "${photo.text}" was not drawn.`);
    return { bytes, contentType: 'image/jpeg', alt: photo.text };
  });
}

/** The eBay listings, in order; the emulator's picture host must have its public base set. */
export function seedEbayShop(
  ebay: EbayEmulator,
  photos: ShopPhotoBytes,
  catalogue: DemoShopCatalogue,
): EbayExistingListing[] {
  return sandboxEbayListings(catalogue).map((listing) =>
    ebay.addExistingListing({
      ...listing,
      photos: jpegs(photos, listing.photos).map(({ bytes, contentType }) => ({
        bytes,
        contentType,
      })),
    }),
  );
}

/** The Etsy listings, in order; answers their listing ids. */
export function seedEtsyShop(etsy: EtsyEmulator, photos: ShopPhotoBytes): number[] {
  return SANDBOX_ETSY_LISTINGS.map((listing) =>
    etsy.addExistingListing({
      ...listing,
      tags: [...(listing.tags ?? [])],
      photos: jpegs(photos, listing.photos).map(({ bytes, contentType }) => ({
        bytes,
        contentType,
      })),
    }),
  );
}

/** The Shopify products of `shop`, in order; answers their GIDs. */
export function seedShopifyShop(
  shopify: ShopifyEmulator,
  shop: string,
  photos: ShopPhotoBytes,
): string[] {
  return SANDBOX_SHOPIFY_PRODUCTS.map((product) =>
    shopify.addExistingProduct({
      ...product,
      shop,
      tags: [...(product.tags ?? [])],
      variants: product.variants.map((variant) => ({ ...variant })),
      photos: jpegs(photos, product.photos),
    }),
  );
}
