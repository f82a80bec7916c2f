import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '@listloop/domain';
import { makeJpeg } from '../../../test/images';
import {
  IMAGE_WORK_CONCURRENCY,
  ImageTooLargeError,
  makeDerivative,
  renderImage,
} from './image.processing';

/** A single-colour PNG: a few hundred kilobytes however many pixels it claims. */
function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

describe('image processing: the pixel cap and the number of decodes at once', () => {
  it('refuses to decode a picture over the cap, from its header, before reading its pixels', async () => {
    const bomb = await flatPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = sharp.counters();
    await expect(renderImage(bomb, {}, 'png')).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(makeDerivative(bomb, 'large')).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(sharp.counters().process).toBe(before.process);
    // Just over the cap is refused too; the cap is what a listing photo needs, not 100 MP.
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS + 1));
    await expect(renderImage(await flatPng(side, side), {}, 'png')).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
  }, 60_000);

  it(`decodes at most ${IMAGE_WORK_CONCURRENCY} pictures at once, however many are asked for`, async () => {
    const photo = await makeJpeg({ width: 2400, height: 1800 });
    let most = 0;
    const sample = setInterval(() => {
      most = Math.max(most, sharp.counters().process + sharp.counters().queue);
    }, 1);
    try {
      const renders = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          index % 2 === 0
            ? renderImage(photo, { width: 1200 + index }, 'jpeg')
            : makeDerivative(photo, 'large'),
        ),
      );
      expect(renders.every((bytes) => bytes.length > 1000)).toBe(true);
    } finally {
      clearInterval(sample);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(IMAGE_WORK_CONCURRENCY);
  }, 60_000);
});
