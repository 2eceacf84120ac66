import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import { deleteStoreResponseSchema, listStoresResponseSchema, type Platform, type Store } from '@sniff/contracts';

export const storesApi = createApi({
  reducerPath: 'mfeStoresApi',
  baseQuery: sniffBaseQuery,
  tagTypes: ['Stores'],
  endpoints: (build) => ({
    listStores: build.query<Store[], void>({
      query: () => ({ url: 'stores/managestores/list-stores', body: {}, headers: { accept: 'application/json' } }),
      transformResponse: (raw) => listStoresResponseSchema.parse(raw),
      providesTags: ['Stores'],
    }),
    deleteStore: build.mutation<{ store_id: string }, { store_id: string; platform: Platform }>({
      query: (body) => ({ url: 'stores/managestores/delete-store', body }),
      transformResponse: (raw) => deleteStoreResponseSchema.parse(raw),
      invalidatesTags: (_result, error) => (error ? [] : ['Stores']),
      // Remove the row at once; the invalidated list is then fetched again to confirm it.
      async onQueryStarted({ store_id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // the page shows the failure
        }
        dispatch(
          storesApi.util.updateQueryData('listStores', undefined, (stores) => stores.filter((s) => s.id !== store_id)),
        );
      },
    }),
  }),
});

export const { useListStoresQuery, useDeleteStoreMutation } = storesApi;
