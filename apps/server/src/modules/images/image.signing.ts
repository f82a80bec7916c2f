import crypto from 'node:crypto';
import { IMAGE_URL_PREFIX, parseImageKey, type ImageVariant } from './image.keys';

/** Where a signed image is served to anyone holding its address (a marketplace fetching it). */
export const SIGNED_IMAGE_PREFIX = '/api/images/public/';

export const SIGNED_IMAGE_VARIANTS = ['original', 'large', 'small'] as const;

/**
 * How long a signed address works. Marketplaces fetch a listing's photos while publishing
 * (Shopify and eBay copy them to their own hosts; Etsy's connector uploads the bytes), and every
 * publish or update signs afresh, so a week is ample and keeps a leaked address short-lived.
 */
export const SIGNED_IMAGE_TTL_SECONDS = 7 * 86_400;

/**
 * Expiries are rounded up to the next whole day, so the same photo signed twice on one day has
 * one address: a marketplace that compares picture URLs between updates sees no change.
 */
const EXPIRY_STEP_SECONDS = 86_400;

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** The key image addresses are signed with: its own, derived from the server's auth secret. */
export function imageSigningKey(authSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, 'listloop', 'signed image urls v1', 32));
}

/**
 * Signed, expiring image addresses: `/api/images/public/<imageId>/<variant>?exp=<epoch s>&sig=`
 * with an HMAC-SHA256 (base64url) of the path and the expiry. Absolute under `baseUrl`
 * (PUBLIC_URL, or the server's own address when none is set).
 */
export class ImageUrlSigner {
  private readonly baseUrl: string;
  private readonly ttlSeconds: number;
  private readonly now: () => number;

  constructor(
    private readonly key: Buffer,
    baseUrl: string,
    options: { ttlSeconds?: number; now?: () => number } = {},
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.ttlSeconds = options.ttlSeconds ?? SIGNED_IMAGE_TTL_SECONDS;
    this.now = options.now ?? Date.now;
  }

  /** The path a variant of an image is served at publicly (without the signature). */
  static pathOf(imageId: string, variant: ImageVariant): string {
    return `${SIGNED_IMAGE_PREFIX}${encodeURIComponent(imageId)}/${variant}`;
  }

  /** The absolute signed address of a variant of an image. */
  sign(imageId: string, variant: ImageVariant): string {
    const nowSeconds = Math.floor(this.now() / 1000);
    const exp =
      Math.ceil((nowSeconds + this.ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const path = ImageUrlSigner.pathOf(imageId, variant);
    return `${this.baseUrl}${path}?exp=${exp}&sig=${this.signature(path, exp)}`;
  }

  /**
   * The image and variant one of our image addresses names: a member's address
   * (`/api/images/<key>`) or a signed one (`/api/images/public/<id>/<variant>`), as a path or
   * under this server's address, any query dropped. Null for anything else (a photo hosted
   * elsewhere, or not an address at all).
   */
  imageOf(url: string): { imageId: string; variant: ImageVariant } | null {
    const path = this.ownPathOf(url);
    if (!path || !path.startsWith(IMAGE_URL_PREFIX)) return null;
    let rest: string;
    try {
      rest = decodeURIComponent(path.slice(IMAGE_URL_PREFIX.length));
    } catch {
      return null;
    }
    const signed = /^public\/([^/]+)\/([a-z]+)$/.exec(rest);
    if (signed) {
      const variant = signed[2]!;
      return (SIGNED_IMAGE_VARIANTS as readonly string[]).includes(variant)
        ? { imageId: signed[1]!, variant: variant as ImageVariant }
        : null;
    }
    return parseImageKey(rest);
  }

  /** Whether `sig` signs this image variant until `exp`, and `exp` is still ahead. */
  check(
    imageId: string,
    variant: string,
    exp: string | undefined,
    sig: string | undefined,
  ): SignatureCheck {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) {
      return 'invalid';
    }
    if (!(SIGNED_IMAGE_VARIANTS as readonly string[]).includes(variant)) return 'invalid';
    const expected = Buffer.from(
      this.signature(ImageUrlSigner.pathOf(imageId, variant as ImageVariant), Number(exp)),
    );
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return 'invalid';
    }
    return Number(exp) * 1000 <= this.now() ? 'expired' : 'valid';
  }

  /** The path of a relative URL or of an absolute one on this server; null otherwise. */
  private ownPathOf(url: string): string | null {
    if (url.startsWith('/') && !url.startsWith('//')) return url.split(/[?#]/)[0] ?? null;
    try {
      const parsed = new URL(url);
      return parsed.origin === new URL(this.baseUrl).origin ? parsed.pathname : null;
    } catch {
      return null;
    }
  }

  private signature(path: string, exp: number): string {
    return crypto.createHmac('sha256', this.key).update(`${path}\n${exp}`).digest('base64url');
  }
}
