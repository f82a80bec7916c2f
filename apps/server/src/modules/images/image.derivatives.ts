import type { Storage } from '../../platform/storage/storage';
import { derivativeKeys } from './image.keys';
import { makeDerivative } from './image.processing';
import type { ImageRepository } from './image.repository';

/**
 * Makes the large and small versions of a stored original and marks the image ready.
 * Idempotent: a second run writes the same bytes to the same keys.
 */
export class ImageDerivatives {
  constructor(
    private readonly repository: ImageRepository,
    private readonly storage: Storage,
  ) {}

  /** False when the image no longer exists (deleted since the job was queued). */
  async run(imageId: string): Promise<boolean> {
    const row = await this.repository.findForProcessing(imageId);
    if (!row) return false;
    const original = await this.storage.readBuffer(row.storageKey);
    const [large, small] = await Promise.all([
      makeDerivative(original, 'large'),
      makeDerivative(original, 'small'),
    ]);
    const keys = derivativeKeys(row.storageKey);
    await this.storage.put(keys.largeKey, large, { contentType: 'image/jpeg' });
    await this.storage.put(keys.smallKey, small, { contentType: 'image/jpeg' });
    await this.repository.markReady(imageId, keys);
    return true;
  }

  async fail(imageId: string, reason: string): Promise<void> {
    await this.repository.markFailed(imageId, reason);
  }
}
