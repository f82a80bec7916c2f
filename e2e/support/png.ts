import zlib from 'node:zlib';

/**
 * A small PNG: a coloured frame around a white square (or, with `inner` null, one colour all
 * over), encoded here so no fixture file is needed.
 */
export function png(
  rgb: [number, number, number],
  width = 96,
  height = 72,
  inner: [number, number, number] | null = [255, 255, 255],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // no filter
    for (let x = 0; x < width; x += 1) {
      const inside = x > width / 4 && x < (width * 3) / 4 && y > height / 4 && y < (height * 3) / 4;
      rows.push(...(inside && inner ? inner : rgb));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
