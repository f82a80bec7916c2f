import sharp from 'sharp';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Splits a caption into at most three lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out.slice(0, 3);
}

/**
 * A pleasant stand-in product photo for the demo seed: a soft studio gradient in the given hue,
 * a shadowed card standing in for the item, and the caption. Same input, same bytes.
 */
export async function generateDemoPhoto(options: {
  text: string;
  hue: number;
  width?: number;
  height?: number;
}): Promise<Buffer> {
  const width = options.width ?? 1200;
  const height = options.height ?? 1200;
  const hue = ((Math.round(options.hue) % 360) + 360) % 360;
  const accent = (hue + 35) % 360;
  const unit = Math.min(width, height);
  const fontSize = Math.round(unit * 0.065);
  const caption = lines(options.text, Math.max(8, Math.floor(width / (fontSize * 0.6))));
  const cardW = Math.round(width * 0.56);
  const cardH = Math.round(height * 0.5);
  const cardX = Math.round((width - cardW) / 2);
  const cardY = Math.round(height * 0.14);
  const textTop = cardY + cardH + Math.round(unit * 0.12);

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 45%, 92%)"/>
      <stop offset="1" stop-color="hsl(${accent}, 50%, 78%)"/>
    </linearGradient>
    <linearGradient id="card" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 55%, 58%)"/>
      <stop offset="1" stop-color="hsl(${hue}, 60%, 42%)"/>
    </linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
      <feDropShadow dx="0" dy="${Math.round(unit * 0.02)}" stdDeviation="${Math.round(unit * 0.025)}" flood-opacity="0.28"/>
    </filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <ellipse cx="${width / 2}" cy="${cardY + cardH + unit * 0.03}" rx="${cardW * 0.55}" ry="${unit * 0.035}" fill="hsl(${hue}, 30%, 40%)" opacity="0.18"/>
  <rect x="${cardX}" y="${cardY}" width="${cardW}" height="${cardH}" rx="${Math.round(unit * 0.04)}" fill="url(#card)" filter="url(#shadow)"/>
  <circle cx="${cardX + cardW * 0.5}" cy="${cardY + cardH * 0.16}" r="${unit * 0.025}" fill="hsl(${hue}, 40%, 92%)"/>
  <rect x="${cardX + cardW * 0.18}" y="${cardY + cardH * 0.62}" width="${cardW * 0.64}" height="${unit * 0.018}" rx="${unit * 0.009}" fill="hsl(${hue}, 40%, 92%)" opacity="0.7"/>
  <rect x="${cardX + cardW * 0.28}" y="${cardY + cardH * 0.72}" width="${cardW * 0.44}" height="${unit * 0.018}" rx="${unit * 0.009}" fill="hsl(${hue}, 40%, 92%)" opacity="0.5"/>
  ${caption
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${textTop + i * fontSize * 1.25}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" text-anchor="middle" fill="hsl(${hue}, 35%, 22%)">${escapeXml(line)}</text>`,
    )
    .join('\n  ')}
</svg>`;
  return sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
