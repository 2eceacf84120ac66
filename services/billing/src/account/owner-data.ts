import { Injectable } from '@nestjs/common';
import {
  ownerFeedbackExportSchema,
  ownerStoresExportSchema,
  ownerUsageExportSchema,
  storeEventsExportSchema,
  type OwnerStoresExport,
} from '@sniff/contracts';
import { callInternal } from '@sniff/service-kit';
import type { AccountServicesConfig } from '../config';

const sub = (s: string) => encodeURIComponent(s);

/**
 * What the other services keep about an owner, through their internal routes: read for the export,
 * deleted for an account deletion. Every delete is idempotent (a second call deletes nothing more).
 */
@Injectable()
export class OwnerData {
  constructor(
    private readonly urls: Pick<AccountServicesConfig, 'STORES_URL' | 'SEARCH_URL' | 'ANALYTICS_URL' | 'FEEDBACK_URL'>,
  ) {}

  async stores(owner: string): Promise<OwnerStoresExport> {
    return ownerStoresExportSchema.parse(
      await callInternal('stores', this.urls.STORES_URL, `/internal/owners/${sub(owner)}`),
    );
  }
  deleteStores(owner: string): Promise<unknown> {
    return callInternal('stores', this.urls.STORES_URL, `/internal/owners/${sub(owner)}`, { method: 'DELETE' });
  }

  async usage(owner: string) {
    return ownerUsageExportSchema.parse(
      await callInternal('search', this.urls.SEARCH_URL, `/internal/owners/${sub(owner)}`),
    );
  }
  deleteUsage(owner: string): Promise<unknown> {
    return callInternal('search', this.urls.SEARCH_URL, `/internal/owners/${sub(owner)}`, { method: 'DELETE' });
  }

  async events(storeId: string) {
    return storeEventsExportSchema.parse(
      await callInternal('analytics', this.urls.ANALYTICS_URL, `/internal/stores/${sub(storeId)}/events`),
    );
  }
  deleteEvents(storeId: string): Promise<unknown> {
    return callInternal('analytics', this.urls.ANALYTICS_URL, `/internal/stores/${sub(storeId)}`, { method: 'DELETE' });
  }

  async feedback(owner: string) {
    return ownerFeedbackExportSchema.parse(
      await callInternal('feedback', this.urls.FEEDBACK_URL, `/internal/owners/${sub(owner)}`),
    );
  }
  deleteFeedback(owner: string): Promise<unknown> {
    return callInternal('feedback', this.urls.FEEDBACK_URL, `/internal/owners/${sub(owner)}`, { method: 'DELETE' });
  }
}
