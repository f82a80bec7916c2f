import zlib from 'node:zlib';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import {
  isMarketplaceId,
  MARKETPLACE_NAMES,
  type Locale,
  type PickingLine,
  type PickingListColumn,
  type PickingListLayout,
  type PickingOrder,
} from '@listloop/domain';
import { translator, type MessageId, type Translate } from '../../i18n/messages';

/** What a printed picking list is made of. */
export interface PickingPdfInput {
  /** In the order they print. */
  orders: PickingOrder[];
  columns: readonly PickingListColumn[];
  layout: PickingListLayout;
  locale: Locale;
  timeZone: string;
  companyName: string;
  printedAt: Date;
  /** The small photo of a line (JPEG or PNG), by line id; a line without one prints without. */
  photos: ReadonlyMap<string, Buffer>;
}

const MARGIN = 36;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';
const GREY = '#555555';
const RULE = '#bbbbbb';
const SHADE = '#eeeeee';
/** The box ticked by hand beside each line. */
const TICK_WIDTH = 22;
const TITLE_MIN_WIDTH = 110;
const CELL_PAD = 4;
const BARCODE = { width: 124, height: 26 };
const PHOTO_SIZE = 40;

/** Width of each fixed column; the title takes what is left. */
const WIDTHS: Record<Exclude<PickingListColumn, 'title'>, number> = {
  photo: PHOTO_SIZE + 2 * CELL_PAD,
  sku: BARCODE.width + 2 * CELL_PAD,
  location: 64,
  quantity: 34,
  marketplace: 66,
  orderId: 84,
  shipBy: 66,
  soldAt: 66,
};

// The built-in Helvetica writes Windows-1252 (WinAnsi): these beyond Latin-1, besides it.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
  );
}

/**
 * Text as the built-in font can print it: letters with accents it lacks lose the accent
 * (ą → a), anything else it cannot show becomes "?" rather than a wrong glyph.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n' || char === '\t') out += ' ';
    else if (isWinAnsi(char)) out += char;
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(isWinAnsi) ? bare : '?';
    }
  }
  return out;
}

/** Blank modules each side of a barcode, so a scanner finds where it starts (Code 128: 10). */
const QUIET_ZONE = 10;

