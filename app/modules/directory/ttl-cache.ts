import type { Database } from "~/platform/db/database.server";
import { onChange } from "~/platform/db/changes.server";

/** A small in-process cache with a time to live and a size bound (oldest entries go first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * One cache per database, made on first use and emptied whenever the directory changes, here or
 * on another instance (`onChange`, decision 0013); `cleared` runs with each such emptying.
 */
export function directoryCaches<V>(
  ttlMs: number,
  maxEntries: number,
  cleared?: (db: Database) => void,
): { get(db: Database): TtlCache<V>; clear(db: Database): void } {
  const caches = new WeakMap<Database, TtlCache<V>>();
  return {
    get(db) {
      let cache = caches.get(db);
      if (!cache) {
        const created = new TtlCache<V>(ttlMs, maxEntries);
        onChange(() => {
          created.clear();
          cleared?.(db);
        });
        caches.set(db, (cache = created));
      }
      return cache;
    },
    clear(db) {
      caches.get(db)?.clear();
    },
  };
}
