import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RecordedSearchEvent, SEARCH_EVENTS_QUEUE, SearchEvent } from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { DocumentEntity } from '../search/document.entity';
import { EVENT_KEYS, EventKeys } from './event-keys';
import { SearchProof } from './search-proof';
import { visitorKey } from './visitor';

export type EventOutcome = { accepted: true } | { accepted: false; reason: string };

/**
 * The widget's search and click events, taken only when a real search of this store stands behind
 * them: the event carries the answer's signed searchId, and what analytics records (the result
 * count, the opened result's URL) comes from Sniff's own answer and documents, not from the event.
 * Anything else is dropped, quietly (a beacon cannot act on an error), and a visitor may add only
 * so many events per store. Taken events are durable on the queue once this returns.
 */
@Injectable()
export class SearchEvents {
  private readonly proof: SearchProof;
  /** A first, per-worker bound that keeps floods off the queue; analytics bounds again, durably. */
  private readonly perVisitor: RateLimiterMemory;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_CONFIG) config: SearchConfig,
    @Inject(EVENT_KEYS) private readonly keys: EventKeys,
    private readonly queue: Queue,
  ) {
    this.proof = new SearchProof(keys.proof);
    this.perVisitor = new RateLimiterMemory({ points: config.SEARCH_EVENTS_PER_MINUTE, duration: 60 });
  }

  /** The searchId of an answer to `query` on the store that found `resultCount` results. */
  searchId(storeId: string, query: string, resultCount: number): string {
    return this.proof.issue(storeId, query, resultCount);
  }

  /** POST /v1/stores/:id/events from a visitor at `address`. */
  async record(storeId: string, event: SearchEvent, address: string): Promise<EventOutcome> {
    const claims = this.proof.verify(storeId, event.query, event.searchId);
    if (!claims) return dropped('no search of this store and query stands behind it (or it is over an hour old)');
    const visitor = visitorKey(this.keys.visitor, storeId, address);
    try {
      await this.perVisitor.consume(`${storeId}\n${visitor}`);
    } catch {
      return dropped('too many events from this visitor');
    }
    let url: string | null = null;
    if (event.type === 'click') {
      // Only a result the answer could have held: a document of this store, at its own URL.
      const doc =
        claims.resultCount > 0
          ? await this.db.getRepository(DocumentEntity).findOne({
              select: { url: true },
              where: { storeId, docId: event.hitId },
            })
          : null;
      if (!doc) return dropped('the opened result is not one of the store’s documents');
      url = doc.url;
    }
    const recorded: RecordedSearchEvent = {
      storeId,
      type: event.type,
      query: event.query,
      resultCount: event.type === 'search' ? claims.resultCount : null,
      hitId: event.type === 'click' ? event.hitId : null,
      url,
      visitor,
      searchKey: claims.key,
      at: new Date().toISOString(),
    };
    // Analytics only: the quota counts searches where they are answered (QueryService), never from a report.
    await this.queue.send(SEARCH_EVENTS_QUEUE, recorded);
    return { accepted: true };
  }
}

function dropped(reason: string): EventOutcome {
  return { accepted: false, reason };
}
