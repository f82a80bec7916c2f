import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import type { PhotoAnalyser, PhotoFindings } from './enrichment.analysis';
import { suggestionsOf, valuesToApply, VISION_CONFIDENCE } from './enrichment.merge';
import { EnrichmentService } from './enrichment.service';
import type { PhotoVisionPort, VisionSuggestions } from './enrichment.vision';

const NONE: PhotoFindings = { colours: [], text: [], barcodes: [] };

describe('suggestions from findings', () => {
  it('names the item’s colour, not its background, with its share of the item', () => {
    const [colour] = suggestionsOf(
      [
        {
          photo: 'a',
          ...NONE,
          colours: [
            { name: 'White', hex: '#fafafa', share: 0.6, background: true },
            { name: 'Red', hex: '#c02020', share: 0.3, background: false },
            { name: 'Black', hex: '#101010', share: 0.1, background: false },
          ],
        },
      ],
      null,
      [],
    );
    expect(colour).toEqual({
      field: 'primaryColor',
      value: 'Red',
      source: 'colour',
      confidence: 0.75,
      evidence: { photo: 'a', hex: '#c02020', share: 0.3 },
    });
  });

  it('keeps the surest of one value, orders by field then confidence, and takes vision’s answers', () => {
    const vision: VisionSuggestions = {
      brand: 'Levi Strauss',
      category: 'Jeans',
      condition: 'Like new',
      colour: 'Indigo',
      title: 'Levi’s 501 jeans',
    };
    const suggestions = suggestionsOf(
      [
        {
          photo: 'label',
          ...NONE,
          text: [
            { text: 'LEVI STRAUSS & CO', confidence: 0.93 },
            { text: 'levi strauss', confidence: 0.7 },
            { text: 'W32 L34', confidence: 0.8 },
          ],
        },
      ],
      vision,
      ['Levi Strauss'],
    );
    expect(suggestions.map((s) => [s.field, s.value, s.source, s.confidence])).toEqual([
      ['brand', 'Levi Strauss', 'text', 0.93],
      ['primaryColor', 'Indigo', 'vision', VISION_CONFIDENCE],
      ['size', 'W32 L34', 'text', 0.8],
      ['condition', 'like_new', 'vision', VISION_CONFIDENCE],
      ['category', 'Jeans', 'vision', VISION_CONFIDENCE],
      ['title', 'Levi’s 501 jeans', 'vision', VISION_CONFIDENCE],
    ]);
  });

  it('drops a condition that is not one of the item’s, and applies the surest value per field', () => {
    const suggestions = suggestionsOf([], { condition: 'battered', brand: ' ' }, []);
    expect(suggestions).toEqual([]);
    expect(
      valuesToApply(
        suggestionsOf(
          [{ photo: 'p', ...NONE, barcodes: [{ value: '4006381333931', format: 'EAN_13' }] }],
          { brand: 'Acme' },
          [],
        ),
      ),
    ).toEqual({ brand: 'Acme' });
  });
});

describe('the enrichment service with a vision model', () => {
  const ctx = {
    accountId: 'acct',
    user: { id: 'seller', name: 'Seller', email: 's@example.com' },
  } as unknown as RequestContext;
  const item = {
    itemID: 'item-1',
    generalDetails: {
      title: 'Jacket',
      description: '',
      brand: 'Typed brand',
      category: null,
      images: [{ id: 'i', url: '/api/images/images/seller/abcdefghijklmnopqrstu.jpeg' }],
    },
  } as unknown as Item;

  // A real picture: the analysers and the model get the photo as read.
  let photo: Buffer;
  beforeAll(async () => {
    photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 90, g: 60, b: 30 } },
    })
      .png()
      .toBuffer();
  });

  function service(vision: PhotoVisionPort, fill: (values: object) => void = () => {}) {
    const asked: unknown[] = [];
    const enrichment = new EnrichmentService(
      {
        get: () => Promise.resolve(item),
        brandsInUse: () => Promise.resolve([]),
        fillEmptyDetails: (_ctx, _user, _id, values) => {
          fill(values);
          return Promise.resolve({
            item,
            applied: ['category', 'condition'],
            filled: ['brand'],
          });
        },
      },
      {
        readOwnedPhoto: () =>
          Promise.resolve({ kind: 'image', bytes: photo, mimeType: 'image/png' }),
      },
      { findById: () => Promise.resolve(null) },
      {
        analyse: () => Promise.resolve(NONE),
        close: () => Promise.resolve(),
      } as unknown as PhotoAnalyser,
      {
        suggestFromPhotos: (input) => {
          asked.push(input);
          return vision.suggestFromPhotos(input);
        },
      },
      { warn: () => {} },
    );
    return { enrichment, asked };
  }

  it('passes the photos and the item to the model and fills only what the items service says is empty', async () => {
    let filled: object | null = null;
    const { enrichment, asked } = service(
      {
        suggestFromPhotos: () =>
          Promise.resolve({ brand: 'Barbour', category: 'Jackets', condition: 'good' }),
      },
      (values) => (filled = values),
    );
    const answer = await enrichment.enrich(ctx, { itemId: 'item-1', inTheLoop: false });
    expect(asked).toEqual([
      {
        accountId: 'acct',
        userId: 'seller',
        photos: [{ bytes: photo, mimeType: 'image/png' }],
        item: { title: 'Jacket', description: '', brand: 'Typed brand', category: undefined },
      },
    ]);
    expect(filled).toEqual({ brand: 'Barbour', category: 'Jackets', condition: 'good' });
    expect(answer.vision).toBe('used');
    expect(answer.applied).toEqual([
      { field: 'condition', value: 'good' },
      { field: 'category', value: 'Jackets' },
    ]);
    expect(answer.skipped).toEqual([{ field: 'brand', reason: 'filled' }]);
  });

  it('answers the local findings when the model is missing or fails', async () => {
    const missing = await service({
      suggestFromPhotos: () => Promise.resolve(null),
    }).enrichment.enrich(ctx, { itemId: 'item-1', inTheLoop: true });
    expect(missing).toMatchObject({ vision: 'unavailable', suggestions: [], applied: [] });
    const failing = await service({
      suggestFromPhotos: () => Promise.reject(new Error('provider down')),
    }).enrichment.enrich(ctx, { itemId: 'item-1', inTheLoop: true });
    expect(failing).toMatchObject({ vision: 'unavailable', suggestions: [] });
  });
});
