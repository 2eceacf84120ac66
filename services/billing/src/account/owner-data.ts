import { Injectable } from '@nestjs/common';
import {
  analyticsEndpoints,
  feedbackEndpoints,
  searchEndpoints,
  storesEndpoints,
  type OwnerStoresExport,
} from '@sniff/contracts';
import { callEndpoint } from '@sniff/service-kit';
import type { AccountServicesConfig } from '../config';

/**
 * What the other services keep about an owner, through their internal routes: read for the export,
 * deleted for an account deletion. Every delete is idempotent (a second call deletes nothing more).
 */
@Injectable()
export class OwnerData {
  constructor(
    private readonly urls: Pick<AccountServicesConfig, 'STORES_URL' | 'SEARCH_URL' | 'ANALYTICS_URL' | 'FEEDBACK_URL'>,
  ) {}

  stores(owner: string): Promise<OwnerStoresExport> {
    return callEndpoint(storesEndpoints.ownerStores, { path: { sub: owner } }, { urls: this.urls });
  }
  deleteStores(owner: string): Promise<unknown> {
    return callEndpoint(storesEndpoints.deleteOwnerStores, { path: { sub: owner } }, { urls: this.urls });
  }

  usage(owner: string) {
    return callEndpoint(searchEndpoints.ownerUsage, { path: { sub: owner } }, { urls: this.urls });
  }
  deleteUsage(owner: string): Promise<unknown> {
    return callEndpoint(searchEndpoints.deleteOwnerUsage, { path: { sub: owner } }, { urls: this.urls });
  }

  events(storeId: string) {
    return callEndpoint(analyticsEndpoints.storeEvents, { path: { storeId } }, { urls: this.urls });
  }
  deleteEvents(storeId: string): Promise<unknown> {
    return callEndpoint(analyticsEndpoints.deleteStoreEvents, { path: { storeId } }, { urls: this.urls });
  }

  feedback(owner: string) {
    return callEndpoint(feedbackEndpoints.ownerMessages, { path: { sub: owner } }, { urls: this.urls });
  }
  deleteFeedback(owner: string): Promise<unknown> {
    return callEndpoint(feedbackEndpoints.deleteOwnerMessages, { path: { sub: owner } }, { urls: this.urls });
  }
}
