import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  createStoreResponseSchema,
  crawlMapResponseSchema,
  listStoresResponseSchema,
  type CrawlMapResponse,
  type CreateStoreResponse,
  type CreateWebsiteRequest,
  type Store,
} from '@sniff/contracts';

/** The wizard's calls to the stores service (through the gateway's /api/stores/...). */
export const wizardApi = createApi({
  reducerPath: 'mfeWizardApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    listStores: build.query<Store[], void>({
      query: () => ({ url: 'stores/managestores/list-stores', body: {} }),
      transformResponse: (raw) => listStoresResponseSchema.parse(raw),
    }),
    crawlMap: build.mutation<CrawlMapResponse, { url: string }>({
      query: (body) => ({ url: 'stores/crawl/map', body }),
      transformResponse: (raw) => crawlMapResponseSchema.parse(raw),
    }),
    createWebsite: build.mutation<CreateStoreResponse, Omit<CreateWebsiteRequest, 'email'>>({
      query: (body) => ({ url: 'stores/saas/create-website', body }),
      transformResponse: (raw) => createStoreResponseSchema.parse(raw),
    }),
  }),
});

export const { useLazyListStoresQuery, useCrawlMapMutation, useCreateWebsiteMutation } = wizardApi;
