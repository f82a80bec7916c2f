import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DEFAULT_COUNTRY,
  IMAGE_MIN_REQUESTED_WIDTH,
  isAcceptedImageType,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_UPLOAD_BYTES,
  type CountryCode,
  type StoredImage,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import {
  assertValidKey,
  StorageError,
  STORAGE_MESSAGES,
  type Storage,
} from '../../platform/storage/storage';
import type { UserService } from '../users';
import type { ImageCache } from './image.cache';
import type { ImageDerivatives } from './image.derivatives';
import {
  derivativeKeys,
  imageUrl,
  originalKey,
  parseImageKey,
  type ImageVariant,
} from './image.keys';
import {
  canonicalParams,
  hasTransform,
  ImageParamError,
  parseImageParams,
  type ImageParams,
} from './image.params';
import {
  CONTENT_TYPES,
  ImageTooLargeError,
  makeDerivative,
  outputFormatFor,
  probeImage,
  renderImage,
} from './image.processing';
import type { ImageRepository, ImageRow } from './image.repository';
import type { ImageUrlSigner } from './image.signing';

/** Whose inventory an image belongs to, and the country that picks its storage region. */
export interface ImageOwner {
  accountId: string;
  userId: string;
  countryCode: CountryCode;
}

/** Bumped when rendering changes, so cached renders and ETags of the old code are not reused. */
const RENDER_VERSION = 1;

const MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;

/** Why a picture is refused for its size, in numbers a person can act on. */
export function tooManyPixels(width: number, height: number): string {
  const megapixels = Math.round((width * height) / 100_000) / 10;
  return `This picture is ${width} × ${height} pixels (${megapixels} megapixels); ListLoop takes pictures of up to ${MEGAPIXELS} megapixels, such as 8000 × 6000. Make it smaller and upload it again.`;
}

export const STORED_TOO_LARGE = `This picture has more than ${MEGAPIXELS} megapixels, more than ListLoop shows. Remove it and upload a smaller one.`;

export const NOT_AN_IMAGE =
  'This file is not a picture ListLoop can read. Upload a JPEG, PNG, WebP, GIF or AVIF image.';

/** A photo of an item: an address (url, url_l, url_s, a listing's photo) or a storage key (_l, _s). */
export type PhotoRef = { path: string; url: string } | { path: string; key: string };

/**
 * Why a photo of an item cannot be saved: it names an image that is not one of the account's
 * (said the same way whether it belongs to another account or does not exist), or its address
 * is neither one of ours nor on the web.
 */
export interface PhotoIssue {
  path: string;
  kind: 'not-found' | 'invalid';
  message: string;
}

export const PHOTO_NOT_FOUND =
  'There is no such photo in this account. Upload the photo again and add it to the item.';
export const PHOTO_ADDRESS_INVALID =
  'A photo address must be a web address starting with http:// or https://.';

/** Web addresses only: no javascript:, data:, file: or relative addresses of other pages. */
function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** A photo read for analysis: its bytes, or why it cannot be read here. */
export type OwnedPhoto =
  | { kind: 'image'; bytes: Buffer; mimeType: string }
  | { kind: 'not-found' | 'elsewhere' | 'invalid' };

export type ServedImage =
  | { kind: 'not-modified'; etag: string }
  | {
      kind: 'image';
      etag: string;
      contentType: string;
      size: number;
      body: Readable | Buffer;
    };

export class ImageService {
  constructor(
    private readonly repository: ImageRepository,
    private readonly users: UserService,
    private readonly storage: Storage,
    private readonly derivatives: ImageDerivatives,
    private readonly cache: ImageCache,
    /** Queues the derivative job (images.derivatives). */
    private readonly enqueueDerivatives: (imageId: string) => Promise<void>,
    private readonly signer: ImageUrlSigner,
  ) {}

