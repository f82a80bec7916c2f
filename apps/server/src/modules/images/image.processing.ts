import pLimit from 'p-limit';
import sharp from 'sharp';
import {
  IMAGE_LARGE_MAX,
  IMAGE_SMALL_SIZE,
  MAX_IMAGE_PIXELS,
  type AcceptedImageType,
} from '@listloop/domain';
import type { CanvasParam, ImageParams, Rgba } from './image.params';

/**
 * Stored pictures are decoded with the pixel cap: sharp reads the size from the header and
 * refuses a larger picture before it decodes a pixel (a 300 KB PNG can say 10000 × 10000).
 */
const DECODE: sharp.SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS };

/**
 * Pictures decoded at once in this process. A decode can hold its whole frame (turning a
 * photo upright needs all of it), so parallel uploads and renders wait for a turn instead of
 * adding their frames up.
 */
export const IMAGE_WORK_CONCURRENCY = 2;
const imageWork = pLimit(IMAGE_WORK_CONCURRENCY);

/** A stored picture over the pixel cap (one stored before the cap was lowered). */
export class ImageTooLargeError extends Error {
  constructor() {
    super(`The picture has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
    this.name = 'ImageTooLargeError';
  }
}

/** Runs one decode in its turn; sharp's pixel-limit refusal becomes ImageTooLargeError. */
async function decodeInTurn<T>(work: () => Promise<T>): Promise<T> {
  return imageWork(async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new ImageTooLargeError();
      }
      throw error;
    }
  });
}

export interface ProbedImage {
  mimeType: AcceptedImageType;
  /** Upright dimensions: an EXIF orientation of 5 to 8 swaps the stored width and height. */
  width: number;
  height: number;
}

/** The image's real type and size from its bytes, or null when it is not an image we take. */
export async function probeImage(input: Buffer | string): Promise<ProbedImage | null> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    return null;
  }
  const mimeType = mimeOfFormat(meta.format, meta.compression);
  if (!mimeType || !meta.width || !meta.height) return null;
  const swapped = (meta.orientation ?? 1) >= 5;
  return {
    mimeType,
    width: swapped ? meta.height : meta.width,
    height: swapped ? meta.width : meta.height,
  };
}

function mimeOfFormat(
  format: string | undefined,
  compression: string | undefined,
): AcceptedImageType | null {
  switch (format) {
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'webp':
      return 'image/webp';
    case 'gif':
      return 'image/gif';
    case 'heif':
      return compression === 'av1' ? 'image/avif' : null;
    default:
      return null;
  }
}

const JPEG = { quality: 82, progressive: true } as const;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/**
 * The large (inside 1600×1600, never enlarged) and small (150×150, cut to fill) JPEGs of a
 * photo: turned upright by its EXIF orientation, transparency flattened on white, every piece
 * of metadata (EXIF, GPS, ICC) dropped. The same input always gives the same bytes.
 */
export async function makeDerivative(input: Buffer, kind: 'large' | 'small'): Promise<Buffer> {
  return decodeInTurn(() => derive(input, kind));
}

function derive(input: Buffer, kind: 'large' | 'small'): Promise<Buffer> {
  const image = sharp(input, DECODE).rotate();
  if (kind === 'large') {
    image.resize({
      width: IMAGE_LARGE_MAX,
      height: IMAGE_LARGE_MAX,
      fit: 'inside',
      withoutEnlargement: true,
    });
  } else {
    image.resize({ width: IMAGE_SMALL_SIZE, height: IMAGE_SMALL_SIZE, fit: 'cover' });
  }
  return image.flatten({ background: WHITE }).jpeg(JPEG).toBuffer();
}

export type OutputFormat = 'jpeg' | 'png' | 'webp';

/** Served images keep a lossless or alpha-capable source format; everything else is JPEG. */
export function outputFormatFor(mimeType: string | null): OutputFormat {
  if (mimeType === 'image/png' || mimeType === 'image/gif') return 'png';
  if (mimeType === 'image/webp') return 'webp';
  return 'jpeg';
}

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

function placement(canvasSize: number, imageSize: number, axis: CanvasParam['x']): number {
  const leftover = canvasSize - imageSize;
  if (axis.kind === 'pixels') return axis.value;
  return Math.round(leftover * axis.value);
}

function canvasSize(canvas: CanvasParam, width: number, height: number) {
  if (canvas.size.kind === 'pixels')
    return { width: canvas.size.width, height: canvas.size.height };
  // The smallest canvas of the ratio that holds the whole image.
  const ratio = canvas.size.width / canvas.size.height;
  return width / height > ratio
    ? { width, height: Math.max(1, Math.round(width / ratio)) }
    : { width: Math.max(1, Math.round(height * ratio)), height };
}

/**
 * Renders a stored image for the image endpoint (see image.params.ts for what each parameter
 * means). The result is upright and carries no metadata.
 */
export async function renderImage(
  input: Buffer,
  params: ImageParams,
  format: OutputFormat,
): Promise<Buffer> {
  return decodeInTurn(() => render(input, params, format));
}

async function render(input: Buffer, params: ImageParams, format: OutputFormat): Promise<Buffer> {
  let image = sharp(input, DECODE).rotate();
  const { width, height } = params;
  if (width || height) {
    const both = Boolean(width && height);
    const fit = !both
      ? 'inside'
      : params.fit === 'bounds'
        ? 'inside'
        : params.fit === 'cover'
          ? 'outside'
          : 'cover';
    image = image.resize({
      ...(width ? { width } : {}),
      ...(height ? { height } : {}),
      fit,
      withoutEnlargement: true,
    });
  }
  const background: Rgba =
    params.bgColor ?? (format === 'jpeg' ? WHITE : { r: 255, g: 255, b: 255, alpha: 0 });

  if (params.canvas) {
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const size = canvasSize(params.canvas, info.width, info.height);
    let left = placement(size.width, info.width, params.canvas.x);
    let top = placement(size.height, info.height, params.canvas.y);
    let layer = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
    // The part of the image that falls outside the canvas is cut away.
    const cutLeft = Math.max(0, -left);
    const cutTop = Math.max(0, -top);
    const visibleWidth = Math.min(info.width - cutLeft, size.width - Math.max(0, left));
    const visibleHeight = Math.min(info.height - cutTop, size.height - Math.max(0, top));
    const composites: sharp.OverlayOptions[] = [];
    if (visibleWidth > 0 && visibleHeight > 0) {
      if (cutLeft || cutTop || visibleWidth < info.width || visibleHeight < info.height) {
        layer = layer.extract({
          left: cutLeft,
          top: cutTop,
          width: visibleWidth,
          height: visibleHeight,
        });
      }
      const pixels = await layer.raw().toBuffer({ resolveWithObject: true });
      left = Math.max(0, left);
      top = Math.max(0, top);
      composites.push({
        input: pixels.data,
        raw: { width: pixels.info.width, height: pixels.info.height, channels: 4 },
        left,
        top,
      });
    }
    // sharp flattens before it composites, so the canvas is rendered first and read back.
    const composed = await sharp({
      create: { width: size.width, height: size.height, channels: 4, background },
    })
      .composite(composites)
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = sharp(composed.data, {
      raw: { width: composed.info.width, height: composed.info.height, channels: 4 },
    });
  }

  if (format === 'jpeg' || (params.bgColor && params.bgColor.alpha === 1)) {
    image = image.flatten({ background: { ...background, alpha: 1 } });
  }
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality: 82 }).toBuffer();
  return image.jpeg(JPEG).toBuffer();
}
