import { MAX_IMAGE_UPLOAD_BYTES } from '@listloop/domain';
import { ConnectorError, type ConnectorPhoto } from '../../modules/listings/connector';
import {
  assertPublicUrl,
  NotPublicUrlError,
  type HostLookup,
} from '../../platform/net/public-address';

export interface PhotoDownloadOptions {
  fetch: typeof fetch;
  /** The marketplace's name, for the seller's message. */
  marketplaceName: string;
  timeoutMs?: number;
  /** The most a photo may weigh; ListLoop's own upload limit by default. */
  maxBytes?: number;
  /**
   * Download only from the public internet (live marketplaces): https, a host whose every
   * address is public, and no redirect followed. Off for emulators on 127.0.0.1.
   */
  publicOnly?: boolean;
  /** With publicOnly, take http addresses too (marketplaces' CDNs are https). */
  allowHttp?: boolean;
  /** How publicOnly resolves a host; dns.promises.lookup by default. */
  lookup?: HostLookup;
}

/**
 * Downloads one photo of a listing the seller made on the marketplace (the import on connect).
 * A timeout, a dropped connection, a 429 or a 5xx is transient; a 4xx, a body that is not a
 * picture's type, or one over the size limit is permanent. The body is read with the limit
 * applied as it streams, so an endless answer does not fill the memory.
 *
 * The address comes from the seller's listing, so it may point anywhere: with `publicOnly`, an
 * address on a private network (the server's own, a database, cloud metadata) is refused for
 * good, and so is a redirect, which could lead there.
 */
export async function downloadPhoto(
  url: string,
  options: PhotoDownloadOptions,
): Promise<ConnectorPhoto> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_UPLOAD_BYTES;
  const tooLarge = `it is larger than ${Math.floor(maxBytes / (1024 * 1024)) || 1} MB`;
  const failed = (detail: string, transient: boolean, cause?: unknown) =>
    new ConnectorError(
      `ListLoop could not download a photo from ${options.marketplaceName}: ${detail}.`,
      { transient, cause },
    );
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
    throw failed(`"${url}" is not a web address`, false);
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  if (options.publicOnly) {
    try {
      await assertPublicUrl(url, {
        allowHttp: options.allowHttp ?? false,
        ...(options.lookup ? { lookup: options.lookup } : {}),
      });
    } catch (error) {
      if (!(error instanceof NotPublicUrlError)) {
        throw failed((error as Error).message, true, error);
      }
      throw failed(
        error.reason === 'protocol'
          ? `"${url}" is not an https address, and ListLoop downloads photos over https only`
          : `ListLoop refuses to download photos from private network addresses (${error.host})`,
        false,
        error,
      );
    }
  }
  let response: Response;
  try {
    response = await options.fetch(url, {
      signal,
      ...(options.publicOnly ? { redirect: 'manual' as const } : {}),
    });
  } catch (error) {
    throw failed((error as Error).message, true, error);
  }
  if (
    options.publicOnly &&
    (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
  ) {
    await response.body?.cancel().catch(() => undefined);
    const status = response.status ? ` (${response.status})` : '';
    throw failed(
      `its address redirects elsewhere${status}, and ListLoop follows no redirect of a photo`,
      false,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw failed(
      `the answer was ${response.status}`,
      response.status >= 500 || response.status === 429,
    );
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!contentType.startsWith('image/')) {
    await response.body?.cancel().catch(() => undefined);
    throw failed(`it is not a picture (${contentType || 'no type given'})`, false);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw failed(tooLarge, false);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw failed(tooLarge, false);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    throw failed((error as Error).message, true, error);
  }
  return { bytes: Buffer.concat(chunks), contentType };
}
