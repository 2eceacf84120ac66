import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import { sharedDataApi } from '@sniff/shell-sdk/shared-data';
import {
  analyticsEndpoints,
  apiRequest,
  storesEndpoints,
  type CrawlMapResponse,
  type Platform,
  type PinnedPage,
  type ReplaceCatalogueResponse,
  type SearchSettings,
  type Store,
  type StoreSuggestion,
  type SyncStoreResponse,
  type UpdatePagesResponse,
  type WidgetSettings,
  type WidgetSettingsResponse,
  type ZeroResultAlert,
} from '@sniff/contracts';

/** The owner's store list is the shared data's (one cache with the overview, analytics and the wizard). */
const { updateQueryData: updateStores, invalidateTags } = sharedDataApi.util;

type StoreRowDispatch = (action: ReturnType<typeof updateStores> | ReturnType<typeof invalidateTags>) => unknown;

/** Puts an answer's fields on the store's cached row at once (a queued sync starts the polling), then has the list fetched again. */
function patchStoreRow(dispatch: StoreRowDispatch, storeId: string, fields: Partial<Store>): void {
  dispatch(
    updateStores('listStores', undefined, (stores) => {
      const store = stores.find((s) => s.id === storeId);
      if (store) Object.assign(store, fields);
    }),
  );
  dispatch(invalidateTags(['Stores']));
}

