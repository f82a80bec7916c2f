import type { EmulatorServer } from './emulator-server';
import type { EmulatorResponse } from './http';

export interface StoredPhoto {
  id: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * The pictures of listings a seller made on the marketplace itself, before ListLoop (the
 * import's source): kept in memory and served from the marketplace's picture host, e.g.
 * `/images/g/{id}/s-l1600.jpg` on eBay or `/s/files/{id}` on Shopify's CDN. Emptied on reset.
 */
export class PhotoStore {
  private readonly photos = new Map<string, StoredPhoto>();
  private next = 1;

  constructor(
    private readonly server: EmulatorServer,
    /** The path a photo is served at, from its id; must contain `{id}` once. */
    private readonly pathPattern: string,
  ) {
    if (pathPattern.split('{id}').length !== 2) {
      throw new Error(`PhotoStore: "${pathPattern}" must contain {id} once`);
    }
    server.route('GET', pathPattern.replace('{id}', ':photoId'), (ctx) =>
      this.serve(ctx.params.photoId ?? ''),
    );
    server.onReset(() => this.photos.clear());
  }

  /** Keeps a picture; answers its absolute URL on this emulator. */
  add(bytes: Buffer, contentType: string): string {
    const id = `p${String(this.next++).padStart(6, '0')}`;
    this.photos.set(id, { id, bytes, contentType });
    return this.url(id);
  }

  url(id: string): string {
    return `${this.server.baseUrl()}${this.pathPattern.replace('{id}', id)}`;
  }

  get size(): number {
    return this.photos.size;
  }

  private serve(id: string): EmulatorResponse {
    const photo = this.photos.get(id);
    if (!photo) return { status: 404, text: 'Not found' };
    return {
      status: 200,
      headers: { 'content-type': photo.contentType, 'cache-control': 'public, max-age=3600' },
      bytes: photo.bytes,
    };
  }
}
