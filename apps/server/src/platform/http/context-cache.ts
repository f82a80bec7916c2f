/**
 * Who a signed-in request is (session → user → memberships → accounts → roles) for a few
 * seconds per session, so the page a seller opens fifty times a minute does not ask the
 * database the same five questions each time.
 *
 * It is never stale past a change: the database tells every process of every change to those
 * rows at commit (migration 0023: `u:<user id>` or `a:<account id>` on `listloop_context`), and
 * this process hears its own changes before their commit returns. A load that was running
 * while anything changed is used once and not kept, since it may have read the old rows.
 */
export class ContextCache<V> {
  private readonly entries = new Map<
    string,
    { value: V; expires: number; userIds: string[]; accountIds: string[] }
  >();
  /** Rises with every change heard: a load begun under an older one is not kept. */
  private generation = 0;

  constructor(
    private readonly options: {
      /** How long an entry lives; 0 keeps nothing. */
      ttlMs: number;
      /** The most sessions kept; the oldest entry makes room. */
      maxEntries: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Answers the cached value, or loads it and keeps it when `keep` says it may be kept and
   * nothing changed while it loaded.
   */
  async getOrLoad<T extends V>(
    key: string,
    load: () => Promise<T>,
    scopeOf: (value: T) => { userIds: string[]; accountIds: string[] } | null,
  ): Promise<V | T> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const since = this.generation;
    const value = await load();
    const scope = scopeOf(value);
    if (scope && since === this.generation && this.options.ttlMs > 0) {
      if (this.entries.size >= this.options.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { value, expires: this.now() + this.options.ttlMs, ...scope });
    }
    return value;
  }

  /** A change heard on `listloop_context`: `u:<user id>`, `a:<account id>`, or anything else for all. */
  changed(payload: string): void {
    this.generation += 1;
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind !== 'u:' && kind !== 'a:') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      const hit = kind === 'u:' ? entry.userIds.includes(id) : entry.accountIds.includes(id);
      if (hit) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The users and accounts a kept read rests on: a change to any of them drops it. */
export interface ReadScope {
  userIds?: string[];
  accountIds?: string[];
}

/**
 * Reads that every sale repeats and that change only when a seller changes a setting or a
 * connection (which accounts connected a store, who carries out an account's listings, a
 * member's sale settings, whether Slack alerts are on): kept a few seconds per process and
 * dropped, like who a session is, the moment the database says a row they rest on changed
 * (migrations 0023 and 0025). A kept value is shared by every caller: nobody may change it.
 */
export class KeptReads {
  private readonly cache: ContextCache<unknown>;

  constructor(ttlMs: number, maxEntries = 20_000, now?: () => number) {
    this.cache = new ContextCache({ ttlMs, maxEntries, ...(now ? { now } : {}) });
  }

  /** The kept value of `key`, or `load`'s, kept under the scope it rests on (none: not kept). */
  read<T>(
    key: string,
    scope: ReadScope | ((value: T) => ReadScope | null),
    load: () => Promise<T>,
  ): Promise<T> {
    return this.cache.getOrLoad(key, load, (value) => {
      const rests = typeof scope === 'function' ? scope(value) : scope;
      return rests ? { userIds: rests.userIds ?? [], accountIds: rests.accountIds ?? [] } : null;
    }) as Promise<T>;
  }

  /** A change heard on `listloop_context` (ContextCache.changed). */
  changed(payload: string): void {
    this.cache.changed(payload);
  }
}

/** The scope of a store's connections: heard when any account connects or changes that store. */
export const externalAccountScope = (marketplace: string, externalAccountId: string): string =>
  `ext:${marketplace}:${externalAccountId.toLowerCase()}`;
