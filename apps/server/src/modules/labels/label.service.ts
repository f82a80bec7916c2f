import { LABELS_PER_USER_MAX, LABELS_PER_USER_MESSAGE, type Label } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import type { LabelRepository, LabelRow } from './label.repository';

const NO_SUCH_LABEL = 'No such label.';

/**
 * The items' side of a label: how many carry it, and renaming or removing it on each. The items
 * module provides it (ItemLabelService); it is declared here because the items module uses
 * this one to save an item's labels, and the dependency runs that way only.
 */
export interface LabelledItems {
  labelCounts(accountId: string, userId: string): Promise<Map<string, number>>;
  renameLabel(
    accountId: string,
    userId: string,
    from: string,
    to: string,
    tx: Db,
  ): Promise<unknown>;
  removeLabel(accountId: string, userId: string, name: string, tx: Db): Promise<unknown>;
}

function toLabel(row: LabelRow, itemCount: number): Label {
  return { id: row.id, name: row.name, itemCount, createdAt: row.createdAt.toISOString() };
}

/** The same names once each, compared without case; the first spelling wins. */
export function uniqueLabelNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    unique.push(name);
  }
  return unique;
}

/**
 * Spec §3/§6/§9 labels: visible only to their owner (another user, even of the same
 * account, is told 404), at most 20 characters, unique per user in any case, at most 500 per
 * user. Renaming or deleting one changes every item of the owner that carries it.
 */
export class LabelService {
  constructor(
    private readonly db: Db,
    private readonly labels: LabelRepository,
    private readonly items: LabelledItems,
  ) {}

  private assertOwner(ctx: RequestContext, userId: string): void {
    if (userId !== ctx.user.id) throw notFound(NO_SUCH_LABEL);
  }

  async list(ctx: RequestContext, userId: string): Promise<Label[]> {
    this.assertOwner(ctx, userId);
    const [rows, counts] = await Promise.all([
      this.labels.list(ctx.accountId, userId),
      this.items.labelCounts(ctx.accountId, userId),
    ]);
    return rows.map((row) => toLabel(row, counts.get(row.name.toLowerCase()) ?? 0));
  }

  async create(ctx: RequestContext, userId: string, name: string): Promise<Label> {
    this.assertOwner(ctx, userId);
    return this.db.transaction(async (tx) => {
      await this.labels.lockOwner(userId, tx);
      const [existing] = await this.labels.findByNames(ctx.accountId, userId, [name], tx);
      if (existing) throw conflict(`You already have a label named "${existing.name}".`);
      if ((await this.labels.countForUser(ctx.accountId, userId, tx)) >= LABELS_PER_USER_MAX) {
        throw badRequest(LABELS_PER_USER_MESSAGE);
      }
      const id = newId();
      await this.labels.insertMany([{ id, accountId: ctx.accountId, userId, name }], tx);
      const created = await this.labels.findById(ctx.accountId, userId, id, tx);
      if (!created) throw conflict(`You already have a label named "${name}".`);
      return toLabel(created, 0);
    });
  }

  async rename(ctx: RequestContext, userId: string, labelId: string, name: string): Promise<Label> {
    this.assertOwner(ctx, userId);
    const renamed = await this.db.transaction(async (tx) => {
      const label = await this.labels.findById(ctx.accountId, userId, labelId, tx);
      if (!label) throw notFound(NO_SUCH_LABEL);
      const clash = (await this.labels.findByNames(ctx.accountId, userId, [name], tx)).find(
        (other) => other.id !== label.id,
      );
      if (clash) throw conflict(`You already have a label named "${clash.name}".`);
      if (label.name === name) return label;
      let row: LabelRow | null;
      try {
        row = await this.labels.rename(ctx.accountId, userId, labelId, name, tx);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`You already have a label named "${name}".`);
        throw error;
      }
      if (!row) throw notFound(NO_SUCH_LABEL);
      await this.items.renameLabel(ctx.accountId, userId, label.name, name, tx);
      return row;
    });
    const counts = await this.items.labelCounts(ctx.accountId, userId);
    return toLabel(renamed, counts.get(renamed.name.toLowerCase()) ?? 0);
  }

  async remove(ctx: RequestContext, userId: string, labelId: string): Promise<void> {
    this.assertOwner(ctx, userId);
    await this.db.transaction(async (tx) => {
      const label = await this.labels.findById(ctx.accountId, userId, labelId, tx);
      if (!label) throw notFound(NO_SUCH_LABEL);
      await this.labels.remove(ctx.accountId, userId, labelId, tx);
      await this.items.removeLabel(ctx.accountId, userId, label.name, tx);
    });
  }

  /**
   * The names an item of `userId` is saved with: the user's own spelling of each label that
   * exists, and the others created in the user's label list (spec §9: 500 at most, or a 400
   * and nothing saved). Runs inside the caller's transaction.
   */
  async ensure(
    db: Db,
    accountId: string,
    userId: string,
    names: readonly string[],
  ): Promise<string[]> {
    const [spelled] = await this.ensureEach(db, accountId, userId, [names]);
    if (!spelled) throw badRequest(LABELS_PER_USER_MESSAGE);
    return spelled;
  }

  /**
   * `ensure` for many items at once (an import batch): each list in turn takes the labels it
   * needs while the user has room for them; a list that would go over 500 answers null and
   * creates nothing.
   */
  async ensureEach(
    db: Db,
    accountId: string,
    userId: string,
    lists: readonly (readonly string[])[],
  ): Promise<(string[] | null)[]> {
    const wanted = lists.map((list) => uniqueLabelNames(list));
    const all = uniqueLabelNames(wanted.flat());
    if (all.length === 0) return wanted;
    const spelling = async () =>
      new Map(
        (await this.labels.findByNames(accountId, userId, all, db)).map((row) => [
          row.name.toLowerCase(),
          row.name,
        ]),
      );
    let known = await spelling();
    const results: (string[] | null)[] = wanted;
    if (all.some((name) => !known.has(name.toLowerCase()))) {
      await this.labels.lockOwner(userId, db);
      known = await spelling();
      let room = LABELS_PER_USER_MAX - (await this.labels.countForUser(accountId, userId, db));
      const fresh = new Map<string, string>();
      for (const [index, list] of wanted.entries()) {
        const needed = list.filter((name) => {
          const key = name.toLowerCase();
          return !known.has(key) && !fresh.has(key);
        });
        if (needed.length > room) {
          results[index] = null;
          continue;
        }
        room -= needed.length;
        for (const name of needed) fresh.set(name.toLowerCase(), name);
      }
      if (fresh.size > 0) {
        await this.labels.insertMany(
          [...fresh.values()].map((name) => ({ id: newId(), accountId, userId, name })),
          db,
        );
        known = await spelling();
      }
    }
    return results.map((list) => list && list.map((name) => known.get(name.toLowerCase()) ?? name));
  }
}
