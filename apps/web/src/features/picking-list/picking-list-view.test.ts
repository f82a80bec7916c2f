import type { PickingLine, PickingList, PickingOrder, ScanResult } from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import es from '../../i18n/catalogues/es.json';
import it_ from '../../i18n/catalogues/it.json';
import { withChange } from './hooks/use-picking-actions';
import {
  cameraAvailable,
  cameraProblem,
  channelName,
  deadlineState,
  linesToCheck,
  orderProgress,
  pdfFileName,
  scanFeedback,
} from './picking-list-view';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const british = createIntl({ locale: 'en-GB', messages: enGB });
const spanish = createIntl({ locale: 'es', messages: es });
const italian = createIntl({ locale: 'it', messages: it_ });

function line(overrides: Partial<PickingLine> = {}): PickingLine {
  return {
    lineId: 'line-1',
    itemId: 'item-1',
    userId: 'owner',
    title: 'Band tee',
    sku: 'TEE-1',
    location: 'A1',
    photo: null,
    quantity: 1,
    verifiedUnits: 0,
    verifiedAt: null,
    verifiedBy: null,
    verifiedVia: null,
    ...overrides,
  };
}

function order(externalOrderId: string, lines: PickingLine[] = [line()]): PickingOrder {
  return {
    marketplace: 'ebay',
    externalOrderId,
    soldAt: '2025-03-01T10:00:00.000Z',
    shipBy: null,
    lines,
    verified: false,
  };
}

const scan = (overrides: Partial<ScanResult>): ScanResult => ({
  sku: 'TEE-1',
  outcome: 'verified',
  lineId: 'line-1',
  item: { itemId: 'item-1', title: 'Band tee' },
  order: null,
  ...overrides,
});

describe('what a scan tells the packer', () => {
  it('says the item is checked, or already is', () => {
    expect(scanFeedback(intl, scan({}))).toEqual({ tone: 'success', text: 'Band tee checked.' });
    expect(scanFeedback(intl, scan({ outcome: 'already_verified' }))).toEqual({
      tone: 'warning',
      text: 'Band tee is already checked: every unit of it is in the box.',
    });
  });

  it('names the item a wrong SKU is, and where it belongs', () => {
    expect(
      scanFeedback(
        intl,
        scan({
          sku: 'CAP-2',
          outcome: 'on_another_order',
          item: { itemId: 'item-2', title: 'Trucker cap' },
          order: { marketplace: 'poshmark', externalOrderId: 'P-77' },
        }),
      ),
    ).toEqual({
      tone: 'error',
      text: 'Wrong item: SKU CAP-2 is Trucker cap, which belongs to order P-77 (Poshmark).',
    });
    expect(
      scanFeedback(
        italian,
        scan({ sku: 'X-9', outcome: 'not_on_list', item: { itemId: 'i', title: 'Borsa' } }),
      ).text,
    ).toBe('Articolo sbagliato: lo SKU X-9 è Borsa, che non è in nessun ordine da imballare.');
    expect(scanFeedback(spanish, scan({ sku: 'NOPE', outcome: 'unknown', item: null }))).toEqual({
      tone: 'error',
      text: 'Ningún artículo de tu inventario tiene el SKU NOPE.',
    });
  });

  it('names an item without a title as such', () => {
    expect(scanFeedback(intl, scan({ item: { itemId: 'i', title: '  ' } })).text).toBe(
      'Untitled item checked.',
    );
  });
});

describe('the camera', () => {
  const named = (name: string) => Object.assign(new Error('camera'), { name });

  it('tells refused, missing, busy and unsupported cameras apart', () => {
    expect(cameraProblem(named('NotAllowedError'))).toBe('denied');
    expect(cameraProblem(named('SecurityError'))).toBe('denied');
    expect(cameraProblem(named('NotFoundError'))).toBe('none');
    expect(cameraProblem(named('OverconstrainedError'))).toBe('none');
    expect(cameraProblem(named('NotReadableError'))).toBe('busy');
    expect(cameraProblem(named('NotSupportedError'))).toBe('unsupported');
    expect(cameraProblem('something else')).toBe('failed');
  });

  it('is there only where the page may ask for it', () => {
    expect(cameraAvailable(undefined)).toBe(false);
    expect(cameraAvailable({ mediaDevices: undefined } as unknown as Navigator)).toBe(false);
    expect(
      cameraAvailable({
        mediaDevices: { getUserMedia: () => Promise.resolve() },
      } as unknown as Navigator),
    ).toBe(true);
  });
});

describe('the list on screen', () => {
  it('counts the units checked of an order, and the lines left', () => {
    const lines = [
      line({ quantity: 2, verifiedUnits: 1 }),
      line({ lineId: 'line-2', verifiedUnits: 1 }),
      line({ lineId: 'line-3' }),
    ];
    expect(orderProgress({ lines })).toEqual({ checked: 2, total: 4 });
    expect(linesToCheck(lines).map((l) => l.lineId)).toEqual(['line-1', 'line-3']);
  });

  it('colours a deadline by how near it is', () => {
    const now = new Date(2025, 2, 3, 9, 0);
    expect(deadlineState(null, now)).toBeNull();
    expect(deadlineState(new Date(2025, 2, 3, 8, 0).toISOString(), now)).toBe('late');
    expect(deadlineState(new Date(2025, 2, 3, 18, 0).toISOString(), now)).toBe('today');
    expect(deadlineState(new Date(2025, 2, 4, 18, 0).toISOString(), now)).toBe('soon');
    expect(deadlineState(new Date(2025, 2, 9, 18, 0).toISOString(), now)).toBe('later');
  });

  it('says where an order sold, in person in the reader’s words', () => {
    expect(channelName(intl, 'ebay')).toBe('eBay');
    expect(channelName(intl, 'in_person')).toBe('In person');
    expect(channelName(italian, 'in_person')).toBe('Di persona');
    expect(british.formatMessage({ id: 'pickingList.column.shipBy' })).toBe('Dispatch by');
  });

  it('names the PDF after the day it was made', () => {
    expect(pdfFileName(new Date(2025, 0, 9))).toBe('picking-list-2025-01-09.pdf');
  });

  it('puts a change into the list: the order replaced, or gone once packed', () => {
    const list: PickingList = {
      orders: [order('A'), order('B')],
      verificationMethod: 'via_barcode',
      view: { columns: ['title'], sort: { by: 'ship_by', direction: 'asc' }, saved: false },
      since: '2025-02-01T00:00:00.000Z',
      totals: { orders: 2, lines: 2, units: 2 },
    };
    const checked = { ...order('B', [line({ verifiedUnits: 1 })]), verified: true };
    const ref = { marketplace: 'ebay' as const, externalOrderId: 'B' };
    expect(withChange(list, ref, { order: checked, scan: null, packed: null }).orders).toEqual([
      order('A'),
      checked,
    ]);
    expect(
      withChange(list, ref, { order: null, scan: null, packed: null }).orders.map(
        (o) => o.externalOrderId,
      ),
    ).toEqual(['A']);
  });
});
