import type { SiteMatcher } from '@sniff/contracts';
import type { QueryRules } from '../engine/query-rules';
import type { SearchIndex } from '../engine/search-index';
import type { CompiledPins } from './pins';

/** A store's synonyms and stop words compiled for the engine, with the version they came from. */
export interface CachedRules {
  rules: QueryRules;
  /** Suggestions the owner hid (normalized queries). */
  hidden: ReadonlySet<string>;
  /** Whether a page of this origin may use the store's widget (its allowed sites; none listed: any). */
  sites: SiteMatcher;
  /** The owner's pinned answers by query key (see compilePins). */
  pins: CompiledPins;
  /** Version of the store's settings (0: none saved). */
  version: number;
}

export interface CachedIndex extends CachedRules {
  index: SearchIndex;
  /** built_at of the snapshot this index came from (ms), to notice a newer one. */
  builtAt: number;
  /** When this replica last confirmed the snapshot and settings are still current. */
  checkedAt: number;
}

/**
 * Per-store indexes (and query rules) held in memory within a byte budget, least recently used
 * evicted first (the entry just added always stays, even alone over budget: evicting it would
 * mean loading it again on every query). Every
 * change to a store bumps its generation, so a slow load that started before a re-index or a
 * settings change can never overwrite the newer state when it finishes. An entry is replaced,
 * never mutated, so a search holds one consistent index and rules pair.
 */
export class IndexCache {
  private readonly entries = new Map<string, CachedIndex>();
  private readonly generations = new Map<string, number>();
  private used = 0;

  /** `onEvict`: a store's index left the cache (over budget or deleted), for state kept beside it. */
  constructor(
    private readonly budgetBytes: number,
    private readonly onEvict: (storeId: string) => void = () => {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Bytes the cached indexes hold (as they estimate themselves). */
  get bytes(): number {
    return this.used;
  }

  /** The stores whose index is held now (a copy: reading an entry reorders the cache). */
  storeIds(): string[] {
    return [...this.entries.keys()];
  }

  /** Whether the store's index is held (without counting as a use). */
  has(storeId: string): boolean {
    return this.entries.has(storeId);
  }

  get(storeId: string): CachedIndex | undefined {
    const entry = this.entries.get(storeId);
    if (entry) {
      // Re-insert: Map keeps insertion order, so the first key is the least recently used.
      this.entries.delete(storeId);
      this.entries.set(storeId, entry);
    }
    return entry;
  }

  generation(storeId: string): number {
    return this.generations.get(storeId) ?? 0;
  }

  /** Swaps in a new index and its rules at once: searches already running keep the pair they hold. */
  set(
    storeId: string,
    index: SearchIndex,
    builtAt: number,
    rules: CachedRules,
    ifGeneration?: number,
  ): CachedIndex | null {
    if (ifGeneration !== undefined && ifGeneration !== this.generation(storeId)) return null;
    return this.put(storeId, { index, builtAt, ...rules, checkedAt: Date.now() });
  }

  /** Swaps in newer query rules for a cached index; older ones than the cached are ignored. */
  setRules(storeId: string, rules: CachedRules): void {
    const current = this.entries.get(storeId);
    if (current && current.version >= rules.version) return;
    // Also when nothing is cached: a load that read the older settings must not cache them.
    this.generations.set(storeId, this.generation(storeId) + 1);
    if (current) this.put(storeId, { ...current, ...rules, checkedAt: Date.now() });
  }

  /**
   * Another replica changed the store: its next search checks the database (and a load already
   * under way, which may have read the old state, is not kept).
   */
  expire(storeId: string): void {
    this.generations.set(storeId, this.generation(storeId) + 1);
    const entry = this.entries.get(storeId);
    if (entry) entry.checkedAt = 0;
  }

  delete(storeId: string): void {
    this.generations.set(storeId, this.generation(storeId) + 1);
    this.remove(storeId);
    this.onEvict(storeId);
  }

  private put(storeId: string, entry: CachedIndex): CachedIndex {
    this.generations.set(storeId, this.generation(storeId) + 1);
    this.remove(storeId);
    this.entries.set(storeId, entry);
    this.used += entry.index.memoryBytes;
    while (this.used > this.budgetBytes && this.entries.size > 1) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
      this.onEvict(oldest);
    }
    return entry;
  }

  private remove(storeId: string): void {
    const entry = this.entries.get(storeId);
    if (!entry) return;
    this.entries.delete(storeId);
    this.used -= entry.index.memoryBytes;
  }
}
