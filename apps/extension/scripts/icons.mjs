// `node apps/extension/scripts/icons.mjs`: renders the extension's PNG icons from one SVG.
// The PNGs are committed; run this again only when the drawing changes.
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.join(import.meta.dirname, '../public/icons');

// A rounded square in ListLoop's blue with a white loop (two arrows chasing each other).
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">
  <rect x="4" y="4" width="120" height="120" rx="28" fill="#1d4ed8"/>
  <g fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round">
    <path d="M36 70a28 28 0 0 1 48-26"/>
    <path d="M92 58a28 28 0 0 1-48 26"/>
  </g>
  <path d="M78 30l14 14-20 4z" fill="#ffffff"/>
  <path d="M50 98L36 84l20-4z" fill="#ffffff"/>
</svg>`;

for (const size of [16, 32, 48, 128]) {
  await sharp(Buffer.from(svg), { density: 384 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, `icon-${size}.png`));
}