  /**
   * What keeps an item's photos from being saved in an account: every image of ours that a
   * photo names (by address or storage key) must be the account's, and every other address a
   * web address. One query for all the photos given (in `db`, the caller's transaction).
   */
  async photoIssues(
    accountId: string,
    photos: readonly PhotoRef[],
    db?: Db,
  ): Promise<PhotoIssue[]> {
    const issues: PhotoIssue[] = [];
    const named: { path: string; imageId: string }[] = [];
    for (const photo of photos) {
      if ('key' in photo) {
        const image = parseImageKey(photo.key);
        if (image) named.push({ path: photo.path, imageId: image.imageId });
        continue;
      }
      if (photo.url === '') continue;
      const image = this.signer.imageOf(photo.url);
      if (image) named.push({ path: photo.path, imageId: image.imageId });
      else if (!isWebAddress(photo.url)) {
        issues.push({ path: photo.path, kind: 'invalid', message: PHOTO_ADDRESS_INVALID });
      }
    }
    const owned = await this.repository.ownedIds(
      accountId,
      [...new Set(named.map((n) => n.imageId))],
      db,
    );
    for (const { path, imageId } of named) {
      if (!owned.has(imageId)) issues.push({ path, kind: 'not-found', message: PHOTO_NOT_FOUND });
    }
    return issues;
  }

  /**
   * A listing's photos as a marketplace can fetch them: each of the account's images as its
   * signed address, each photo hosted elsewhere as it is, and null for an image of ours that
   * is not the account's, which is never signed.
   */
  async signPhotos(accountId: string, photos: readonly string[]): Promise<(string | null)[]> {
    const named = photos.map((photo) => this.signer.imageOf(photo));
    const owned = await this.repository.ownedIds(accountId, [
      ...new Set(named.flatMap((image) => (image ? [image.imageId] : []))),
    ]);
    return photos.map((photo, index) => {
      const image = named[index];
      if (!image) return photo;
      return owned.has(image.imageId) ? this.signer.sign(image.imageId, image.variant) : null;
    });
  }

  /**
   * The bytes of a photo named by address or storage key, to be read on this server (decision
   * 0032's ownership: the image's row has the account): the large version (at most 1600 px)
   * once it exists, else the original. An image of another account is `not-found`, as a
   * missing one is; a web address elsewhere is `elsewhere` (never fetched here).
   */
  async readOwnedPhoto(accountId: string, photo: string): Promise<OwnedPhoto> {
    const named = parseImageKey(photo) ?? this.signer.imageOf(photo);
    if (!named) return { kind: isWebAddress(photo) ? 'elsewhere' : 'invalid' };
    const row = await this.repository.findById(accountId, named.imageId);
    if (!row) return { kind: 'not-found' };
    const { largeKey } = derivativeKeys(row.storageKey);
    const large = await this.storage.stat(largeKey);
    if (large)
      return {
        kind: 'image',
        bytes: await this.storage.readBuffer(largeKey),
        mimeType: 'image/jpeg',
      };
    const original = await this.storage.stat(row.storageKey);
    if (!original) return { kind: 'not-found' };
    return {
      kind: 'image',
      bytes: await this.storage.readBuffer(row.storageKey),
      mimeType: row.mimeType,
    };
  }

  /** The owner of what a signed-in member uploads: their account, and their country. */
  async ownerOf(caller: { accountId: string; userId: string }): Promise<ImageOwner> {
    const details = await this.users.findDetails(caller.userId);
    return { ...caller, countryCode: details?.countryCode ?? DEFAULT_COUNTRY };
  }

  /**
   * Stores a picture for a user (the demo seed, tests, imports): checks it is an image, writes
   * the original, records it and makes its derivatives, inline by default.
   */
  async storeImage(
    owner: ImageOwner,
    bytes: Buffer,
    mimeType: string,
    options: {
      derivatives?: 'inline' | 'queue';
      /** A stable id makes storing the same picture again answer the first one (imports). */
      imageId?: string;
    } = {},
  ): Promise<StoredImage> {
    if (!isAcceptedImageType(mimeType)) throw new AppError(415, 'request/invalid', NOT_AN_IMAGE);
    if (options.imageId) {
      const existing = await this.repository.findById(owner.accountId, options.imageId);
      if (existing) return this.toStored(existing);
    }
    return this.store(
      owner,
      { imageId: options.imageId ?? newId(), source: bytes, size: bytes.length },
      options,
    );
  }

