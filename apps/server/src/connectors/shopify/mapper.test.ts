import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { testItem } from '../shared/testing/items';
import {
  absolutePhotoUrl,
  buildProductSetInput,
  descriptionHtml,
  descriptionText,
  existingListingFromProduct,
  metafieldValuesFromMapping,
  productHandle,
  productType,
  shopifyListingProblems,
  shopifyTags,
} from './mapper';

const built = (overrides: Partial<BuiltListingInput> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'shopify',
    title: 'Wool coat',
    description: 'Warm.',
    price: 80,
    quantity: 1,
    photos: ['https://img.test/1.jpg'],
    ...overrides,
  });

describe('Shopify mapper', () => {
  it('turns plain text into paragraphs and keeps the seller’s HTML', () => {
    expect(descriptionHtml('Warm & dry.\nLined.\n\nSize M <fits L>')).toBe(
      '<p>Warm &amp; dry.<br>Lined.</p><p>Size M &lt;fits L&gt;</p>',
    );
    expect(descriptionHtml('<p>Already <strong>HTML</strong></p>')).toBe(
      '<p>Already <strong>HTML</strong></p>',
    );
    expect(descriptionHtml('   ')).toBe('');
  });

  it('reads a descriptionHtml back as plain text, the inverse of descriptionHtml', () => {
    const text = 'Warm & dry.\nLined.\n\nSize M <fits L>';
    expect(descriptionText(descriptionHtml(text))).toBe(text);
    expect(
      descriptionText(
        '<h2>Details</h2>\n<p>Wool,\n  <em>lined</em>&nbsp;&amp; warm&#8212;&rsquo;90s.</p>' +
          '<ul><li>Size M</li><li>Navy</li></ul><!-- note --><script>x()</script><div>Ships fast</div>',
      ),
    ).toBe('Details\n\nWool, lined & warm—’90s.\n\n- Size M\n- Navy\n\nShips fast');
    expect(descriptionText('&lt;b&gt; is text, &amp;lt; too')).toBe('<b> is text, &lt; too');
    expect(descriptionText('Plain\ntext ')).toBe('Plain\ntext');
    expect(descriptionText('')).toBe('');
  });

  it('maps an existing product: first variant, Size and Colour options, a condition tag', () => {
    const node = {
      id: 'gid://shopify/Product/1',
      title: 'Wool coat',
      descriptionHtml: '<p>Warm.</p>',
      vendor: ' Barbour ',
      productType: 'Coats',
      status: 'ARCHIVED',
      handle: 'wool-coat',
      onlineStoreUrl: null,
      tags: ['Condition: Like new', 'Size: L', 'Colour: Red'],
      variants: {
        nodes: [
          {
            sku: '',
            price: '80.00',
            inventoryQuantity: -2,
            selectedOptions: [
              { name: 'Colour', value: 'Navy' },
              { name: 'Material', value: 'Wool' },
            ],
          },
        ],
      },
      media: { nodes: [{}, { image: { url: 'https://cdn.test/1.jpg' } }, { image: null }] },
    };
    expect(existingListingFromProduct(node, 'https://shop.test/')).toEqual({
      listedID: 'gid://shopify/Product/1',
      listingURL: 'https://shop.test/products/wool-coat',
      sku: null,
      state: 'inactive',
      title: 'Wool coat',
      description: 'Warm.',
      price: 80,
      quantity: 0,
      brand: 'Barbour',
      condition: 'like_new',
      primaryColor: 'Navy',
      size: 'L',
      photoUrls: ['https://cdn.test/1.jpg'],
      // Sent again as they are by an update: the product type is the listing's category.
      listingFields: {
        category: 'Coats',
        tags: ['Condition: Like new', 'Size: L', 'Colour: Red'],
      },
    });
    const bare = existingListingFromProduct(
      { ...node, vendor: '', productType: ' ', tags: ['Condition: Mint'], variants: { nodes: [] } },
      'https://shop.test',
    );
    expect(bare).toMatchObject({
      price: null,
      quantity: 0,
      brand: null,
      condition: null,
      size: null,
      primaryColor: null,
      listingFields: { tags: ['Condition: Mint'] },
    });
    const plain = existingListingFromProduct({ ...node, productType: '', tags: [] }, '');
    expect(plain.listingFields).toBeUndefined();
  });

  it('makes a stable handle from the title and the item id', () => {
    const handle = productHandle('Crème brûlée dish — Le Creuset!', 'AbC123');
    expect(handle).toMatch(/^creme-brulee-dish-le-creuset-[0-9a-f]{10}$/);
    expect(productHandle('Crème brûlée dish — Le Creuset!', 'AbC123')).toBe(handle);
    expect(productHandle('Crème brûlée dish — Le Creuset!', 'abc123')).not.toBe(handle);
    expect(productHandle('!!!', 'x')).toMatch(/^item-[0-9a-f]{10}$/);
  });

  it('gives Shopify absolute photo URLs, tidy tags and a product type', () => {
    expect(absolutePhotoUrl('/api/images/1.jpg', 'https://app.test/')).toBe(
      'https://app.test/api/images/1.jpg',
    );
    expect(absolutePhotoUrl('/api/images/1.jpg', undefined)).toBeNull();
    expect(absolutePhotoUrl('https://img.test/a.jpg', undefined)).toBe('https://img.test/a.jpg');
    expect(shopifyTags([' a, b ', 'A  B', '', 'c'])).toEqual(['a b', 'c']);
    expect(productType('Clothing > Coats')).toBe('Coats');
    expect(productType(null)).toBe('');
  });

  it('builds the productSet input: one variant with our SKU, options from size and colour', () => {
    const input = buildProductSetInput({
      built: built({
        size: 'M',
        colour: 'Grey',
        weight: { pounds: 2, ounces: 8 },
        brand: 'Barbour',
        tags: ['wax'],
      }),
      sku: 'item-1',
      initialQuantity: { locationId: 'gid://shopify/Location/1', quantity: 1 },
    });
    expect(input).toEqual({
      title: 'Wool coat',
      descriptionHtml: '<p>Warm.</p>',
      vendor: 'Barbour',
      productType: '',
      tags: ['wax'],
      status: 'ACTIVE',
      files: [{ originalSource: 'https://img.test/1.jpg', contentType: 'IMAGE', alt: 'Wool coat' }],
      productOptions: [
        { name: 'Size', values: [{ name: 'M' }] },
        { name: 'Color', values: [{ name: 'Grey' }] },
      ],
      variants: [
        {
          sku: 'item-1',
          price: '80.00',
          inventoryPolicy: 'DENY',
          inventoryItem: { tracked: true, measurement: { weight: { unit: 'POUNDS', value: 2.5 } } },
          optionValues: [
            { optionName: 'Size', name: 'M' },
            { optionName: 'Color', name: 'Grey' },
          ],
          inventoryQuantities: [
            { locationId: 'gid://shopify/Location/1', name: 'available', quantity: 1 },
          ],
        },
      ],
    });
    const update = buildProductSetInput({
      built: built(),
      sku: 'item-1',
      variantId: 'gid://shopify/ProductVariant/9',
    });
    expect(update.productOptions).toEqual([{ name: 'Title', values: [{ name: 'Default Title' }] }]);
    expect(update.variants[0]).toMatchObject({ id: 'gid://shopify/ProductVariant/9' });
    expect(update.variants[0]!.inventoryQuantities).toBeUndefined();
  });

  it('names what Shopify would refuse', () => {
    expect(shopifyListingProblems(built())).toEqual([]);
    const problems = shopifyListingProblems(
      built({ title: 'x'.repeat(256), price: null, photos: ['/rel.jpg'] }),
    );
    expect(problems.map((p) => p.path)).toEqual(['title', 'price', 'photos.0']);
    expect(problems[2]).toMatchObject({
      code: 'photos.notPublic',
      params: { marketplace: 'Shopify', number: 1 },
      message:
        'Shopify fetches photos from the web, and photo 1 has no public address; ask whoever runs your ListLoop to give it one (PUBLIC_URL), or replace the photo.',
    });
  });

  it('maps item facts to metafield values in each definition’s type', () => {
    const item = testItem(
      { condition: 'new_with_tags', brand: 'Barbour', notes: 'Line 1\nLine 2' },
      { itemID: 'item-1', userID: 'user-1' },
    );
    expect(
      metafieldValuesFromMapping(
        [
          {
            source: 'condition',
            namespace: 'custom',
            key: 'condition',
            type: 'single_line_text_field',
          },
          { source: 'weight', namespace: 'custom', key: 'weight_lb', type: 'number_decimal' },
          { source: 'notes', namespace: 'custom', key: 'notes', type: 'single_line_text_field' },
          { source: 'size', namespace: 'custom', key: 'size', type: 'single_line_text_field' },
          {
            source: 'brand',
            namespace: 'custom',
            key: 'brands',
            type: 'list.single_line_text_field',
          },
        ],
        item,
        built({ weight: { pounds: 1, ounces: 4 }, brand: 'Barbour' }),
      ),
    ).toEqual([
      {
        namespace: 'custom',
        key: 'condition',
        type: 'single_line_text_field',
        value: 'New with tags',
      },
      { namespace: 'custom', key: 'weight_lb', type: 'number_decimal', value: '1.25' },
      { namespace: 'custom', key: 'notes', type: 'single_line_text_field', value: 'Line 1 Line 2' },
      {
        namespace: 'custom',
        key: 'brands',
        type: 'list.single_line_text_field',
        value: '["Barbour"]',
      },
    ]);
  });
});
