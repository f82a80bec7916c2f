import { describe, expect, it } from 'vitest';
import { derivativeKeys, imageUrl, originalKey, parseImageKey } from './image.keys';

const ID = 'A'.repeat(24);

describe('image storage keys (spec §3)', () => {
  it('stores images/{userID}/{uniqueId}.{ext}, under eu/ outside the US', () => {
    const input = { userId: 'user1', imageId: ID, mimeType: 'image/png' };
    expect(originalKey({ ...input, countryCode: 'US' })).toBe(`images/user1/${ID}.png`);
    expect(originalKey({ ...input, countryCode: 'UK' })).toBe(`eu/images/user1/${ID}.png`);
    expect(originalKey({ ...input, countryCode: 'IT', mimeType: '' })).toBe(
      `eu/images/user1/${ID}.jpeg`,
    );
  });

  it('keeps the large and small JPEGs next to the original', () => {
    expect(derivativeKeys(`eu/images/u/${ID}.png`)).toEqual({
      largeKey: `eu/images/u/${ID}_l.jpeg`,
      smallKey: `eu/images/u/${ID}_s.jpeg`,
    });
  });

  it('reads the image id and variant back from a key', () => {
    expect(parseImageKey(`images/u/${ID}.webp`)).toEqual({ imageId: ID, variant: 'original' });
    expect(parseImageKey(`eu/images/u/${ID}_l.jpeg`)).toEqual({ imageId: ID, variant: 'large' });
    expect(parseImageKey(`images/u/${ID}_s.jpeg`)).toEqual({ imageId: ID, variant: 'small' });
    for (const key of ['images/u/short.jpeg', `files/u/${ID}.jpeg`, `images/${ID}.jpeg`, '*']) {
      expect(parseImageKey(key), key).toBeNull();
    }
  });

  it('addresses a key at the image endpoint', () => {
    expect(imageUrl(`images/u/${ID}.jpeg`)).toBe(`/api/images/images/u/${ID}.jpeg`);
  });
});
