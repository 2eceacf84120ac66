import { Injectable } from '@nestjs/common';

/**
 * The stores whose owner used this month's searches and their grace share, as UsageService last
 * worked them out. The
 * search answer asks it on every query, so it is one Set lookup: no database, no HTTP, no await.
 */
@Injectable()
export class QuotaGate {
  private over: ReadonlySet<string> = new Set();

  /** How many stores are over their owner's quota now. */
  get count(): number {
    return this.over.size;
  }

  blocks(storeId: string): boolean {
    return this.over.has(storeId);
  }

  /** Swaps in a new set whole: an answer sees the old or the new one, never half of each. */
  replace(stores: ReadonlySet<string>): void {
    this.over = stores;
  }
}
