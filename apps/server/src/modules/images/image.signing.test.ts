import { describe, expect, it } from 'vitest';
import { ImageUrlSigner, imageSigningKey, SIGNED_IMAGE_PREFIX } from './image.signing';

const KEY = imageSigningKey('a'.repeat(48));
const BASE = 'https://app.listloop.test';
const NOW = Date.UTC(2025, 5, 10, 13, 30);
const ID = 'A'.repeat(24);
const OTHER = 'B'.repeat(24);

function parts(url: string) {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    exp: parsed.searchParams.get('exp') ?? undefined,
    sig: parsed.searchParams.get('sig') ?? undefined,
  };
}

describe('signed image addresses', () => {
  const signer = new ImageUrlSigner(KEY, `${BASE}/`, { now: () => NOW });

  it('signs an absolute address under the base, expiring a whole day after a week', () => {
    const url = signer.sign(ID, 'large');
    const { path, exp, sig } = parts(url);
    expect(url.startsWith(`${BASE}${SIGNED_IMAGE_PREFIX}${ID}/large?exp=`)).toBe(true);
    expect(path).toBe(`/api/images/public/${ID}/large`);
    expect(Number(exp) % 86_400).toBe(0);
    expect(Number(exp) * 1000 - NOW).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(Number(exp) * 1000 - NOW).toBeLessThan(8 * 86_400_000);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Signed again the same day: the same address.
    expect(new ImageUrlSigner(KEY, BASE, { now: () => NOW + 3_600_000 }).sign(ID, 'large')).toBe(
      url,
    );
  });

  it('accepts its own signature and refuses a changed one, another image or variant, another key', () => {
    const { exp, sig } = parts(signer.sign(ID, 'large'));
    expect(signer.check(ID, 'large', exp, sig)).toBe('valid');
    expect(signer.check(OTHER, 'large', exp, sig)).toBe('invalid');
    expect(signer.check(ID, 'small', exp, sig)).toBe('invalid');
    expect(signer.check(ID, 'large', String(Number(exp) + 86_400), sig)).toBe('invalid');
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.check(ID, 'large', exp, flipped)).toBe('invalid');
    expect(signer.check(ID, 'large', exp, undefined)).toBe('invalid');
    expect(signer.check(ID, 'large', undefined, sig)).toBe('invalid');
    expect(signer.check(ID, 'large', 'soon', sig)).toBe('invalid');
    expect(signer.check(ID, 'large', exp, `${sig}x`)).toBe('invalid');
    expect(signer.check(ID, 'huge', exp, sig)).toBe('invalid');
    const otherKey = new ImageUrlSigner(imageSigningKey('b'.repeat(48)), BASE, { now: () => NOW });
    expect(otherKey.check(ID, 'large', exp, sig)).toBe('invalid');
  });

  it('says an address whose expiry has passed is expired', () => {
    const { exp, sig } = parts(signer.sign(ID, 'small'));
    const later = new ImageUrlSigner(KEY, BASE, { now: () => Number(exp) * 1000 });
    expect(later.check(ID, 'small', exp, sig)).toBe('expired');
  });

  it('names the image and variant of our addresses, and nothing for photos hosted elsewhere', () => {
    expect(signer.imageOf(`/api/images/images/user-1/${ID}_l.jpeg`)).toEqual({
      imageId: ID,
      variant: 'large',
    });
    expect(signer.imageOf(`${BASE}/api/images/images/user-1/${ID}_s.jpeg`)).toEqual({
      imageId: ID,
      variant: 'small',
    });
    expect(signer.imageOf(`/api/images/eu/images/u/${ID}.png?width=800`)).toEqual({
      imageId: ID,
      variant: 'original',
    });
    // A signed address names its image too: pasting one into an item is using that image.
    expect(signer.imageOf(signer.sign(OTHER, 'large'))).toEqual({
      imageId: OTHER,
      variant: 'large',
    });
    for (const elsewhere of [
      'https://images.example.test/1.jpg',
      `https://elsewhere.test/api/images/images/user-1/${ID}_l.jpeg`,
      `//elsewhere.test/api/images/images/user-1/${ID}_l.jpeg`,
      '/api/images/not-an-image-key',
      `/api/images/public/${ID}/huge`,
      'not a url',
    ]) {
      expect(signer.imageOf(elsewhere)).toBeNull();
    }
  });
});
