import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

/** A photo of one flat colour with a little noise, as a JPEG (a plain jumper on a plain floor). */
export async function solidPhoto(
  rgb: { r: number; g: number; b: number },
  size = { width: 480, height: 360 },
): Promise<Buffer> {
  const raw = Buffer.alloc(size.width * size.height * 3);
  for (let y = 0; y < size.height; y += 1) {
    for (let x = 0; x < size.width; x += 1) {
      const noise = ((x * 7 + y * 13) % 9) - 4;
      const at = (y * size.width + x) * 3;
      raw[at] = rgb.r + noise;
      raw[at + 1] = rgb.g + noise;
      raw[at + 2] = rgb.b + noise;
    }
  }
  return sharp(raw, { raw: { ...size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** An EAN-13 barcode as a shop's label prints it, on white, as a PNG. */
export function ean13Photo(code: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'ean13',
    text: code,
    scale: 3,
    height: 22,
    includetext: true,
    backgroundcolor: 'FFFFFF',
    paddingwidth: 24,
    paddingheight: 16,
  });
}

/** A care label: black lines of text on white, rendered from SVG with DejaVu Sans, as a PNG. */
export function labelPhoto(lines: readonly string[], width = 800): Promise<Buffer> {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const height = 80 + lines.length * 90;
  const text = lines
    .map(
      (line, index) =>
        `<text x="40" y="${100 + index * 90}" font-family="DejaVu Sans" font-size="52">${escape(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
