import sharp from 'sharp';
import zxing from '@zxing/library';
import {
  barcodeValid,
  MAX_IMAGE_PIXELS,
  type BarcodeFormatName,
  type EnrichmentBarcode,
} from '@listloop/domain';

// The package is CommonJS: its classes are read from the default export.
const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatOneDReader,
  NotFoundException,
  RGBLuminanceSource,
} = zxing;

/** Large enough for a barcode filling a tenth of a photo's width, small enough to scan quickly. */
const SCAN_SIDE = 1200;

const FORMATS: Partial<Record<number, BarcodeFormatName>> = {
  [BarcodeFormat.EAN_13]: 'EAN_13',
  [BarcodeFormat.EAN_8]: 'EAN_8',
  [BarcodeFormat.UPC_A]: 'UPC_A',
  [BarcodeFormat.UPC_E]: 'UPC_E',
  [BarcodeFormat.CODE_128]: 'CODE_128',
};

/** The linear-barcode reader alone: the multi-format one also logs each miss to the console. */
function reader() {
  const hints = new Map<number, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [
    BarcodeFormat.EAN_13,
    BarcodeFormat.EAN_8,
    BarcodeFormat.UPC_A,
    BarcodeFormat.UPC_E,
    BarcodeFormat.CODE_128,
  ]);
  hints.set(DecodeHintType.TRY_HARDER, true);
  return { hints, oneD: new MultiFormatOneDReader(hints) };
}

/**
 * The retail barcode of a photo, read from its grey pixels as it is and, if none, turned a
 * quarter (a barcode printed upright on a tag). Only a code whose check digit holds is answered:
 * a misread digit would put another product's number on the item.
 */
export async function readBarcodes(bytes: Buffer): Promise<EnrichmentBarcode[]> {
  const { hints, oneD } = reader();
  for (const angle of [0, 90]) {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .rotate(angle)
      .resize(SCAN_SIDE, SCAN_SIDE, { fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const luminance = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
    const source = new RGBLuminanceSource(luminance, info.width, info.height);
    try {
      const result = oneD.decode(new BinaryBitmap(new HybridBinarizer(source)), hints);
      const format = FORMATS[result.getBarcodeFormat()];
      const value = result.getText();
      if (format && barcodeValid(value, format)) return [{ value, format }];
    } catch (error) {
      if (!isZxingMiss(error)) throw error;
    }
  }
  return [];
}

/** ZXing answers "nothing here" with NotFound, Checksum or Format exceptions. */
function isZxingMiss(error: unknown): boolean {
  return (
    error instanceof zxing.ChecksumException ||
    error instanceof zxing.FormatException ||
    error instanceof NotFoundException
  );
}
