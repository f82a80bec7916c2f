import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import {
  barcodeValid,
  MAX_IMAGE_PIXELS,
  type BarcodeFormatName,
  type EnrichmentBarcode,
} from '@listloop/domain';

/** Large enough for a barcode filling a tenth of a photo's width, small enough to scan quickly. */
const SCAN_SIDE = 1200;

type Answer =
  | { id: number; found: { value: string; format: BarcodeFormatName } | null }
  | { id: number; error: string };

/**
 * Reads retail barcodes in a thread of their own (barcode.worker.mjs), started on first use
 * and ended with the server: ZXing is synchronous JavaScript, and a photo with no barcode takes
 * it a third of a second, which the event loop must not wait for.
 */
export class BarcodeReader {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (found: EnrichmentBarcode | null) => void; reject: (error: Error) => void }
  >();

  /**
   * The retail barcode of a photo, read from its grey pixels as it is and, if none, turned a
   * quarter (a barcode printed upright on a tag). Only a code whose check digit holds is
   * answered: a misread digit would put another product's number on the item.
   */
  async read(bytes: Buffer): Promise<EnrichmentBarcode[]> {
    for (const angle of [0, 90]) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .rotate(angle)
        .resize(SCAN_SIDE, SCAN_SIDE, { fit: 'inside', withoutEnlargement: true })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const found = await this.decode(data, info.width, info.height);
      if (found && barcodeValid(found.value, found.format)) return [found];
    }
    return [];
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private decode(pixels: Buffer, width: number, height: number) {
    const worker = this.start();
    const id = (this.next += 1);
    return new Promise<EnrichmentBarcode | null>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, pixels, width, height });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./barcode.worker.mjs', import.meta.url));
    worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('error' in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.found);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The barcode reader stopped (exit ${code}).`)));
    this.worker = worker;
    return worker;
  }
}
