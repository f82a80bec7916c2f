import type { DEPOP_COLOURS } from '../marketplaces/depop-taxonomy';
import type { BarcodeFormatName } from './enrichment.api';

/**
 * The colour names enrichment gives an item, with the sRGB value each stands for: the colour
 * vocabulary the marketplaces share (Depop's list, which the others' lists contain), without
 * "multi", which no single pixel is. Written capitalised, as sellers write an item's colour.
 */
export const ITEM_COLOUR_SWATCHES: Readonly<
  Record<Exclude<(typeof DEPOP_COLOURS)[number], 'multi'>, string>
> = {
  black: '#111111',
  grey: '#808080',
  white: '#f8f8f8',
  brown: '#6f4a2f',
  tan: '#c8a27a',
  cream: '#efe6cf',
  yellow: '#f1c93b',
  red: '#c62828',
  burgundy: '#7b1e34',
  orange: '#ef7d22',
  pink: '#f2a2bd',
  purple: '#6c3f99',
  blue: '#2f6fca',
  navy: '#1f2b4d',
  green: '#2f8a45',
  khaki: '#8a8458',
  silver: '#c3c6ca',
  gold: '#c9a23b',
};

export type Rgb = readonly [number, number, number];

export function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

export function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** CIE L*a*b* (D65) of an sRGB colour: distances there follow what the eye sees. */
export function labOf([r, g, b]: Rgb): Rgb {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const x = (lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047;
  const y = lr * 0.2126 + lg * 0.7152 + lb * 0.0722;
  const z = (lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const SWATCH_LABS = Object.entries(ITEM_COLOUR_SWATCHES).map(
  ([name, hex]) => [name, labOf(rgbOf(hex))] as const,
);

/** The nearest colour name (capitalised) to an sRGB value, by distance in L*a*b*. */
export function colourNameOf(rgb: Rgb): string {
  const lab = labOf(rgb);
  let best = SWATCH_LABS[0]!;
  let bestDistance = Infinity;
  for (const swatch of SWATCH_LABS) {
    const distance = Math.hypot(
      lab[0] - swatch[1][0],
      lab[1] - swatch[1][1],
      lab[2] - swatch[1][2],
    );
    if (distance < bestDistance) {
      bestDistance = distance;
      best = swatch;
    }
  }
  return best[0].charAt(0).toUpperCase() + best[0].slice(1);
}

/** The GS1 check digit rule (EAN-13, EAN-8, UPC-A; UPC-E once expanded). */
export function gs1CheckDigitValid(digits: string): boolean {
  if (!/^\d{8,14}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let index = 0; index < body.length; index += 1) {
    // Weights 3, 1, 3 … counted from the digit next to the check digit.
    const weight = (body.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(body[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** A UPC-E code (8 digits, number system 0 or 1) as the UPC-A it abbreviates. */
export function expandUpcE(upcE: string): string | null {
  if (!/^[01]\d{7}$/.test(upcE)) return null;
  const [ns, d1, d2, d3, d4, d5, d6, check] = upcE.split('') as string[];
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return `${ns}${body}${check}`;
}

/** Whether a decoded retail barcode's check digit holds (Code 128 carries its own checksum). */
export function barcodeValid(value: string, format: BarcodeFormatName): boolean {
  switch (format) {
    case 'EAN_13':
      return value.length === 13 && gs1CheckDigitValid(value);
    case 'UPC_A':
      return value.length === 12 && gs1CheckDigitValid(value);
    case 'EAN_8':
      return value.length === 8 && gs1CheckDigitValid(value);
    case 'UPC_E': {
      const expanded = expandUpcE(value);
      return expanded !== null && gs1CheckDigitValid(expanded);
    }
    case 'CODE_128':
      return value.length > 0;
  }
}

/** A size printed on a label: waist and length, a letter size, or a European size. */
const SIZE_PATTERNS: readonly { pattern: RegExp; format: (m: RegExpExecArray) => string }[] = [
  {
    pattern: /\bW\s?(\d{2})\s*[/xX×]?\s*L\s?(\d{2})\b/,
    format: (m) => `W${m[1]} L${m[2]}`,
  },
  {
    pattern: /\b(EU|UK|US|IT|FR)\s?(\d{1,2}(?:[.,]5)?)\b/,
    format: (m) => `${m[1]} ${m[2]!.replace(',', '.')}`,
  },
  {
    pattern: /\bSIZE\s*[:.]?\s*(XXS|XS|S|M|L|XL|XXL|XXXL|\d{1,2}XL|\d{1,2})\b/i,
    format: (m) => m[1]!.toUpperCase(),
  },
  {
    // A letter size alone on its line (a size tag): nothing else read on it.
    pattern: /^\s*(XXS|XS|S|M|L|XL|XXL|XXXL|\dXL)\s*$/,
    format: (m) => m[1]!,
  },
];

export function sizeIn(line: string): string | null {
  for (const { pattern, format } of SIZE_PATTERNS) {
    const match = pattern.exec(line);
    if (match) return format(match);
  }
  return null;
}

const MATERIALS = [
  'cotton',
  'polyester',
  'wool',
  'merino wool',
  'cashmere',
  'silk',
  'linen',
  'viscose',
  'rayon',
  'nylon',
  'polyamide',
  'elastane',
  'spandex',
  'acrylic',
  'leather',
  'lyocell',
  'modal',
  'alpaca',
  'mohair',
  'hemp',
] as const;

/** "100% cotton", "60% COTTON 40% POLYESTER": each share and material, as printed. */
export function materialsIn(line: string): { percent: number; material: string }[] {
  const found: { percent: number; material: string }[] = [];
  const pattern = /(\d{1,3})\s?%\s*([A-Za-z][A-Za-z ]{1,20})/g;
  for (const match of line.matchAll(pattern)) {
    const percent = Number(match[1]);
    const words = match[2]!.trim().toLowerCase();
    const material = [...MATERIALS]
      .sort((a, b) => b.length - a.length)
      .find((name) => words === name || words.startsWith(`${name} `) || words.startsWith(name));
    if (material && percent > 0 && percent <= 100) found.push({ percent, material });
  }
  return found;
}

/** "100% cotton" / "60% cotton, 40% polyester", as the material suggestion is written. */
export function materialText(parts: readonly { percent: number; material: string }[]): string {
  return parts.map((part) => `${part.percent}% ${part.material}`).join(', ');
}

function normalised(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The brands of `known` printed on a line: a brand matches when its words appear in the line as
 * whole words, ignoring case, accents and punctuation ("LEVI STRAUSS & CO." has "Levi Strauss").
 * Brands of fewer than three letters are left out: two letters match too much printed text.
 */
export function brandsIn(line: string, known: readonly string[]): string[] {
  const text = ` ${normalised(line)} `;
  const found: string[] = [];
  for (const brand of known) {
    const words = normalised(brand);
    if (words.replace(/ /g, '').length < 3) continue;
    if (text.includes(` ${words} `) && !found.includes(brand)) found.push(brand);
  }
  return found;
}
