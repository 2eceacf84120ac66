import { Injectable } from '@nestjs/common';
import { PopularQueries } from './popular-queries';
import { mergeSuggestions } from './suggestions';

/** What the widget shows under the box: the store's popular queries, then the index's completions. */
@Injectable()
export class Suggestions {
  constructor(private readonly popular: PopularQueries) {}

  /** Never waits for analytics: the popular queries already in memory (a refresh starts in the background). */
  for(storeId: string, typed: string, completions: readonly string[], hidden: ReadonlySet<string>): string[] {
    return mergeSuggestions(typed, this.popular.get(storeId), completions, hidden);
  }

  /** A store's popular queries stay in memory only while its index does. */
  forget(storeId: string): void {
    this.popular.forget(storeId);
  }
}
