import pLimit from 'p-limit';
import type { EnrichmentBarcode, EnrichmentColour } from '@listloop/domain';
import { BarcodeReader } from './enrichment.barcodes';
import { dominantColours } from './enrichment.colours';
import { TextReader, type TextLine } from './enrichment.text';

/** What one photo shows: its colours, its printed text and its barcode. */
export interface PhotoFindings {
  colours: EnrichmentColour[];
  text: TextLine[];
  barcodes: EnrichmentBarcode[];
}

/**
 * Photos analysed at once in this process: each holds a decoded frame or two (sharp's work is
 * on libuv's threads, the text in Tesseract's worker), so a burst of requests waits its turn
 * instead of adding frames up, as uploads do (decision 0032).
 */
const PHOTOS_AT_ONCE = 2;

/** The three local readings of a photo; its two threads (text, barcodes) live as long as it does. */
export class PhotoAnalyser {
  private readonly text: TextReader;
  private readonly barcodeReader = new BarcodeReader();
  private readonly turn = pLimit(PHOTOS_AT_ONCE);

  constructor(textCachePath: string) {
    this.text = new TextReader(textCachePath);
  }

  colours(bytes: Buffer): Promise<EnrichmentColour[]> {
    return dominantColours(bytes);
  }

  textOf(bytes: Buffer): Promise<TextLine[]> {
    return this.text.read(bytes);
  }

  barcodes(bytes: Buffer): Promise<EnrichmentBarcode[]> {
    return this.barcodeReader.read(bytes);
  }

  analyse(bytes: Buffer): Promise<PhotoFindings> {
    return this.turn(async () => {
      const [colours, text, barcodes] = await Promise.all([
        this.colours(bytes),
        this.textOf(bytes),
        this.barcodes(bytes),
      ]);
      return { colours, text, barcodes };
    });
  }

  async close(): Promise<void> {
    await Promise.all([this.text.close(), this.barcodeReader.close()]);
  }
}
