import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import { invalidatesShared } from '@sniff/shell-sdk/shared-data';
import {
  apiRequest,
  feedbackEndpoints,
  storesEndpoints,
  type FeedbackSendResponse,
  type CrawlMapResponse,
  type CreateStoreResponse,
  type CreateWebsiteRequest,
  type ShopifyCheckStoreResponse,
  type ShopifyConnectResponse,
  type ShopifyCsvResponse,
  type SquarespaceCreateRequest,
  type WidgetSettings,
  type WidgetSettingsResponse,
} from '@sniff/contracts';

export interface ShopifyConnectRequest {
  store_name: string;
  store_nickname?: string;
  store_url: string;
  client_origin: string;
}

/** A created store joins the dashboard's one store list (the overview, Stores and analytics show it at once). */
const createsStore = invalidatesShared('Stores');

/**
 * The wizard's calls to the stores service (through the gateway's /api/stores/...). The owner's store
 * list is the shared data's (`useLazyListStoresQuery` from `@sniff/shell-sdk/shared-data`).
 */
export const wizardApi = createApi({
  reducerPath: 'mfeWizardApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    crawlMap: build.mutation<CrawlMapResponse, { url: string; sitemap_url?: string }>({
      query: (body) => apiRequest(storesEndpoints.crawlMap, { body }),
      transformResponse: (raw) => storesEndpoints.crawlMap.response.parse(raw),
    }),
    createWebsite: build.mutation<CreateStoreResponse, Omit<CreateWebsiteRequest, 'email'>>({
      query: (body) => apiRequest(storesEndpoints.createWebsite, { body }),
      transformResponse: (raw) => storesEndpoints.createWebsite.response.parse(raw),
      onQueryStarted: createsStore,
    }),
    /** Squarespace with a Developer API Key: create-store for ecommerce, create-blog-portfolio for blogs. */
    createSquarespace: build.mutation<CreateStoreResponse, Omit<SquarespaceCreateRequest, 'email'>>({
      // what they answer may lack `type`: it is then the store type the owner chose
      query: (body) =>
        apiRequest(
          body.store_type === 'blog' ? storesEndpoints.createSquarespaceBlog : storesEndpoints.createSquarespaceStore,
          { body },
        ),
      transformResponse: (raw, _meta, arg) => {
        const created = storesEndpoints.createSquarespaceStore.response.parse(raw);
        return { ...created, type: created.type ?? arg.store_type };
      },
      onQueryStarted: createsStore,
    }),
    checkShopifyStore: build.mutation<ShopifyCheckStoreResponse, { store_url: string }>({
      query: (body) => apiRequest(storesEndpoints.checkShopifyStore, { body }),
      transformResponse: (raw) => storesEndpoints.checkShopifyStore.response.parse(raw),
    }),
    /**
     * Multipart: the text fields first, the file last (`csv_file`). The base query adds the e-mail only
     * to JSON bodies, so the form carries its own.
     */
    uploadCatalogue: build.mutation<ShopifyCsvResponse, FormData>({
      query: (form) => apiRequest(storesEndpoints.createShopifyStoreFromCsv, { body: form }),
      transformResponse: (raw) => storesEndpoints.createShopifyStoreFromCsv.response.parse(raw),
      onQueryStarted: createsStore,
    }),
    connectShopify: build.mutation<ShopifyConnectResponse, ShopifyConnectRequest>({
      query: (body) => apiRequest(storesEndpoints.connectShopify, { body }),
      transformResponse: (raw) => storesEndpoints.connectShopify.response.parse(raw),
    }),
    /**
     * "Subscribe for Updates" on a coming-soon platform: a message to the Sniff team through the feedback
     * mail, from the signed-in owner (their address is the reply-to), naming the platform.
     */
    subscribeForUpdates: build.mutation<FeedbackSendResponse, { platform: string }>({
      query: ({ platform }) =>
        apiRequest(feedbackEndpoints.send, {
          body: {
            text: `Subscribe for updates: please e-mail me when Sniff connects to ${platform} stores.`,
            page: '/dashboard/create-store',
            copySupport: false,
          },
        }),
      transformResponse: (raw) => feedbackEndpoints.send.response.parse(raw),
    }),
    /** Step 4: the look chosen for the new store, saved so its snippet and the widget agree. */
    saveWidgetSettings: build.mutation<WidgetSettingsResponse, { storeId: string; settings: WidgetSettings }>({
      query: ({ storeId, settings }) =>
        apiRequest(storesEndpoints.saveWidgetSettings, { params: { id: storeId }, body: settings }),
      transformResponse: (raw) => storesEndpoints.saveWidgetSettings.response.parse(raw),
    }),
  }),
});

export const {
  useCrawlMapMutation,
  useCreateWebsiteMutation,
  useCreateSquarespaceMutation,
  useCheckShopifyStoreMutation,
  useUploadCatalogueMutation,
  useConnectShopifyMutation,
  useSaveWidgetSettingsMutation,
  useSubscribeForUpdatesMutation,
} = wizardApi;
