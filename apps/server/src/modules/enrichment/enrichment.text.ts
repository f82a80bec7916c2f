import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { MAX_IMAGE_PIXELS } from '@listloop/domain';

const require = createRequire(import.meta.url);

/**
 * Tesseract's English model as installed with the server (@tesseract.js-data/eng, the LSTM
 * "best_int" data). A directory, not an address: tesseract.js reads a local langPath from the
 * file system and only fetches when it is a URL, so recognising text never leaves the machine.
 */
export function englishDataDir(): string {
  return path.dirname(require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'));
}

/** Lines Tesseract is less sure of than this are noise: a pattern of fabric, a crease. */
const MIN_LINE_CONFIDENCE = 0.6;
/** Text is read at this longer side: small print on a label gets enough pixels per letter. */
const READ_SIDE = 2000;

export interface TextLine {
  text: string;
  confidence: number;
}

/**
 * One long-lived Tesseract worker for the process, started on first use (its start costs about
 * a second) and ended when the server closes. Recognition runs in the worker's thread, one photo
 * at a time; the photo is prepared with sharp first (upright, grey, stretched to full contrast,
 * small text enlarged).
 */
export class TextReader {
  private worker: Promise<Worker> | null = null;
  private readonly turn = pLimit(1);
  private closed = false;

  constructor(private readonly cachePath: string) {}

  async read(bytes: Buffer): Promise<TextLine[]> {
    const prepared = await prepare(bytes);
    return this.turn(async () => {
      const worker = await this.start();
      const { data } = await worker.recognize(prepared, {}, { blocks: true, text: false });
      const lines: TextLine[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            const text = line.text.replace(/\s+/g, ' ').trim();
            const confidence = Math.round(line.confidence) / 100;
            if (text.length >= 2 && confidence >= MIN_LINE_CONFIDENCE) {
              lines.push({ text, confidence });
            }
          }
        }
      }
      return lines;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }

  private start(): Promise<Worker> {
    if (this.closed) throw new Error('The text reader is closed.');
    if (!this.worker) {
      mkdirSync(this.cachePath, { recursive: true });
      this.worker = createWorker('eng', OEM.LSTM_ONLY, {
        langPath: englishDataDir(),
        cachePath: this.cachePath,
        gzip: true,
      });
      // A failed start is tried again by the next photo, not remembered.
      this.worker.catch(() => {
        this.worker = null;
      });
    }
    return this.worker;
  }
}

async function prepare(bytes: Buffer): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const meta = await image.metadata();
  const side = Math.max(meta.width ?? 0, meta.height ?? 0);
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = (swapped ? meta.height : meta.width) ?? 0;
  // Enlarged at most twice: beyond that letters get no clearer, only slower to read.
  const scale = side > 0 ? Math.min(READ_SIDE / side, 2) : 1;
  return image
    .resize({ width: Math.max(1, Math.round(width * scale)) })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
