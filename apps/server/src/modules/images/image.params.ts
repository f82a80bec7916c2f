/**
 * The image host's query parameters (spec §7: width, height, fit=bounds, bg-color, canvas),
 * read the way the Fastly Image Optimizer reads them:
 * - width or height alone scales in proportion; images are never enlarged.
 * - fit needs both width and height: bounds fits inside the box, cover covers it (one side may
 *   be larger, nothing is cut), crop fills it exactly and cuts the overflow centrally. Without
 *   fit, both dimensions fill the box exactly, cut centrally (sharp's "cover").
 * - bg-color (3 or 6 hex digits, "r,g,b" or "r,g,b,a") fills transparent pixels and padding.
 * - canvas=W,H (pixels) or W:H (a ratio), optionally followed by x{px},y{px} or
 *   offset-x{%},offset-y{%}: the resized image is placed, centred by default, on a canvas of
 *   that size filled with bg-color; a canvas smaller than the image cuts it.
 * Percentages of width/height (0.5, 50p) are not supported. Sizes are capped at 4000 px.
 */

export const IMAGE_MAX_DIMENSION = 4000;

export type ImageFit = 'bounds' | 'cover' | 'crop';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

export interface CanvasParam {
  size:
    | { kind: 'pixels'; width: number; height: number }
    | { kind: 'ratio'; width: number; height: number };
  /** Left/top in pixels, or the share (0..1) of the leftover space before the image. */
  x: { kind: 'pixels'; value: number } | { kind: 'offset'; value: number };
  y: { kind: 'pixels'; value: number } | { kind: 'offset'; value: number };
}

export interface ImageParams {
  width?: number;
  height?: number;
  fit?: ImageFit;
  bgColor?: Rgba;
  canvas?: CanvasParam;
}

export class ImageParamError extends Error {}

const FITS: readonly ImageFit[] = ['bounds', 'cover', 'crop'];

function single(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ImageParamError(`${name} must be given once.`);
  return value;
}

function pixels(name: string, value: string): number {
  if (!/^\d{1,6}$/.test(value)) {
    throw new ImageParamError(
      `${name} must be a whole number of pixels from 1 to ${IMAGE_MAX_DIMENSION}.`,
    );
  }
  const n = Number(value);
  if (n < 1 || n > IMAGE_MAX_DIMENSION) {
    throw new ImageParamError(
      `${name} must be a whole number of pixels from 1 to ${IMAGE_MAX_DIMENSION}.`,
    );
  }
  return n;
}

export function parseColor(value: string): Rgba {
  const hex = value.replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) {
    const [r, g, b] = [...hex].map((c) => parseInt(c + c, 16)) as [number, number, number];
    return { r, g, b, alpha: 1 };
  }
  if (/^[0-9a-f]{6}$/i.test(hex)) {
    return {
      r: parseInt(hex.slice(0, 2), 16),
      g: parseInt(hex.slice(2, 4), 16),
      b: parseInt(hex.slice(4, 6), 16),
      alpha: 1,
    };
  }
  const parts = value.split(',');
  if (parts.length === 3 || parts.length === 4) {
    const [r, g, b] = parts.slice(0, 3).map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
    const alpha =
      parts.length === 4 && /^(0|1|0?\.\d+|1\.0+)$/.test(parts[3]!)
        ? Number(parts[3])
        : parts.length === 3
          ? 1
          : NaN;
    if ([r, g, b].every((c) => c !== undefined && c >= 0 && c <= 255) && !Number.isNaN(alpha)) {
      return { r: r!, g: g!, b: b!, alpha };
    }
  }
  throw new ImageParamError(
    'bg-color must be 3 or 6 hex digits (ffffff), or r,g,b or r,g,b,a with 0-255 and an alpha from 0 to 1.',
  );
}

const CANVAS_HELP =
  'canvas must be width,height in pixels (800,800) or a ratio (1:1), optionally followed by x{px},y{px} or offset-x{%},offset-y{%}.';

function parseCanvas(value: string): CanvasParam {
  const parts = value.split(',');
  let size: CanvasParam['size'];
  let rest: string[];
  const ratio = /^(\d{1,4}(?:\.\d{1,4})?):(\d{1,4}(?:\.\d{1,4})?)$/.exec(parts[0] ?? '');
  if (ratio) {
    const width = Number(ratio[1]);
    const height = Number(ratio[2]);
    if (!(width > 0 && height > 0)) throw new ImageParamError(CANVAS_HELP);
    size = { kind: 'ratio', width, height };
    rest = parts.slice(1);
  } else {
    if (parts.length < 2) throw new ImageParamError(CANVAS_HELP);
    try {
      size = {
        kind: 'pixels',
        width: pixels('canvas width', parts[0]!),
        height: pixels('canvas height', parts[1]!),
      };
    } catch (error) {
      if (error instanceof ImageParamError)
        throw new ImageParamError(`${error.message} ${CANVAS_HELP}`);
      throw error;
    }
    rest = parts.slice(2);
  }
  const canvas: CanvasParam = {
    size,
    x: { kind: 'offset', value: 0.5 },
    y: { kind: 'offset', value: 0.5 },
  };
  const seen = new Set<string>();
  for (const part of rest) {
    const match = /^(offset-x|offset-y|x|y)(\d{1,4}(?:\.\d+)?)$/.exec(part);
    if (!match || seen.has(match[1]!.slice(-1))) throw new ImageParamError(CANVAS_HELP);
    const axis = match[1]!.slice(-1) as 'x' | 'y';
    seen.add(axis);
    const n = Number(match[2]);
    if (match[1]!.startsWith('offset')) {
      if (n > 100) throw new ImageParamError(CANVAS_HELP);
      canvas[axis] = { kind: 'offset', value: n / 100 };
    } else {
      canvas[axis] = { kind: 'pixels', value: Math.round(n) };
    }
  }
  return canvas;
}

/** Reads the query; unknown parameters are ignored, as the image host ignores them. */
export function parseImageParams(query: Record<string, unknown>): ImageParams {
  const params: ImageParams = {};
  const width = single('width', query.width);
  const height = single('height', query.height);
  const fit = single('fit', query.fit);
  const bgColor = single('bg-color', query['bg-color']);
  const canvas = single('canvas', query.canvas);
  if (width !== undefined) params.width = pixels('width', width);
  if (height !== undefined) params.height = pixels('height', height);
  if (fit !== undefined) {
    if (!FITS.includes(fit as ImageFit)) {
      throw new ImageParamError(`fit must be one of ${FITS.join(', ')}.`);
    }
    params.fit = fit as ImageFit;
  }
  if (bgColor !== undefined) params.bgColor = parseColor(bgColor);
  if (canvas !== undefined) params.canvas = parseCanvas(canvas);
  return params;
}

export function hasTransform(params: ImageParams): boolean {
  return Object.values(params).some((value) => value !== undefined);
}

/** A stable text of the parameters, for cache keys and ETags. */
export function canonicalParams(params: ImageParams): string {
  const parts: string[] = [];
  if (params.width) parts.push(`w=${params.width}`);
  if (params.height) parts.push(`h=${params.height}`);
  if (params.fit && params.width && params.height) parts.push(`fit=${params.fit}`);
  if (params.bgColor) {
    const { r, g, b, alpha } = params.bgColor;
    parts.push(`bg=${r},${g},${b},${alpha}`);
  }
  if (params.canvas) {
    const { size, x, y } = params.canvas;
    parts.push(
      `canvas=${size.kind}:${size.width}x${size.height}@${x.kind}:${x.value},${y.kind}:${y.value}`,
    );
  }
  return parts.join('&');
}