export const storesApi = createApi({
  reducerPath: 'mfeStoresApi',
  baseQuery: sniffBaseQuery,
  tagTypes: ['ZeroResultAlerts'],
  endpoints: (build) => ({
    /**
     * Removes the row from the shared list at once, then has the list fetched again to confirm it:
     * the overview and analytics lose the store too.
     */
    deleteStore: build.mutation<{ store_id: string }, { store_id: string; platform: Platform }>({
      query: (body) => apiRequest(storesEndpoints.deleteStore, { body }),
      transformResponse: (raw) => storesEndpoints.deleteStore.response.parse(raw),
      async onQueryStarted({ store_id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // the page shows the failure
        }
        dispatch(updateStores('listStores', undefined, (stores) => stores.filter((s) => s.id !== store_id)));
        dispatch(invalidateTags(['Stores']));
      },
    }),
    /**
     * "Sync now": the store is queued at once. The cached row takes the answer's status (so the list
     * starts polling) and the list is fetched again; a refused sync (429: too soon) refreshes it too, so
     * the row shows when Sync now is available again.
     */
    syncStore: build.mutation<SyncStoreResponse, { store_id: string }>({
      query: (body) => apiRequest(storesEndpoints.syncStore, { body }),
      transformResponse: (raw) => storesEndpoints.syncStore.response.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        let answer: SyncStoreResponse;
        try {
          answer = (await queryFulfilled).data;
        } catch (e) {
          // the panel shows the failure
          if ((e as { error?: { status?: unknown } }).error?.status === 429) dispatch(invalidateTags(['Stores']));
          return;
        }
        patchStoreRow(dispatch, answer.store_id, {
          status: answer.status,
          sync_available_at: answer.sync_available_at,
        });
      },
    }),
    /**
     * A custom website's new page list (the other pages; the main URL always stays). The cached row takes the
     * answer's pages and status (so the list starts polling the sync that fetches the added pages) and the list
     * is fetched again.
     */
    updatePages: build.mutation<UpdatePagesResponse, { store_id: string; store_urls: string[] }>({
      query: (body) => apiRequest(storesEndpoints.updatePages, { body }),
      transformResponse: (raw) => storesEndpoints.updatePages.response.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        let answer: UpdatePagesResponse;
        try {
          answer = (await queryFulfilled).data;
        } catch {
          return; // the panel shows the failure
        }
        patchStoreRow(dispatch, answer.store_id, { status: answer.status, page_urls: answer.page_urls });
      },
    }),
    /** A website's pages from its sitemap or links (the wizard's discovery), for the owner to add to a store. */
    findPages: build.mutation<CrawlMapResponse, { url: string }>({
      query: (body) => apiRequest(storesEndpoints.crawlMap, { body }),
      transformResponse: (raw) => storesEndpoints.crawlMap.response.parse(raw),
    }),
    /**
     * A catalogue store's new CSV file (multipart: email and store_id first, the file last, so the server checks
     * them before reading it). The row takes the answer's status and upload time, and the list is fetched again.
     */
    replaceCatalogue: build.mutation<ReplaceCatalogueResponse, FormData>({
      query: (form) => apiRequest(storesEndpoints.replaceShopifyCatalogue, { body: form }),
      transformResponse: (raw) => storesEndpoints.replaceShopifyCatalogue.response.parse(raw),
      async onQueryStarted(_form, { dispatch, queryFulfilled }) {
        let answer: ReplaceCatalogueResponse;
        try {
          answer = (await queryFulfilled).data;
        } catch {
          return; // the panel shows the failure
        }
        patchStoreRow(dispatch, answer.store_id, {
          status: answer.status,
          catalogue_uploaded_at: answer.catalogue_uploaded_at,
        });
      },
    }),
    /** A store's synonyms and stop words (empty lists until the owner saves some). */
    getSearchSettings: build.query<SearchSettings, string>({
      query: (storeId) => apiRequest(storesEndpoints.searchSettings, { params: { id: storeId } }),
      transformResponse: (raw) => storesEndpoints.searchSettings.response.parse(raw),
    }),
    /** Replaces them; the answer is what was saved, which becomes the cached settings. */
    saveSearchSettings: build.mutation<SearchSettings, { storeId: string; settings: SearchSettings }>({
      query: ({ storeId, settings }) =>
        apiRequest(storesEndpoints.saveSearchSettings, { params: { id: storeId }, body: settings }),
      transformResponse: (raw) => storesEndpoints.saveSearchSettings.response.parse(raw),
      async onQueryStarted({ storeId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(storesApi.util.upsertQueryData('getSearchSettings', storeId, data));
        } catch {
          // the form shows the failure
        }
      },
    }),
    /** The store's own pages matching `q`, for the owner to pin (searched as visitors search, not counted). */
    findPinCandidates: build.query<PinnedPage[], { storeId: string; q: string }>({
      query: ({ storeId, q }) => {
        const request = apiRequest(storesEndpoints.pinCandidates, { params: { id: storeId } });
        return { ...request, url: `${request.url}?${new URLSearchParams({ q })}` };
      },
      transformResponse: (raw) => storesEndpoints.pinCandidates.response.parse(raw).pages,
    }),
    /** Which of the pinned URLs the store's index holds now, with their titles (a missing one is absent). */
    getPinnedPages: build.query<PinnedPage[], { storeId: string; urls: string[] }>({
      query: ({ storeId, urls }) =>
        apiRequest(storesEndpoints.pinnedPages, { params: { id: storeId }, body: { urls } }),
      transformResponse: (raw) => storesEndpoints.pinnedPages.response.parse(raw).pages,
    }),
    /** The store's saved widget look and its version (the defaults at version 0 until saved). */
    getWidgetSettings: build.query<WidgetSettingsResponse, string>({
      query: (storeId) => apiRequest(storesEndpoints.widgetSettings, { params: { id: storeId } }),
      transformResponse: (raw) => storesEndpoints.widgetSettings.response.parse(raw),
    }),
    /** Saves it; the answer (with the new version) becomes the cached settings, so the snippet follows. */
    saveWidgetSettings: build.mutation<WidgetSettingsResponse, { storeId: string; settings: WidgetSettings }>({
      query: ({ storeId, settings }) =>
        apiRequest(storesEndpoints.saveWidgetSettings, { params: { id: storeId }, body: settings }),
      transformResponse: (raw) => storesEndpoints.saveWidgetSettings.response.parse(raw),
      async onQueryStarted({ storeId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(storesApi.util.upsertQueryData('getWidgetSettings', storeId, data));
        } catch {
          // the studio shows the failure
        }
      },
    }),
    /** What the store's visitors are suggested from its popular searches (analytics decides what is popular). */
    getStoreSuggestions: build.query<StoreSuggestion[], string>({
      query: (storeId) => apiRequest(storesEndpoints.suggestions, { params: { id: storeId } }),
      transformResponse: (raw) => storesEndpoints.suggestions.response.parse(raw).suggestions,
    }),
    /** The owner's weekly zero-result e-mail settings, from the analytics service (a store not listed is off). */
    zeroResultAlerts: build.query<ZeroResultAlert[], void>({
      query: () => apiRequest(analyticsEndpoints.zeroResultAlerts, { body: {} }),
      transformResponse: (raw) => analyticsEndpoints.zeroResultAlerts.response.parse(raw).alerts,
      providesTags: ['ZeroResultAlerts'],
    }),
    /** Switches a store's weekly e-mail on or off (on: paid plans only, the service answers 403 otherwise). */
    updateZeroResultAlert: build.mutation<ZeroResultAlert, { storeId: string; enabled: boolean }>({
      query: (body) => apiRequest(analyticsEndpoints.updateZeroResultAlert, { body }),
      transformResponse: (raw) => analyticsEndpoints.updateZeroResultAlert.response.parse(raw),
      invalidatesTags: ['ZeroResultAlerts'],
    }),
  }),
});

export const {
  useDeleteStoreMutation,
  useSyncStoreMutation,
  useUpdatePagesMutation,
  useFindPagesMutation,
  useReplaceCatalogueMutation,
  useGetSearchSettingsQuery,
  useSaveSearchSettingsMutation,
  useGetStoreSuggestionsQuery,
  useLazyFindPinCandidatesQuery,
  useGetPinnedPagesQuery,
  useGetWidgetSettingsQuery,
  useSaveWidgetSettingsMutation,
  useZeroResultAlertsQuery,
  useUpdateZeroResultAlertMutation,
} = storesApi;
