/**
 * The one bounded cache of Locus (docs/architecture.md, "One cache, one wait"): a Map kept in least-recently-used
 * order by re-insertion, so `get`, `set` and `delete` are O(1). It holds at most `maxEntries` entries and, with a
 * `sizeOf`, at most `maxSize` in total; the newest entry always stays, even when it alone is over `maxSize`.
 * `dispose` runs for every value that leaves the cache, with the reason, so owners can free what a value holds
 * (tree-sitter trees must be deleted).
 */

/** Why a value left the cache. */
export type LruRemoval = 'evict' | 'replace' | 'delete' | 'clear';

/** Bounds and hooks of an LruMap. */
export interface LruOptions<K, V> {
  /** Most entries kept (default: unbounded). */
  maxEntries?: number;
  /** Most total size kept, as measured by `sizeOf` (default: unbounded). */
  maxSize?: number;
  /** The size of one entry (bytes, characters …), measured once when it is set. */
  sizeOf?: (value: V, key: K) => number;
  /** Called for each value that leaves the cache; must not throw. */
  dispose?: (value: V, key: K, reason: LruRemoval) => void;
}

interface Slot<V> {
  value: V;
  size: number;
}

/** A Map bounded by entry count and total size, evicting the least recently used entries. */
export class LruMap<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
  private readonly maxEntries: number;
  private readonly maxSize: number;
  private total = 0;
  private evicted = 0;

  constructor(private readonly options: LruOptions<K, V> = {}) {
    this.maxEntries = options.maxEntries ?? Infinity;
    this.maxSize = options.maxSize ?? Infinity;
    if (!(this.maxEntries >= 1) || !(this.maxSize >= 0))
      throw new RangeError('LruMap needs maxEntries >= 1 and maxSize >= 0');
  }

  /** Entries held. */
  get size(): number {
    return this.slots.size;
  }

  /** Total size of the entries held (0 without `sizeOf`). */
  get totalSize(): number {
    return this.total;
  }

  /** Entries evicted so far to keep within the bounds. */
  get evictions(): number {
    return this.evicted;
  }

  /** The value of `key`, made the most recently used. */
  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** The value of `key` without changing its recency. */
  peek(key: K): V | undefined {
    return this.slots.get(key)?.value;
  }

  has(key: K): boolean {
    return this.slots.has(key);
  }

  /** Sets `key` as the most recently used entry, then evicts the least recently used ones over the bounds. */
  set(key: K, value: V): this {
    const old = this.slots.get(key);
    if (old !== undefined) {
      this.slots.delete(key);
      this.total -= old.size;
      if (old.value !== value) this.options.dispose?.(old.value, key, 'replace');
    }
    const size = this.options.sizeOf?.(value, key) ?? 0;
    this.slots.set(key, { value, size });
    this.total += size;
    this.evict();
    return this;
  }

  /** Removes `key` (its value is disposed); false when it was absent. */
  delete(key: K): boolean {
    const slot = this.slots.get(key);
    if (slot === undefined) return false;
    this.slots.delete(key);
    this.total -= slot.size;
    this.options.dispose?.(slot.value, key, 'delete');
    return true;
  }

  /** Removes every entry (each value is disposed). */
  clear(): void {
    const slots = [...this.slots];
    this.slots.clear();
    this.total = 0;
    for (const [key, slot] of slots) this.options.dispose?.(slot.value, key, 'clear');
  }

  /** Keys from least to most recently used. */
  keys(): IterableIterator<K> {
    return this.slots.keys();
  }

  /** Values from least to most recently used (recency unchanged). */
  *values(): IterableIterator<V> {
    for (const slot of this.slots.values()) yield slot.value;
  }

  /** Entries from least to most recently used (recency unchanged). */
  *entries(): IterableIterator<[K, V]> {
    for (const [key, slot] of this.slots) yield [key, slot.value];
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }

  private evict(): void {
    while (this.slots.size > 1 && (this.slots.size > this.maxEntries || this.total > this.maxSize)) {
      const [key, slot] = this.slots.entries().next().value as [K, Slot<V>];
      this.slots.delete(key);
      this.total -= slot.size;
      this.evicted++;
      this.options.dispose?.(slot.value, key, 'evict');
    }
  }
}