  /** A finished tus upload becomes the image of the same id (idempotent for one upload). */
  async storeUpload(
    owner: ImageOwner,
    upload: { imageId: string; file: string; size: number },
  ): Promise<StoredImage> {
    const existing = await this.repository.findById(owner.accountId, upload.imageId);
    if (existing) return this.toStored(existing);
    return this.store(
      owner,
      { imageId: upload.imageId, source: upload.file, size: upload.size },
      { derivatives: 'queue' },
    );
  }

  private async store(
    owner: ImageOwner,
    input: { imageId: string; source: Buffer | string; size: number },
    options: { derivatives?: 'inline' | 'queue' },
  ): Promise<StoredImage> {
    if (input.size > MAX_IMAGE_UPLOAD_BYTES) {
      throw new AppError(413, 'request/invalid', 'A picture can be at most 25 MB.');
    }
    const probed = await probeImage(input.source);
    if (!probed) throw new AppError(415, 'request/invalid', NOT_AN_IMAGE);
    // Judged from the header alone: a picture over the cap is never decoded.
    if (probed.width * probed.height > MAX_IMAGE_PIXELS) {
      throw new AppError(413, 'request/invalid', tooManyPixels(probed.width, probed.height));
    }
    const storageKey = originalKey({
      countryCode: owner.countryCode,
      userId: owner.userId,
      imageId: input.imageId,
      mimeType: probed.mimeType,
    });
    await this.storage.put(
      storageKey,
      typeof input.source === 'string' ? createReadStream(input.source) : input.source,
      { contentType: probed.mimeType },
    );
    const { row, created } = await this.repository.insertOnce({
      id: input.imageId,
      accountId: owner.accountId,
      userId: owner.userId,
      storageKey,
      mimeType: probed.mimeType,
      byteSize: input.size,
      width: probed.width,
      height: probed.height,
      originalMaxDimension: Math.max(probed.width, probed.height),
      status: 'processing',
    });
    if (!created) return this.toStored(row);
    if ((options.derivatives ?? 'inline') === 'inline') {
      await this.derivatives.run(row.id);
      const ready = await this.repository.findById(owner.accountId, row.id);
      return this.toStored(ready ?? row);
    }
    await this.enqueueDerivatives(row.id);
    return this.toStored(row);
  }

  /**
   * The image of ours an address or storage key names (decision 0032: an image address, a
   * signed address or a storage key), or null when it names none. Whose it is is not checked.
   */
  imageIdOf(reference: string): string | null {
    const byKey = parseImageKey(reference);
    if (byKey) return byKey.imageId;
    return this.signer.imageOf(reference)?.imageId ?? null;
  }

  /** The original bytes of one of the account's images, as stored; another account's is not found. */
  async readOriginal(
    ctx: { accountId: string },
    imageId: string,
  ): Promise<{ bytes: Buffer; mimeType: string }> {
    const row = await this.repository.findById(ctx.accountId, imageId);
    if (!row) throw notFound('No image with this id.');
    return { bytes: await this.storage.readBuffer(row.storageKey), mimeType: row.mimeType };
  }

  async findOne(ctx: { accountId: string }, imageId: string): Promise<StoredImage> {
    const row = await this.repository.findById(ctx.accountId, imageId);
    if (!row) throw notFound('No image with this id.');
    return this.toStored(row);
  }

  /**
   * Spec §3 Image. url, url_l and url_s are image-endpoint addresses (the large and small ones
   * answer from the original until their files exist); _l and _s are their storage keys.
   */
  toStored(row: ImageRow): StoredImage {
    const keys = derivativeKeys(row.storageKey);
    return {
      image: {
        id: row.id,
        url: imageUrl(row.storageKey),
        url_l: imageUrl(keys.largeKey),
        url_s: imageUrl(keys.smallKey),
        _l: keys.largeKey,
        _s: keys.smallKey,
        version: 3,
        originalMaxDimension: row.originalMaxDimension ?? 0,
      },
      status: row.status,
      failureReason: row.failureReason,
      width: row.width,
      height: row.height,
    };
  }

