import type { Image } from '@listloop/domain';

/**
 * The order the seller picked or dropped photos in, kept whatever order their uploads and the
 * server's processing finish in: each file gets its place when it is picked, and a photo that
 * becomes ready goes before the photos picked after it that are already on the item.
 */
export class PhotoOrder {
  private next = 0;
  /** Where each file on its way in was picked. */
  private readonly files = new Map<string, number>();
  /** Where each photo that arrived this way was picked. */
  private readonly images = new Map<string, number>();

  /** A file was picked (files picked together in the order given); a retry keeps `place`. */
  picked(fileId: string, place: number = this.next): number {
    this.files.set(fileId, place);
    this.next = Math.max(this.next, place + 1);
    return place;
  }

  placeOf(fileId: string): number | undefined {
    return this.files.get(fileId);
  }

  /**
   * The file became the image `imageId`: the ids of the photos already placed that were picked
   * after it, which the new photo must come before.
   */
  ready(fileId: string, imageId: string): ReadonlySet<string> {
    const place = this.files.get(fileId);
    this.files.delete(fileId);
    if (place === undefined) return new Set();
    this.images.set(imageId, place);
    const later = new Set<string>();
    for (const [id, other] of this.images) if (other > place) later.add(id);
    return later;
  }

  /** A file that will not become a photo (cancelled or dismissed). */
  forget(fileId: string): void {
    this.files.delete(fileId);
  }
}

/**
 * Puts a photo that became ready on the item: a rotated copy where the original was (a photo
 * deleted meanwhile stays deleted), a new one before the first photo of `before` (those picked
 * after it), else at the end.
 */
export function placeImage(
  images: readonly Image[],
  image: Image,
  { replaces, before }: { replaces: string | null; before: ReadonlySet<string> },
): Image[] {
  if (replaces) {
    const index = images.findIndex((candidate) => candidate.id === replaces);
    if (index < 0) return [...images];
    return images.map((candidate, position) => (position === index ? image : candidate));
  }
  const at = images.findIndex((candidate) => before.has(candidate.id));
  return at < 0 ? [...images, image] : [...images.slice(0, at), image, ...images.slice(at)];
}
