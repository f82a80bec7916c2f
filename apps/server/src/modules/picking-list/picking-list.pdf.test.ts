import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PICKING_LIST_COLUMNS, type PickingLine, type PickingOrder } from '@listloop/domain';
import { installPdfJsPolyfills, readPdf } from './pdf-reader.testing';
import {
  barcodePng,
  printable,
  renderPickingListPdf,
  type PickingPdfInput,
} from './picking-list.pdf';

let restore: () => void = () => undefined;
beforeAll(() => {
  restore = installPdfJsPolyfills();
});
afterAll(() => restore());

function line(overrides: Partial<PickingLine> = {}): PickingLine {
  return {
    lineId: `line-${Math.random().toString(36).slice(2, 10)}`,
    itemId: 'item-1',
    userId: 'owner',
    title: 'Denim jacket',
    sku: 'LT-01001',
    location: 'A2',
    photo: null,
    quantity: 1,
    verifiedUnits: 0,
    verifiedAt: null,
    verifiedBy: null,
    verifiedVia: null,
    ...overrides,
  };
}

function order(externalOrderId: string, lines: PickingLine[], extra: Partial<PickingOrder> = {}) {
  return {
    marketplace: 'ebay',
    externalOrderId,
    soldAt: '2025-03-01T10:00:00.000Z',
    shipBy: '2025-03-04T10:00:00.000Z',
    lines,
    verified: false,
    ...extra,
  } satisfies PickingOrder;
}

function input(overrides: Partial<PickingPdfInput> = {}): PickingPdfInput {
  return {
    orders: [order('11-22-33', [line()])],
    columns: ['photo', 'title', 'sku', 'location', 'quantity'],
    layout: 'order_per_page',
    locale: 'en-US',
    timeZone: 'UTC',
    companyName: 'Loop & Thread',
    printedAt: new Date('2025-03-02T08:00:00.000Z'),
    photos: new Map(),
    ...overrides,
  };
}

