import type { SearchIndex } from '../engine/search-index';

export interface CachedIndex {
  index: SearchIndex;
  /** built_at of the snapshot this index came from (ms), to notice a newer one. */
  builtAt: number;
  /** When this replica last confirmed the snapshot is still current. */
  checkedAt: number;
}

/**
 * Per-store indexes held in memory, least recently used evicted first. Every change to a
 * store bumps its generation, so a slow snapshot load that started before a re-index can
 * never overwrite the newer index when it finishes.
 */
export class IndexCache {
  private readonly entries = new Map<string, CachedIndex>();
  private readonly generations = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
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

  /** Swaps in a new index at once: searches already running keep the one they hold. */
  set(storeId: string, index: SearchIndex, builtAt: number, ifGeneration?: number): boolean {
    if (ifGeneration !== undefined && ifGeneration !== this.generation(storeId)) return false;
    this.generations.set(storeId, this.generation(storeId) + 1);
    this.entries.delete(storeId);
    this.entries.set(storeId, { index, builtAt, checkedAt: Date.now() });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return true;
  }

  delete(storeId: string): void {
    this.generations.set(storeId, this.generation(storeId) + 1);
    this.entries.delete(storeId);
  }
}
