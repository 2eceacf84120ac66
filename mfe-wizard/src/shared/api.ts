import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  createStoreResponseSchema,
  crawlMapResponseSchema,
  listStoresResponseSchema,
  shopifyCheckStoreResponseSchema,
  shopifyConnectResponseSchema,
  shopifyCsvResponseSchema,
  widgetSettingsResponseSchema,
  type CrawlMapResponse,
  type CreateStoreResponse,
  type CreateWebsiteRequest,
  type ShopifyCheckStoreResponse,
  type ShopifyConnectResponse,
  type ShopifyCsvResponse,
  type SquarespaceCreateRequest,
  type Store,
  type WidgetSettings,
  type WidgetSettingsResponse,
} from '@sniff/contracts';

/**
 * What square/create-store and square/create-blog-portfolio answer. The contracts give these two no
 * response schema of their own; section 7 lists {store_id, platform, store_url}, so `type` may be absent
 * and is then the store type the owner chose.
 */
const squarespaceCreatedSchema = createStoreResponseSchema.partial({ type: true });

export interface ShopifyConnectRequest {
  store_name: string;
  store_nickname?: string;
  store_url: string;
  client_origin: string;
}

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
    /** Squarespace with a Developer API Key: create-store for ecommerce, create-blog-portfolio for blogs. */
    createSquarespace: build.mutation<CreateStoreResponse, Omit<SquarespaceCreateRequest, 'email'>>({
      query: (body) => ({
        url: body.store_type === 'blog' ? 'stores/square/create-blog-portfolio' : 'stores/square/create-store',
        body,
      }),
      transformResponse: (raw, _meta, arg) => {
        const created = squarespaceCreatedSchema.parse(raw);
        return { ...created, type: created.type ?? arg.store_type };
      },
    }),
    checkShopifyStore: build.mutation<ShopifyCheckStoreResponse, { store_url: string }>({
      query: (body) => ({ url: 'stores/shopify/check-store', body }),
      transformResponse: (raw) => shopifyCheckStoreResponseSchema.parse(raw),
    }),
    /**
     * Multipart: the text fields first, the file last (`csv_file`). The base query adds the e-mail only
     * to JSON bodies, so the form carries its own.
     */
    uploadCatalogue: build.mutation<ShopifyCsvResponse, FormData>({
      query: (form) => ({ url: 'stores/shopify/create-store-csv/', body: form }),
      transformResponse: (raw) => shopifyCsvResponseSchema.parse(raw),
    }),
    connectShopify: build.mutation<ShopifyConnectResponse, ShopifyConnectRequest>({
      query: (body) => ({ url: 'stores/shopify/connect', body }),
      transformResponse: (raw) => shopifyConnectResponseSchema.parse(raw),
    }),
    /** Step 4: the look chosen for the new store, saved so its snippet and the widget agree. */
    saveWidgetSettings: build.mutation<WidgetSettingsResponse, { storeId: string; settings: WidgetSettings }>({
      query: ({ storeId, settings }) => ({
        url: `stores/stores/${encodeURIComponent(storeId)}/widget-settings`,
        method: 'PUT',
        body: settings,
      }),
      transformResponse: (raw) => widgetSettingsResponseSchema.parse(raw),
    }),
  }),
});

export const {
  useLazyListStoresQuery,
  useCrawlMapMutation,
  useCreateWebsiteMutation,
  useCreateSquarespaceMutation,
  useCheckShopifyStoreMutation,
  useUploadCatalogueMutation,
  useConnectShopifyMutation,
  useSaveWidgetSettingsMutation,
} = wizardApi;
