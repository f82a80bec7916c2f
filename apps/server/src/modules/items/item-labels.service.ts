import type { Db } from '../../platform/db/database';
import type { ItemRepository } from './item.repository';

/**
 * The labels as the items carry them (a text array on each item): how many items carry each,
 * and renaming or taking one off every item of its owner. The labels module renames and deletes
 * the label itself and asks this for the items, so the two modules depend one way: items use
 * the label list when saving, the label list reaches the items only through this service.
 */
export class ItemLabelService {
  constructor(private readonly items: ItemRepository) {}

  /** How many items of one inventory carry each label (lowercased name → count). */
  async labelCounts(accountId: string, userId: string): Promise<Map<string, number>> {
    return this.items.labelCounts(accountId, userId);
  }

  /** Renames a label on every item of its owner that carries it, in the caller's transaction. */
  async renameLabel(
    accountId: string,
    userId: string,
    from: string,
    to: string,
    tx: Db,
  ): Promise<number> {
    return this.items.renameLabel(accountId, userId, from, to, tx);
  }

  /** Takes a label off every item of its owner, in the caller's transaction. */
  async removeLabel(accountId: string, userId: string, name: string, tx: Db): Promise<number> {
    return this.items.removeLabel(accountId, userId, name, tx);
  }
}