  /**
   * A variant of an image, as stored, for a signed public address (image.signing.ts): the
   * route has checked the signature, which is the only authority here. A deleted image is not
   * found.
   */
  async servePublic(
    imageId: string,
    variant: ImageVariant,
    ifNoneMatch: string | undefined,
  ): Promise<ServedImage> {
    const row = await this.repository.findForSignedUrl(imageId);
    if (!row) throw notFound('No image at this address.');
    const keys = derivativeKeys(row.storageKey);
    const key =
      variant === 'large' ? keys.largeKey : variant === 'small' ? keys.smallKey : row.storageKey;
    return this.serve({ accountId: row.accountId }, key, {}, ifNoneMatch);
  }

  /**
   * One stored image of the caller's account, rendered for the query (image.params.ts).
   * Another account's image, or a key that names no image, is not found.
   */
  async serve(
    ctx: { accountId: string },
    key: string,
    query: Record<string, unknown>,
    ifNoneMatch: string | undefined,
  ): Promise<ServedImage> {
    assertValidKey(key);
    let params: ImageParams;
    try {
      params = parseImageParams(query);
    } catch (error) {
      if (error instanceof ImageParamError) throw badRequest(error.message);
      throw error;
    }
    const named = parseImageKey(key);
    const row = named ? await this.repository.findById(ctx.accountId, named.imageId) : null;
    if (!named || !row) throw notFound('No image at this address.');
    const keys = derivativeKeys(row.storageKey);
    const expected =
      named.variant === 'large'
        ? keys.largeKey
        : named.variant === 'small'
          ? keys.smallKey
          : row.storageKey;
    if (key !== expected) throw notFound('No image at this address.');

    // Spec §7: a width asked of the large image is never below 800 px.
    if (named.variant === 'large' && params.width) {
      params = { ...params, width: Math.max(params.width, IMAGE_MIN_REQUESTED_WIDTH) };
    }

    const derivative = named.variant === 'original' ? null : await this.storage.stat(key);
    const source = derivative ?? (await this.storage.stat(row.storageKey));
    if (!source) throw new StorageError('no-download-url', STORAGE_MESSAGES['no-download-url']);
    const pendingDerivative = named.variant !== 'original' && !derivative;

    const hash = crypto
      .createHash('sha256')
      .update(
        [
          RENDER_VERSION,
          key,
          canonicalParams(params),
          source.key,
          source.updatedAt.getTime(),
          source.size,
        ].join('\n'),
      )
      .digest('hex');
    const etag = `"${hash.slice(0, 40)}"`;
    if (matchesEtag(ifNoneMatch, etag)) return { kind: 'not-modified', etag };

    // A finished derivative asked for as it is: its bytes, straight from storage.
    if (derivative && !hasTransform(params)) {
      return {
        kind: 'image',
        etag,
        contentType: derivative.contentType ?? 'image/jpeg',
        size: derivative.size,
        body: await this.storage.read(key),
      };
    }

    // Originals always pass through sharp: upright, and without the camera's EXIF (GPS).
    const format = named.variant === 'original' ? outputFormatFor(row.mimeType) : 'jpeg';
    const contentType = CONTENT_TYPES[format];
    const cached = await this.cache.find(hash, format);
    if (cached) {
      return {
        kind: 'image',
        etag,
        contentType,
        size: cached.size,
        body: createReadStream(cached.file),
      };
    }
    let rendered: Buffer;
    try {
      let input = await this.storage.readBuffer(source.key);
      if (pendingDerivative) {
        input = await makeDerivative(input, named.variant === 'small' ? 'small' : 'large');
      }
      rendered = await renderImage(input, params, format);
    } catch (error) {
      if (error instanceof ImageTooLargeError) {
        throw new AppError(422, 'request/invalid', STORED_TOO_LARGE);
      }
      throw error;
    }
    await this.cache.store(hash, format, rendered);
    return { kind: 'image', etag, contentType, size: rendered.length, body: rendered };
  }
}

/** If-None-Match holds "*" or a list of (possibly weak) tags. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
