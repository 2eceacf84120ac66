import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { callInternal, Queue } from '@sniff/service-kit';
import type { IndexDocument } from '@sniff/contracts';
import { STORES_CONFIG, StoresConfig } from '../config';
import { SafeFetcher } from '../fetching/safe-fetch';
import { SearchSettingsService } from '../search-settings/search-settings.service';
import { StoreEntity } from '../stores/store.entity';
import { extractDocument } from './extract';
import { INGEST_QUEUE } from './ingestion.constants';

export interface IngestJob {
  storeId: string;
}

/**
 * The ingest-store worker: fetches a store's selected pages through the SafeFetcher, extracts
 * their text and hands the documents to the search service. A run always redoes the whole store
 * (idempotent); a failed attempt is retried by the queue and marked failed after the last one.
 */
@Injectable()
export class IngestionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Ingestion');

  constructor(
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
    private readonly queue: Queue,
    private readonly fetcher: SafeFetcher,
    private readonly searchSettings: SearchSettingsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(INGEST_QUEUE, {
      retryLimit: 3,
      retryDelay: this.config.INGEST_RETRY_DELAY_SECONDS,
      // A job whose worker died (crash, restart) expires and is retried.
      expireInSeconds: this.config.INGEST_EXPIRE_SECONDS,
    });
    await this.queue.work<IngestJob>(INGEST_QUEUE, (data, jobId) => this.run(data.storeId, jobId));
  }

  async run(storeId: string, jobId: string): Promise<void> {
    const store = await this.stores.findOneBy({ id: storeId });
    if (!store) return; // deleted meanwhile
    await this.stores.update({ id: storeId }, { status: 'running', statusReason: null, jobId });
    try {
      const { documents, failures } = await this.fetchPages(store.pageUrls);
      if (!documents.length) throw new Error(`Could not fetch any page: ${failures.slice(0, 3).join('; ')}`);
      if (!(await this.stores.existsBy({ id: storeId }))) return;
      const path = `/internal/stores/${encodeURIComponent(storeId)}`;
      await callInternal('search', this.config.SEARCH_URL, `${path}/documents`, { method: 'PUT', body: { documents } });
      if (!(await this.stores.existsBy({ id: storeId }))) {
        // Deleted while we indexed: take the documents back out.
        await callInternal('search', this.config.SEARCH_URL, path, { method: 'DELETE' });
        return;
      }
      // The store's synonyms and stop words travel with its documents, so a search database that
      // lost them (restored, rebuilt) has them again after a re-index.
      await this.searchSettings.pushOrRetryLater(storeId, { always: true });
      const skipped = failures.length
        ? `${failures.length} of ${store.pageUrls.length} pages skipped: ${failures[0]}`
        : null;
      await this.stores.update(
        { id: storeId },
        { status: 'done', pagesIndexed: documents.length, statusReason: skipped },
      );
      this.logger.log(`store ${storeId}: ${documents.length} pages indexed${skipped ? ` (${skipped})` : ''}`);
    } catch (err) {
      const reason = (err as Error).message;
      const final = await this.isLastAttempt(jobId);
      this.logger.warn(`store ${storeId}: ${reason}${final ? '' : ' (will retry)'}`);
      if (await this.stores.existsBy({ id: storeId })) {
        await this.stores.update(
          { id: storeId },
          final
            ? { status: 'failed', statusReason: reason }
            : { status: 'queued', statusReason: `Retrying: ${reason}` },
        );
      }
      if (!final) throw err;
    }
  }

  private async fetchPages(urls: string[]): Promise<{ documents: IndexDocument[]; failures: string[] }> {
    const documents: IndexDocument[] = [];
    const failures: string[] = [];
    for (const url of urls) {
      try {
        const page = await this.fetcher.fetch(url, 'html');
        documents.push({ ...extractDocument(url, page.body), url: page.url });
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
    return { documents, failures };
  }

  private async isLastAttempt(jobId: string): Promise<boolean> {
    const job = await (await this.queue.client()).getJobById(INGEST_QUEUE, jobId);
    return !job || job.retryCount >= job.retryLimit;
  }
}
