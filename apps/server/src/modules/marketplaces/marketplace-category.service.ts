import {
  categoryPathText,
  categoryWords,
  hasCategoryTree,
  isMarketplaceId,
  MARKETPLACE_NAMES,
  type MarketplaceCategoriesResponse,
  type MarketplaceCategory,
  type MarketplaceId,
} from '@listloop/domain';
import { badRequest, conflict } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { ConnectionService } from '../connections';
import {
  ConnectorError,
  type ConnectorCategories,
  type ConnectorCategoryTree,
  type ConnectorRegistry,
  type ConnectorScope,
} from '../../connectors/contract';
import type { CategoryCheck, CategoryVerdict } from '../rules';
import { connectorCall } from './connector-call';

/** How long a category tree, and which tree a marketplace lists in, are kept. */
export const CATEGORY_TREE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a tree that could not be read is not asked for again by the listing check. */
const FAILED_READ_TTL_MS = 60 * 1000;

interface Entry {
  category: MarketplaceCategory;
  /** The folded words of its path, for the search. */
  words: string[];
  nameWords: string[];
}

interface IndexedTree {
  treeId: string;
  version: string | null;
  entries: Entry[];
  byId: Map<string, Entry>;
}

interface Cached<T> {
  value: T;
  until: number;
}

function indexTree(tree: ConnectorCategoryTree, leavesOnly: boolean): IndexedTree {
  const parents = new Map(tree.categories.map((c) => [c.id, c]));
  const byId = new Map<string, Entry>();
  const entries: Entry[] = [];
  for (const category of tree.categories) {
    const path: string[] = [];
    const seen = new Set<string>();
    for (let at: typeof category | undefined = category; at && !seen.has(at.id);) {
      seen.add(at.id);
      path.unshift(at.name);
      at = at.parentId === null ? undefined : parents.get(at.parentId);
    }
    const entry: Entry = {
      category: {
        id: category.id,
        name: category.name,
        path,
        leaf: category.leaf,
        listable: !leavesOnly || category.leaf,
      },
      words: categoryWords(path.join(' ')),
      nameWords: categoryWords(category.name),
    };
    byId.set(category.id, entry);
    entries.push(entry);
  }
  return { treeId: tree.treeId, version: tree.version, entries, byId };
}

/**
 * The marketplaces' category trees, read through their connectors and kept in this process's
 * memory for a day, per marketplace and tree (decision 0022): a tree is the same for every
 * seller of a site, changes a few times a year, is large (eBay's US tree has about 20,000
 * categories), and the picker and every listing check read it. A day bounds how long a
 * category the marketplace renamed or retired is still offered. Concurrent reads of a tree not
 * yet kept share one call to the marketplace.
 */
export class MarketplaceCategoryService implements CategoryCheck {
  private readonly treeIds = new Map<string, Cached<string>>();
  private readonly trees = new Map<string, Cached<IndexedTree>>();
  private readonly reading = new Map<string, Promise<unknown>>();
  private readonly failedUntil = new Map<string, number>();
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(
    private readonly connectors: Pick<ConnectorRegistry, 'get'>,
    private readonly connections: Pick<ConnectionService, 'usableFor'>,
    options: { now?: () => number; ttlMs?: number } = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.ttlMs = options.ttlMs ?? CATEGORY_TREE_TTL_MS;
  }

  /**
   * GET /api/marketplaces/{marketplace}/categories: the categories whose path holds every word
   * of `q` at a word's start (listable ones first, then those named by the words, then the
   * shorter paths), and/or those of `ids`, in the order asked (unknown ids left out).
   */
  async find(
    ctx: RequestContext,
    marketplace: string,
    query: { q?: string | undefined; ids?: string[] | undefined; limit: number },
  ): Promise<MarketplaceCategoriesResponse> {
    const { id, categories } = this.categoriesOf(marketplace);
    const scope = { accountId: ctx.accountId, userId: ctx.user.id };
    if (categories.needsConnection) {
      const [connection] = await this.connections.usableFor(ctx.accountId, id);
      if (!connection) {
        throw conflict(
          `Connect your ${MARKETPLACE_NAMES[id]} account first: ListLoop reads its categories through it.`,
        );
      }
    }
    const tree = await connectorCall(
      id,
      () => this.tree(id, categories, scope),
      (message) => `${MARKETPLACE_NAMES[id]} did not give its categories: ${message}`,
    );
    const found: MarketplaceCategory[] = [];
    for (const wanted of query.ids ?? []) {
      const entry = tree.byId.get(wanted);
      if (entry) found.push(entry.category);
    }
    if (query.q) found.push(...search(tree, query.q, query.limit));
    return {
      marketplace: id,
      treeId: tree.treeId,
      treeVersion: tree.version,
      categories: found,
    };
  }

