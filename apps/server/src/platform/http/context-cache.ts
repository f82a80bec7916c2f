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
