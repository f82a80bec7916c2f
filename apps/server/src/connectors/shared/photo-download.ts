import { MAX_IMAGE_UPLOAD_BYTES } from '@listloop/domain';
import { ConnectorError, type ConnectorPhoto } from '../contract';
import {
  createGuardedFetcher,
  GuardedFetchError,
  type GuardedFetcher,
  type GuardedResponse,
} from '../../platform/net/guarded-fetch';

/**
 * How a connector downloads photos whose addresses came from outside: the server's guarded
 * fetcher, injected by the composition root. A marketplace folder names it through here, never
 * the platform.
 */
export type PhotoFetcher = GuardedFetcher;

/** A fetcher of public internet addresses only, for a connector built without one (tests). */
export function publicPhotoFetcher(): PhotoFetcher {
  return createGuardedFetcher();
}

export interface PhotoDownloadOptions {
  /** The server's one fetcher for addresses from outside. */
  fetcher: PhotoFetcher;
  /** Which photo, for the seller's message: "a photo from eBay", "photo 2 for Etsy". */
  photo: string;
  timeoutMs?: number;
  /** The most a photo may weigh; ListLoop's own upload limit by default. */
  maxBytes?: number;
}

/** How long a photo may take, redirects and body included, unless the caller says. */
const PHOTO_TIMEOUT_MS = 60_000;

/** What the seller reads when the guard stops a download. */
function refusalDetail(error: GuardedFetchError, url: string, maxBytes: number): string {
  switch (error.reason) {
    case 'too-large':
      return `it is larger than ${Math.floor(maxBytes / (1024 * 1024)) || 1} MB`;
    case 'private-address':
      return `${error.host} is a private network address, and ListLoop downloads photos only from the public internet`;
    case 'protocol':
      return `"${url}" is not a web address`;
    default:
      return error.message.replace(/\.$/, '');
  }
}

/**
 * Downloads one photo whose address came from outside: a listing the seller made on the
 * marketplace (the import on connect), or an item's photo a connector uploads. Only through the
 * guarded fetcher, so an address on a private network (the server's own, a database, cloud
 * metadata), or a redirect there, is refused for good. A timeout, a dropped connection, a 429 or
 * a 5xx is transient; a 4xx, a body that is not a picture's type, or one over the size limit
 * is permanent.
 */
export async function downloadPhoto(
  url: string,
  options: PhotoDownloadOptions,
): Promise<ConnectorPhoto> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_UPLOAD_BYTES;
  const failed = (detail: string, transient: boolean, cause?: unknown) =>
    new ConnectorError(`ListLoop could not download ${options.photo}: ${detail}.`, {
      transient,
      cause,
    });
  const guardFailure = (error: unknown) =>
    error instanceof GuardedFetchError
      ? failed(refusalDetail(error, url, maxBytes), error.transient, error)
      : failed((error as Error).message, true, error);

  let response: GuardedResponse;
  try {
    response = await options.fetcher.fetch(url, {
      maxBytes,
      timeoutMs: options.timeoutMs ?? PHOTO_TIMEOUT_MS,
    });
  } catch (error) {
    throw guardFailure(error);
  }
  if (!response.ok) {
    await response.discard();
    throw failed(
      `the answer was ${response.status}`,
      response.status >= 500 || response.status === 429,
    );
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!contentType.startsWith('image/')) {
    await response.discard();
    throw failed(`it is not a picture (${contentType || 'no type given'})`, false);
  }
  try {
    return { bytes: await response.bytes(), contentType };
  } catch (error) {
    throw guardFailure(error);
  }
}
