import { MAX_IMAGE_PIXELS } from '@listloop/domain';
import sharp from 'sharp';

/** The longer side of the copy a vision model is sent. */
export const VISION_MAX_SIDE = 1024;

/**
 * The copy of a photo a vision model sees: upright, at most 1,024 px on its longer side, JPEG.
 * Enough to read a label or a logo, a small part of a phone photo's bytes, and well under what
 * the OpenAI-style APIs take per picture.
 */
export async function visionCopy(bytes: Buffer): Promise<{ mimeType: string; bytes: Buffer }> {
  const copy = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({
      width: VISION_MAX_SIDE,
      height: VISION_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { mimeType: 'image/jpeg', bytes: copy };
}
