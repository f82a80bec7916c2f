import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateDemoPhoto } from './demo-photos';

describe('demo photos', () => {
  it('draws a JPEG of the asked size, whatever characters the caption holds', async () => {
    const photo = await generateDemoPhoto({
      text: 'Levi’s 501 <vintage> & "rare" denim jacket, size M',
      hue: 210,
      width: 800,
      height: 600,
    });
    const meta = await sharp(photo).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
  });

  it('is square at 1200 px by default, and the same for the same input', async () => {
    const a = await generateDemoPhoto({ text: 'Wool scarf', hue: -30 });
    const b = await generateDemoPhoto({ text: 'Wool scarf', hue: 330 });
    expect(await sharp(a).metadata()).toMatchObject({ width: 1200, height: 1200 });
    expect(a.equals(b)).toBe(true);
  });
});
