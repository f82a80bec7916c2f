// The barcode reader's thread: ZXing decodes in plain JavaScript, which would hold the server's
// event loop for a tenth to a third of a second a photo. Plain JavaScript here, so the thread
// starts without the TypeScript loader. Each message is grey pixels; the answer is the first
// linear barcode found, or null.
import { parentPort } from 'node:worker_threads';
import zxing from '@zxing/library';

const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatOneDReader,
  RGBLuminanceSource,
} = zxing;

const NAMES = new Map([
  [BarcodeFormat.EAN_13, 'EAN_13'],
  [BarcodeFormat.EAN_8, 'EAN_8'],
  [BarcodeFormat.UPC_A, 'UPC_A'],
  [BarcodeFormat.UPC_E, 'UPC_E'],
  [BarcodeFormat.CODE_128, 'CODE_128'],
]);

const hints = new Map();
hints.set(DecodeHintType.POSSIBLE_FORMATS, [...NAMES.keys()]);
hints.set(DecodeHintType.TRY_HARDER, true);
const reader = new MultiFormatOneDReader(hints);

/** ZXing answers "nothing here" with these; anything else is a fault of the reader. */
function isMiss(error) {
  return (
    error instanceof zxing.NotFoundException ||
    error instanceof zxing.ChecksumException ||
    error instanceof zxing.FormatException
  );
}

parentPort.on('message', ({ id, pixels, width, height }) => {
  try {
    const luminance = new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.byteLength);
    const source = new RGBLuminanceSource(luminance, width, height);
    const result = reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints);
    const format = NAMES.get(result.getBarcodeFormat()) ?? null;
    parentPort.postMessage({ id, found: format ? { value: result.getText(), format } : null });
  } catch (error) {
    if (isMiss(error)) parentPort.postMessage({ id, found: null });
    else
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    reader.reset();
  }
});
