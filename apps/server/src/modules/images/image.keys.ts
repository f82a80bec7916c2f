import { extensionForMime, storagePrefixForCountry, type CountryCode } from '@listloop/domain';

/** Where the image endpoint serves a stored key. */
export const IMAGE_URL_PREFIX = '/api/images/';

/**
 * Spec §3: images/{userID}/{uniqueId}.{ext}, the extension from the MIME subtype (jpeg by
 * default), under a region prefix outside the US. The unique id is the image's row id.
 */
export function originalKey(input: {
  countryCode: CountryCode;
  userId: string;
  imageId: string;
  mimeType: string;
}): string {
  const prefix = storagePrefixForCountry(input.countryCode);
  return `${prefix}images/${input.userId}/${input.imageId}.${extensionForMime(input.mimeType)}`;
}

/** The large and small JPEGs live next to the original: {uniqueId}_l.jpeg and _s.jpeg. */
export function derivativeKeys(storageKey: string): { largeKey: string; smallKey: string } {
  const base = storageKey.replace(/\.[^./]+$/, '');
  return { largeKey: `${base}_l.jpeg`, smallKey: `${base}_s.jpeg` };
}

export type ImageVariant = 'original' | 'large' | 'small';

const KEY = /^(?:[a-z]{2,8}\/)?images\/[^/]+\/([A-Za-z0-9]{20,64})(?:_(l|s))?\.[a-z0-9.-]{1,10}$/;

/** The image id and variant a key names, or null when it is not an image key. */
export function parseImageKey(key: string): { imageId: string; variant: ImageVariant } | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const variant = match[2] === 'l' ? 'large' : match[2] === 's' ? 'small' : 'original';
  return { imageId: match[1]!, variant };
}

export function imageUrl(key: string): string {
  return IMAGE_URL_PREFIX + key.split('/').map(encodeURIComponent).join('/');
}
