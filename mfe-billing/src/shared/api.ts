import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  apiRequest,
  billingEndpoints,
  type AccountDeletionStatus,
  type AccountExport,
  type PlanId,
} from '@sniff/contracts';

/**
 * The plans and account pages' calls (through the gateway: /api/billing/...). The owner's subscriptions,
 * invoices and usage are the shared data's (`@sniff/shell-sdk/shared-data`), one cache with the overview.
 */
export const billingApi = createApi({
  reducerPath: 'mfeBillingApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    // Answers are checked where they are used: a session without an id is the checkout failing.
    checkoutSession: build.mutation<unknown, PlanId>({
      query: (plan) => apiRequest(billingEndpoints.checkoutSession, { body: { plan } }),
    }),
    cancelCheckout: build.mutation<unknown, void>({
      query: () => apiRequest(billingEndpoints.cancelCheckout, { body: {} }),
    }),
    portalSession: build.mutation<unknown, void>({
      query: () => apiRequest(billingEndpoints.portalSession, { body: {} }),
    }),
    // The account page: export of everything Sniff keeps, and Delete Account (a job followed by polling).
    accountExport: build.query<AccountExport, void>({
      query: () => apiRequest(billingEndpoints.accountExport),
      transformResponse: (raw) => billingEndpoints.accountExport.response.parse(raw),
      keepUnusedDataFor: 0,
    }),
    accountDeletion: build.query<AccountDeletionStatus, void>({
      query: () => apiRequest(billingEndpoints.accountDeletion),
      transformResponse: (raw) => billingEndpoints.accountDeletion.response.parse(raw),
    }),
    deleteAccount: build.mutation<AccountDeletionStatus, string>({
      query: (confirm) => apiRequest(billingEndpoints.requestAccountDeletion, { body: { confirm } }),
      transformResponse: (raw) => billingEndpoints.requestAccountDeletion.response.parse(raw),
      async onQueryStarted(_confirm, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(billingApi.util.upsertQueryData('accountDeletion', undefined, data));
        } catch {
          // the page shows the mutation's own error
        }
      },
    }),
  }),
});

export const {
  useCheckoutSessionMutation,
  useCancelCheckoutMutation,
  usePortalSessionMutation,
  useLazyAccountExportQuery,
  useAccountDeletionQuery,
  useDeleteAccountMutation,
} = billingApi;