/** A grey PNG of `rows` rows of the same pixels (0 black, 255 white): one line of a barcode. */
function greyPng(pixels: Uint8Array, rows: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels.length, 0);
  header.writeUInt32BE(rows, 4);
  header.writeUInt8(8, 8); // 8 bits a pixel
  header.writeUInt8(0, 9); // grey
  // Each row: filter type 0 (none), then its pixels.
  const row = Buffer.concat([Buffer.from([0]), pixels]);
  const data = zlib.deflateSync(Buffer.concat(Array.from({ length: rows }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A Code 128 barcode of the SKU as a PNG (with its quiet zones), one pixel a module: bwip-js
 * encodes the SKU into its bars, and the bars are drawn as one line of pixels that the PDF
 * stretches to the barcode's height (a linear barcode is the same all the way down). About
 * fifty times faster than bwip-js drawing the whole picture, which a list of hundreds of
 * orders felt. Null when Code 128 cannot carry the SKU (characters beyond ASCII).
 */
export function barcodePng(sku: string): Buffer | null {
  if (!/^[\x20-\x7e]+$/.test(sku)) return null;
  let widths: number[];
  try {
    const [code] = bwipjs.raw({ bcid: 'code128', text: sku }) as { sbs?: number[] }[];
    if (!code?.sbs) return null;
    widths = code.sbs;
  } catch {
    return null;
  }
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const pixels = new Uint8Array(modules + 2 * QUIET_ZONE).fill(255);
  let x = QUIET_ZONE;
  // Bars and spaces alternate, a bar first.
  widths.forEach((width, index) => {
    if (index % 2 === 0) pixels.fill(0, x, x + width);
    x += width;
  });
  return greyPng(pixels, 2);
}

const COLUMN_HEADINGS: Record<PickingListColumn, MessageId> = {
  photo: 'pickingList.pdf.column.photo',
  title: 'pickingList.pdf.column.title',
  sku: 'pickingList.pdf.column.sku',
  location: 'pickingList.pdf.column.location',
  quantity: 'pickingList.pdf.column.quantity',
  marketplace: 'pickingList.pdf.column.marketplace',
  orderId: 'pickingList.pdf.column.orderId',
  shipBy: 'pickingList.pdf.column.shipBy',
  soldAt: 'pickingList.pdf.column.soldAt',
};

interface Column {
  key: PickingListColumn;
  width: number;
  x: number;
}

interface Context {
  doc: PDFKit.PDFDocument;
  input: PickingPdfInput;
  t: Translate;
  columns: Column[];
  /** Left edge of the table (the tick box comes first). */
  left: number;
  right: number;
  bottom: number;
  barcodes: Map<string, Buffer | null>;
  date: (iso: string) => string;
}

/** Chosen columns laid out across the page; null when they do not fit its width. */
function layoutColumns(
  chosen: readonly PickingListColumn[],
  left: number,
  right: number,
): Column[] | null {
  const fixed = chosen.reduce((sum, key) => sum + (key === 'title' ? 0 : WIDTHS[key]), 0);
  const room = right - left - TICK_WIDTH - fixed;
  const titleWidth = chosen.includes('title') ? room : 0;
  if (room < 0 || (chosen.includes('title') && titleWidth < TITLE_MIN_WIDTH)) return null;
  let x = left + TICK_WIDTH;
  return chosen.map((key) => {
    const width = key === 'title' ? titleWidth : WIDTHS[key];
    const column = { key, width, x };
    x += width;
    return column;
  });
}

function marketplaceName(t: Translate, marketplace: PickingOrder['marketplace']): string {
  return isMarketplaceId(marketplace)
    ? MARKETPLACE_NAMES[marketplace]
    : t('pickingList.pdf.inPerson');
}

function units(order: PickingOrder): number {
  return order.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** What a line's cell reads as text (the photo and the barcode are drawn besides). */
function cellText(ctx: Context, order: PickingOrder, line: PickingLine, key: PickingListColumn) {
  switch (key) {
    case 'title':
      return line.title.trim() || ctx.t('pickingList.pdf.untitled');
    case 'sku':
      return line.sku ?? ctx.t('pickingList.pdf.noSku');
    case 'location':
      return line.location ?? '–';
    case 'quantity':
      return String(line.quantity);
    case 'marketplace':
      return marketplaceName(ctx.t, order.marketplace);
    case 'orderId':
      return order.externalOrderId;
    case 'shipBy':
      return order.shipBy ? ctx.date(order.shipBy) : '–';
    case 'soldAt':
      return ctx.date(order.soldAt);
    case 'photo':
      return '';
  }
}

function rowHeight(ctx: Context, order: PickingOrder, line: PickingLine): number {
  let height = 22;
  for (const column of ctx.columns) {
    if (column.key === 'photo') height = Math.max(height, PHOTO_SIZE + 2 * CELL_PAD);
    else if (column.key === 'sku' && line.sku) height = Math.max(height, BARCODE.height + 22);
    else {
      ctx.doc.font(column.key === 'title' ? BOLD : FONT).fontSize(9);
      const text = printable(cellText(ctx, order, line, column.key));
      const lines = Math.min(
        3,
        Math.ceil(ctx.doc.heightOfString(text, { width: column.width - 2 * CELL_PAD }) / 11),
      );
      height = Math.max(height, lines * 11 + 2 * CELL_PAD + 2);
    }
  }
  return height;
}

function drawTableHeader(ctx: Context): void {
  const { doc } = ctx;
  const y = doc.y;
  const height = 16;
  doc.rect(ctx.left, y, ctx.right - ctx.left, height).fill(SHADE);
  doc.fillColor('black').font(BOLD).fontSize(8);
  for (const column of ctx.columns) {
    doc.text(printable(ctx.t(COLUMN_HEADINGS[column.key])), column.x + CELL_PAD, y + 4, {
      width: column.width - 2 * CELL_PAD,
      lineBreak: false,
      ellipsis: true,
    });
  }
  doc.y = y + height;
}

async function drawLine(ctx: Context, order: PickingOrder, line: PickingLine, height: number) {
  const { doc } = ctx;
  const y = doc.y;
  // The box a packer ticks by hand.
  doc
    .lineWidth(0.8)
    .strokeColor('black')
    .rect(ctx.left + 5, y + 6, 11, 11)
    .stroke();
  for (const column of ctx.columns) {
    const x = column.x + CELL_PAD;
    const width = column.width - 2 * CELL_PAD;
    if (column.key === 'photo') {
      const photo = ctx.input.photos.get(line.lineId);
      if (photo) {
        try {
          doc.image(photo, x, y + CELL_PAD, { fit: [PHOTO_SIZE, PHOTO_SIZE] });
        } catch {
          // A photo the PDF library cannot read prints as an empty cell.
        }
      }
      continue;
    }
    if (column.key === 'sku') {
      if (!line.sku) {
        doc.font(ITALIC).fontSize(9).fillColor(GREY);
        doc.text(printable(ctx.t('pickingList.pdf.noSku')), x, y + CELL_PAD + 2, { width });
        doc.fillColor('black');
        continue;
      }
      if (!ctx.barcodes.has(line.sku)) ctx.barcodes.set(line.sku, barcodePng(line.sku));
      const png = ctx.barcodes.get(line.sku);
      // Stretched to the box: one line of bars, as tall as the box, as wide as the column.
      if (png) doc.image(png, x, y + CELL_PAD, { width: BARCODE.width, height: BARCODE.height });
      doc.font(FONT).fontSize(8).fillColor('black');
      doc.text(printable(line.sku), x, y + CELL_PAD + BARCODE.height + 2, {
        width,
        lineBreak: false,
        ellipsis: true,
      });
      if (!png) {
        doc.font(ITALIC).fontSize(7).fillColor(GREY);
        doc.text(printable(ctx.t('pickingList.pdf.noBarcode')), x, y + CELL_PAD, { width });
        doc.fillColor('black');
      }
      continue;
    }
    doc
      .font(column.key === 'title' ? BOLD : FONT)
      .fontSize(9)
      .fillColor('black');
    doc.text(printable(cellText(ctx, order, line, column.key)), x, y + CELL_PAD + 2, {
      width,
      height: height - 2 * CELL_PAD,
      ellipsis: true,
    });
  }
  doc
    .lineWidth(0.5)
    .strokeColor(RULE)
    .moveTo(ctx.left, y + height)
    .lineTo(ctx.right, y + height)
    .stroke();
  doc.y = y + height;
}

function orderFacts(ctx: Context, order: PickingOrder): string {
  const facts = ctx.t('pickingList.pdf.orderFacts', {
    marketplace: marketplaceName(ctx.t, order.marketplace),
    soldAt: ctx.date(order.soldAt),
    units: units(order),
  });
  const deadline = order.shipBy
    ? ctx.t('pickingList.pdf.shipBy', { date: ctx.date(order.shipBy) })
    : ctx.t('pickingList.pdf.shipByNotGiven');
  return `${facts} · ${deadline}`;
}

/** A new page, and what heads it: the order carried on, or the compact sheet's title row. */
function newPage(ctx: Context, heading: string | null): void {
  ctx.doc.addPage();
  if (heading) {
    ctx.doc.font(BOLD).fontSize(11).fillColor('black');
    ctx.doc.text(printable(heading), ctx.left, MARGIN, { width: ctx.right - ctx.left });
    ctx.doc.moveDown(0.4);
  }
  drawTableHeader(ctx);
}

/** One order, from the top of its own page. */
async function drawOrderPage(ctx: Context, order: PickingOrder, first: boolean): Promise<void> {
  const { doc, t } = ctx;
  if (!first) doc.addPage();
  doc.font(FONT).fontSize(8).fillColor(GREY);
  doc.text(printable(`${ctx.input.companyName} · ${t('pickingList.pdf.title')}`), ctx.left, MARGIN);
  doc.moveDown(0.3);
  doc.font(BOLD).fontSize(16).fillColor('black');
  doc.text(printable(t('pickingList.pdf.order', { orderId: order.externalOrderId })), {
    width: ctx.right - ctx.left,
  });
  doc.font(FONT).fontSize(10);
  doc.text(printable(orderFacts(ctx, order)), { width: ctx.right - ctx.left });
  doc.moveDown(0.6);
  drawTableHeader(ctx);
  for (const line of order.lines) {
    const height = rowHeight(ctx, order, line);
    if (doc.y + height > ctx.bottom) {
      newPage(ctx, t('pickingList.pdf.orderContinued', { orderId: order.externalOrderId }));
    }
    await drawLine(ctx, order, line, height);
  }
}

/** Every order on one sheet: a shaded row heads each order's lines. */
async function drawCompact(ctx: Context): Promise<void> {
  const { doc, t, input } = ctx;
  doc.font(BOLD).fontSize(18).fillColor('black');
  doc.text(printable(t('pickingList.pdf.title')), ctx.left, MARGIN);
  doc.font(FONT).fontSize(9).fillColor(GREY);
  doc.text(
    printable(
      t('pickingList.pdf.summary', {
        company: input.companyName,
        date: ctx.date(input.printedAt.toISOString()),
        orders: input.orders.length,
        units: input.orders.reduce((sum, order) => sum + units(order), 0),
      }),
    ),
    { width: ctx.right - ctx.left },
  );
  doc.fillColor('black').moveDown(0.6);
  drawTableHeader(ctx);
  for (const order of input.orders) {
    const heading = `${t('pickingList.pdf.order', { orderId: order.externalOrderId })} · ${orderFacts(ctx, order)}`;
    const first = order.lines[0];
    const groupHeight = 18;
    // A heading is never left alone at the foot of a page.
    if (doc.y + groupHeight + (first ? rowHeight(ctx, order, first) : 0) > ctx.bottom) {
      newPage(ctx, null);
    }
    const y = doc.y;
    doc.rect(ctx.left, y, ctx.right - ctx.left, groupHeight).fill('#f6f6f6');
    doc.fillColor('black').font(BOLD).fontSize(9);
    doc.text(printable(heading), ctx.left + CELL_PAD, y + 5, {
      width: ctx.right - ctx.left - 2 * CELL_PAD,
      lineBreak: false,
      ellipsis: true,
    });
    doc.y = y + groupHeight;
    for (const line of order.lines) {
      const height = rowHeight(ctx, order, line);
      if (doc.y + height > ctx.bottom) newPage(ctx, null);
      await drawLine(ctx, order, line, height);
    }
  }
}

/**
 * The printed picking list as a PDF (PDFKit): every order on a page of its own, or all on one
 * compact sheet; the chosen columns, a box to tick by hand on each line, and the SKU under its
 * Code 128 barcode (bwip-js). An item without a SKU prints "No SKU" in its place, no barcode.
 * Letter paper for en-US, A4 elsewhere; landscape when the columns do not fit upright.
 */
export async function renderPickingListPdf(input: PickingPdfInput): Promise<Buffer> {
  const size = input.locale === 'en-US' ? 'LETTER' : 'A4';
  const portraitWidth = size === 'LETTER' ? 612 : 595.28;
  const upright = layoutColumns(input.columns, MARGIN, portraitWidth - MARGIN);
  const landscape = upright === null;
  const doc = new PDFDocument({
    size,
    layout: landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: 'Picking list', Creator: 'ListLoop' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const right = doc.page.width - MARGIN;
  const columns =
    upright ??
    layoutColumns(input.columns, MARGIN, right) ??
    // Every column at once is wider than even a landscape page: the title gives way.
    layoutColumns(
      input.columns.filter((key) => key !== 'title'),
      MARGIN,
      right,
    ) ??
    [];
  const dateFormat = new Intl.DateTimeFormat(input.locale, {
    dateStyle: 'medium',
    timeZone: input.timeZone,
  });
  const ctx: Context = {
    doc,
    input,
    t: translator(input.locale),
    columns,
    left: MARGIN,
    right,
    bottom: doc.page.height - MARGIN - 18,
    barcodes: new Map(),
    date: (iso) => dateFormat.format(new Date(iso)),
  };

  if (input.layout === 'compact') await drawCompact(ctx);
  else {
    for (const [index, order] of input.orders.entries()) {
      await drawOrderPage(ctx, order, index === 0);
    }
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin: without this PDFKit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor(GREY);
    doc.text(
      printable(ctx.t('pickingList.pdf.page', { page: index + 1, pages: range.count })),
      MARGIN,
      doc.page.height - MARGIN - 8,
      { width: right - MARGIN, align: 'right', lineBreak: false },
    );
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