  /**
   * The listing check's question: is this id a category of the marketplace's tree, and one a
   * listing may be in? null when the tree cannot be read now (no connection to read it through,
   * an outage): the check then leaves it to the marketplace.
   */
  async verdict(
    accountId: string,
    userId: string,
    marketplace: MarketplaceId,
    categoryId: string,
  ): Promise<CategoryVerdict> {
    const categories = this.connectors.get(marketplace)?.categories;
    if (!categories || !hasCategoryTree(marketplace)) return null;
    if ((this.failedUntil.get(marketplace) ?? 0) > this.now()) return null;
    let tree: IndexedTree;
    try {
      const scope: ConnectorScope = { accountId, userId };
      const cachedId = this.fresh(this.treeIds.get(marketplace));
      const cached = cachedId ? this.fresh(this.trees.get(`${marketplace}:${cachedId}`)) : null;
      if (cached) tree = cached;
      else {
        if (categories.needsConnection) {
          const [connection] = await this.connections.usableFor(accountId, marketplace);
          if (!connection) return null;
        }
        tree = await this.tree(marketplace, categories, scope);
      }
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      this.failedUntil.set(marketplace, this.now() + FAILED_READ_TTL_MS);
      return null;
    }
    const entry = tree.byId.get(categoryId);
    if (!entry) return 'unknown';
    if (!entry.category.listable) return { notLeaf: categoryPathText(entry.category.path) };
    return 'ok';
  }

  private categoriesOf(marketplace: string): {
    id: MarketplaceId;
    categories: ConnectorCategories;
  } {
    const id = isMarketplaceId(marketplace) ? marketplace : null;
    if (!id) throw badRequest(`${marketplace} is not a marketplace ListLoop knows.`);
    if (!hasCategoryTree(id)) {
      throw badRequest(
        `ListLoop offers the categories of eBay and Etsy only; ${MARKETPLACE_NAMES[id]} takes a category as you write it.`,
      );
    }
    const categories = this.connectors.get(id)?.categories;
    if (!categories) {
      throw conflict(
        `ListLoop cannot reach ${MARKETPLACE_NAMES[id]} here: this server has no ${MARKETPLACE_NAMES[id]} app keys configured.`,
      );
    }
    return { id, categories };
  }

  private fresh<T>(cached: Cached<T> | undefined): T | null {
    return cached && cached.until > this.now() ? cached.value : null;
  }

  /** The tree a marketplace lists in, from memory or read once (shared by concurrent reads). */
  private async tree(
    marketplace: MarketplaceId,
    categories: ConnectorCategories,
    scope: ConnectorScope,
  ): Promise<IndexedTree> {
    const connectorScope = categories.needsConnection ? scope : null;
    const treeId =
      this.fresh(this.treeIds.get(marketplace)) ??
      (await this.once(`id:${marketplace}`, async () => {
        const id = await categories.treeId(connectorScope);
        this.treeIds.set(marketplace, { value: id, until: this.now() + this.ttlMs });
        return id;
      }));
    const key = `${marketplace}:${treeId}`;
    return (
      this.fresh(this.trees.get(key)) ??
      (await this.once(`tree:${key}`, async () => {
        const read = indexTree(
          await categories.tree(connectorScope, treeId),
          categories.leavesOnly,
        );
        this.trees.set(key, { value: read, until: this.now() + this.ttlMs });
        this.failedUntil.delete(marketplace);
        return read;
      }))
    );
  }

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const running = this.reading.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => this.reading.delete(key));
    this.reading.set(key, started);
    return started;
  }
}

function search(tree: IndexedTree, q: string, limit: number): MarketplaceCategory[] {
  const wanted = categoryWords(q);
  if (wanted.length === 0) return [];
  const startsOne = (words: readonly string[], word: string) =>
    words.some((candidate) => candidate.startsWith(word));
  const matches = tree.entries.filter((entry) =>
    wanted.every((word) => startsOne(entry.words, word)),
  );
  const rank = (entry: Entry) =>
    (entry.category.listable ? 0 : 4) + (wanted.some((w) => startsOne(entry.nameWords, w)) ? 0 : 2);
  return matches
    .map((entry) => ({ entry, rank: rank(entry) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.entry.category.path.length - b.entry.category.path.length ||
        categoryPathText(a.entry.category.path).localeCompare(
          categoryPathText(b.entry.category.path),
        ),
    )
    .slice(0, limit)
    .map(({ entry }) => entry.category);
}
