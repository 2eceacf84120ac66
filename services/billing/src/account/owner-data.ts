import { Injectable } from '@nestjs/common';
import { callInternal } from '@sniff/service-kit';
import type { AccountServicesConfig } from '../config';

export const OWNER_DATA_CONFIG = Symbol('OWNER_DATA_CONFIG');

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

  stores(owner: string): Promise<{ stores: Array<{ id: string } & Record<string, unknown>> }> {
    return callInternal('stores', this.urls.STORES_URL, `/internal/owners/${sub(owner)}`);
  }
  deleteStores(owner: string): Promise<unknown> {
    return callInternal('stores', this.urls.STORES_URL, `/internal/owners/${sub(owner)}`, { method: 'DELETE' });
  }

  usage(owner: string): Promise<unknown> {
    return callInternal('search', this.urls.SEARCH_URL, `/internal/owners/${sub(owner)}`);
  }
  deleteUsage(owner: string): Promise<unknown> {
    return callInternal('search', this.urls.SEARCH_URL, `/internal/owners/${sub(owner)}`, { method: 'DELETE' });
  }

  events(storeId: string): Promise<{ events: unknown[] }> {
    return callInternal('analytics', this.urls.ANALYTICS_URL, `/internal/stores/${sub(storeId)}/events`);
  }
  deleteEvents(storeId: string): Promise<unknown> {
    return callInternal('analytics', this.urls.ANALYTICS_URL, `/internal/stores/${sub(storeId)}`, { method: 'DELETE' });
  }

  feedback(owner: string): Promise<{ messages: unknown[] }> {
    return callInternal('feedback', this.urls.FEEDBACK_URL, `/internal/owners/${sub(owner)}`);
  }
  deleteFeedback(owner: string): Promise<unknown> {
    return callInternal('feedback', this.urls.FEEDBACK_URL, `/internal/owners/${sub(owner)}`, { method: 'DELETE' });
  }
}
