import { Injectable } from '@nestjs/common';

/**
 * Writes to one store (re-indexing, deleting it, rebuilding its index) run one at a time, in
 * arrival order; different stores do not wait for each other.
 */
@Injectable()
export class StoreWrites {
  private readonly queues = new Map<string, Promise<unknown>>();

  run<T>(storeId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(storeId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.queues.set(storeId, next);
    void next
      .finally(() => {
        if (this.queues.get(storeId) === next) this.queues.delete(storeId);
      })
      .catch(() => undefined);
    return next;
  }
}
