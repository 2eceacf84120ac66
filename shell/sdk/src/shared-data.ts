// The owner's data that more than one part of the dashboard shows (their stores, plans, subscriptions
// and usage): one RTK Query API, one cache, owned by the shell. Imported as `@sniff/shell-sdk/shared-data`,
// a federation singleton of its own: the sdk's main entry is on every public page, RTK Query's hooks
// and zod are not.
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { UnknownAction } from '@reduxjs/toolkit';
// From the package, not './base-query': the sdk is a federation singleton, so the platform whose
// token the calls carry is the one the shell (or a standalone run) registered.
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  apiRequest,
  billingEndpoints,
  searchEndpoints,
  storesEndpoints,
  type BillingAccountResponse,
  type Store,
  type UsageResponse,
  type UserInfoResponse,
} from '@sniff/contracts';

/** What a change to shared data invalidates: the owner's stores, their plans (and subscriptions), their usage. */
export const SHARED_TAGS = ['Stores', 'Plans', 'Usage'] as const;
export type SharedTag = (typeof SHARED_TAGS)[number];

/**
 * The shell injects it into its store once, before any page shows; a remote lists it among its `apis`
 * too (the shell's store takes a reducer path once), so its standalone run has it as well.
 */
export const sharedDataApi = createApi({
  reducerPath: 'sniffSharedData',
  baseQuery: sniffBaseQuery,
  tagTypes: SHARED_TAGS,
  endpoints: (build) => ({
    /** The owner's stores (search widgets) with their sync status. */
    listStores: build.query<Store[], void>({
      query: () => ({
        ...apiRequest(storesEndpoints.listStores, { body: {} }),
        headers: { accept: 'application/json' },
      }),
      transformResponse: (raw) => storesEndpoints.listStores.response.parse(raw),
      providesTags: ['Stores'],
    }),
    /** The owner's plans (billing's info/user): the platform's `plans`, which remotes read with usePlans(). */
    userInfo: build.query<UserInfoResponse, void>({
      query: () => apiRequest(billingEndpoints.userInfo, { body: {} }),
      transformResponse: (raw) => billingEndpoints.userInfo.response.parse(raw),
      providesTags: ['Plans'],
    }),
    /** The owner's subscriptions and invoices. */
    billingAccount: build.query<BillingAccountResponse, void>({
      query: () => apiRequest(billingEndpoints.billingAccount, { body: {} }),
      transformResponse: (raw) => billingEndpoints.billingAccount.response.parse(raw),
      providesTags: ['Plans'],
    }),
    /** This month's searches against the quota, which follows the plan: a plan change asks again too. */
    usage: build.query<UsageResponse, void>({
      query: () => apiRequest(searchEndpoints.usage, { body: {} }),
      transformResponse: (raw) => searchEndpoints.usage.response.parse(raw),
      providesTags: ['Usage', 'Plans'],
    }),
  }),
});

export const { useListStoresQuery, useLazyListStoresQuery, useUserInfoQuery, useBillingAccountQuery, useUsageQuery } =
  sharedDataApi;

interface MutationLifecycle {
  dispatch: (action: UnknownAction) => unknown;
  queryFulfilled: Promise<unknown>;
}

/**
 * `onQueryStarted` for a remote's mutation that changes shared data (creates or deletes a store, changes
 * the plan): once it succeeds, the shared entries with these tags are fetched again, once, and every
 * remote and the shell show the answer. A failed mutation changes nothing.
 */
export function invalidatesShared(...tags: SharedTag[]) {
  return async (_arg: unknown, { dispatch, queryFulfilled }: MutationLifecycle): Promise<void> => {
    try {
      await queryFulfilled;
    } catch {
      return;
    }
    dispatch(sharedDataApi.util.invalidateTags(tags));
  };
}

/**
 * For a change to shared data made otherwise than by a mutation (a store created by Shopify's callback
 * in a popup): call what this returns once the change is made, and the tagged entries are fetched again.
 */
export function useInvalidateShared(): (...tags: SharedTag[]) => void {
  const dispatch = useDispatch();
  return useCallback((...tags: SharedTag[]) => void dispatch(sharedDataApi.util.invalidateTags(tags)), [dispatch]);
}