describe('the printed picking list', () => {
  it('prints each order on its own page, with its facts, the chosen columns and each SKU’s barcode', async () => {
    const pdf = await renderPickingListPdf(
      input({
        orders: [
          order('11-22-33', [
            line({ title: 'Denim jacket', sku: 'LT-01001', location: 'A2' }),
            line({ title: 'Wool scarf', sku: 'LT-01002', location: 'B7', quantity: 2 }),
          ]),
          order('44-55-66', [line({ title: 'Leather belt', sku: 'BELT/9 x', location: null })], {
            marketplace: 'in_person',
            shipBy: null,
          }),
        ],
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await readPdf(pdf);
    expect(pages).toHaveLength(2);
    const [first, second] = pages;
    expect(first!.text).toContain('Order 11-22-33');
    expect(first!.text).toContain('eBay · sold Mar 1, 2025 · 3 items · Ship by Mar 4, 2025');
    for (const text of [
      'Item',
      'SKU',
      'Location',
      'Qty',
      'Denim jacket',
      'Wool scarf',
      'A2',
      'B7',
    ]) {
      expect(first!.text).toContain(text);
    }
    expect(first!.text).toContain('Page 1 of 2');
    expect(first!.barcodes.sort()).toEqual(['LT-01001', 'LT-01002']);
    expect(second!.text).toContain('Order 44-55-66');
    expect(second!.text).toContain(
      'In person · sold Mar 1, 2025 · 1 item · Shipping deadline not given',
    );
    expect(second!.barcodes).toEqual(['BELT/9 x']);
  });

  it('marks an item without a SKU clearly, with no barcode', async () => {
    const pages = await readPdf(
      await renderPickingListPdf(
        input({ orders: [order('A-1', [line({ title: 'Hand-made mug', sku: null })])] }),
      ),
    );
    expect(pages[0]!.text).toContain('Hand-made mug');
    expect(pages[0]!.text).toContain('No SKU');
    expect(pages[0]!.barcodes).toEqual([]);
  });

  it('puts every order on one compact sheet, each under a heading, in the order given', async () => {
    const orders = ['A-1', 'B-2', 'C-3'].map((id, index) =>
      order(id, [line({ title: `Item ${index + 1}`, sku: `SKU-${index + 1}` })]),
    );
    const pages = await readPdf(await renderPickingListPdf(input({ orders, layout: 'compact' })));
    expect(pages).toHaveLength(1);
    const text = pages[0]!.text;
    expect(text).toContain('Picking list');
    expect(text).toContain('Loop & Thread · printed Mar 2, 2025 · 3 orders, 3 items');
    expect(text.indexOf('Order A-1')).toBeLessThan(text.indexOf('Order B-2'));
    expect(text.indexOf('Order B-2')).toBeLessThan(text.indexOf('Order C-3'));
    expect(pages[0]!.barcodes.sort()).toEqual(['SKU-1', 'SKU-2', 'SKU-3']);
  });

  it('runs a long order onto more pages, its heading repeated', async () => {
    const lines = Array.from({ length: 40 }, (_, index) =>
      line({ title: `Item ${index + 1}`, sku: `LONG-${index + 1}` }),
    );
    const pages = await readPdf(
      await renderPickingListPdf(input({ orders: [order('BIG-1', lines)] })),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]!.text).toContain('Order BIG-1 (continued)');
    expect(pages.flatMap((page) => page.barcodes).sort()).toEqual(lines.map((l) => l.sku!).sort());
  });

  it('prints only the columns chosen, every one of them on a landscape page when needed', async () => {
    const narrow = await readPdf(
      await renderPickingListPdf(input({ columns: ['title', 'location'] })),
    );
    expect(narrow[0]!.text).toContain('Denim jacket');
    expect(narrow[0]!.text).not.toContain('SKU');
    expect(narrow[0]!.barcodes).toEqual([]);

    const all = await renderPickingListPdf(input({ columns: [...PICKING_LIST_COLUMNS] }));
    // Letter turned on its side; the upright list above stays upright.
    expect(all.toString('latin1')).toMatch(/\/MediaBox \[0 0 792 612\]/);
    expect(
      (await renderPickingListPdf(input({ columns: ['title', 'location'] }))).toString('latin1'),
    ).toMatch(/\/MediaBox \[0 0 612 792\]/);
    const pages = await readPdf(all);
    for (const heading of [
      'Photo',
      'Item',
      'SKU',
      'Location',
      'Qty',
      'Marketplace',
      'Order',
      'Ship by',
      'Sold',
    ]) {
      expect(pages[0]!.text).toContain(heading);
    }
    expect(pages[0]!.barcodes).toEqual(['LT-01001']);
  });

  it('embeds the photo when one is given', async () => {
    const photo = await sharp({
      create: { width: 150, height: 150, channels: 3, background: '#3366aa' },
    })
      .jpeg()
      .toBuffer();
    const first = line();
    const withPhoto = await renderPickingListPdf(
      input({ orders: [order('P-1', [first])], photos: new Map([[first.lineId, photo]]) }),
    );
    const without = await renderPickingListPdf(input({ orders: [order('P-1', [first])] }));
    expect(withPhoto.length).toBeGreaterThan(without.length + 500);
  });

  it('speaks the locale, on A4 outside the US', async () => {
    const pdf = await renderPickingListPdf(
      input({
        locale: 'it',
        timeZone: 'Europe/Rome',
        orders: [order('IT-1', [line({ sku: null })])],
      }),
    );
    const pages = await readPdf(pdf);
    expect(pages[0]!.text).toContain('Ordine IT-1');
    expect(pages[0]!.text).toContain('Spedire entro il 4 mar 2025');
    expect(pages[0]!.text).toContain('Senza SKU');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('prints what the built-in font can show, and leaves no SKU Code 128 cannot carry unmarked', async () => {
    expect(printable('Crème brûlée – “Paris” 10€')).toBe('Crème brûlée – “Paris” 10€');
    expect(printable('Łódź koszula')).toBe('?ódz koszula');
    expect(printable('T-shirt 日本')).toBe('T-shirt ??');
    expect(printable('two\nlines')).toBe('two lines');
    expect(barcodePng('CAFÉ-1')).toBeNull();
    expect(barcodePng('CAFE-1')?.subarray(1, 4).toString()).toBe('PNG');
    const pages = await readPdf(
      await renderPickingListPdf(input({ orders: [order('U-1', [line({ sku: 'CAFÉ-1' })])] })),
    );
    expect(pages[0]!.text).toContain('No barcode for this SKU');
    expect(pages[0]!.barcodes).toEqual([]);
  });
});
