import { createRequire } from 'node:module';
import path from 'node:path';
import zxing from '@zxing/library';

/**
 * Reads a printed picking list back, as a person's tools would: the text of each page with
 * pdf.js, and every image on it decoded as a Code 128 barcode with ZXing (what a scanner does).
 */

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;

type Restore = () => void;

/**
 * pdf.js 6 uses Promise.withResolvers and ArrayBuffer.prototype.transferToFixedLength, which
 * Node 20 lacks. Installed for the tests that read PDFs and taken away after them (files of
 * a worker share the process, decision 0038).
 */
export function installPdfJsPolyfills(): Restore {
  const restores: Restore[] = [];
  const promise = Promise as unknown as { withResolvers?: unknown };
  if (!promise.withResolvers) {
    promise.withResolvers = function withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const created = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise: created, resolve, reject };
    };
    restores.push(() => delete promise.withResolvers);
  }
  const buffer = ArrayBuffer.prototype as unknown as { transferToFixedLength?: unknown };
  if (!buffer.transferToFixedLength) {
    buffer.transferToFixedLength = function transferToFixedLength(
      this: ArrayBuffer,
      length?: number,
    ) {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    };
    restores.push(() => delete buffer.transferToFixedLength);
  }
  return () => restores.forEach((restore) => restore());
}

export interface ReadPage {
  /** The page's text runs joined by spaces. */
  text: string;
  /** What each image on the page reads as a Code 128 barcode (images that are not, left out). */
  barcodes: string[];
  /** How many images the page paints (barcodes and photos). */
  images: number;
}

interface PdfImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** pdf.js image kinds: 1 bit grey, RGB, RGBA. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;

function luminance(image: PdfImage): Uint8ClampedArray {
  const { width, height, data, kind } = image;
  const out = new Uint8ClampedArray(width * height);
  if (kind === GRAYSCALE_1BPP) {
    const rowBytes = Math.ceil(width / 8);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        out[y * width + x] = bit ? 255 : 0;
      }
    }
    return out;
  }
  const step = kind === RGB_24BPP ? 3 : 4;
  for (let p = 0; p < width * height; p += 1) {
    out[p] = (data[p * step]! + data[p * step + 1]! + data[p * step + 2]!) / 3;
  }
  return out;
}

/** A linear barcode is the same all the way down: a short image is stacked to a scanner's height. */
const MIN_ROWS = 40;

function decodeCode128(image: PdfImage): string | null {
  const { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } = zxing;
  try {
    let pixels = luminance(image);
    let rows = image.height;
    if (rows < MIN_ROWS) {
      const stacked = new Uint8ClampedArray(image.width * MIN_ROWS);
      for (let y = 0; y < MIN_ROWS; y += 1) {
        const from = (y % rows) * image.width;
        stacked.set(pixels.subarray(from, from + image.width), y * image.width);
      }
      pixels = stacked;
      rows = MIN_ROWS;
    }
    const source = new RGBLuminanceSource(pixels, image.width, rows);
    return new Code128Reader()
      .decode(new BinaryBitmap(new HybridBinarizer(source)), new Map())
      .getText();
  } catch {
    return null;
  }
}

/** Every page of the PDF: its text, and the barcodes its images read as. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: 0,
  });
  const document = await loading.promise;
  const pages: ReadPage[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .filter(Boolean)
      .join(' ');
    const operators = await page.getOperatorList();
    const barcodes: string[] = [];
    let images = 0;
    for (let index = 0; index < operators.fnArray.length; index += 1) {
      if (operators.fnArray[index] !== pdfjs.OPS.paintImageXObject) continue;
      const name = (operators.argsArray[index] as [string])[0];
      const image = await new Promise<PdfImage>((resolve) =>
        page.objs.get(name, (value: unknown) => resolve(value as PdfImage)),
      );
      images += 1;
      const read = decodeCode128(image);
      if (read !== null) barcodes.push(read);
    }
    pages.push({ text, barcodes, images });
  }
  await loading.destroy();
  return pages;
}
