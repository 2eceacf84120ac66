import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  accountDeletionStatusSchema,
  accountExportSchema,
  billingAccountResponseSchema,
  type AccountDeletionStatus,
  type AccountExport,
  usageResponseSchema,
  type BillingAccountResponse,
  type PlanId,
  type UsageResponse,
} from '@sniff/contracts';

/** The plans page's calls (through the gateway: /api/billing/..., /api/search/...). */
export const billingApi = createApi({
  reducerPath: 'mfeBillingApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    account: build.query<BillingAccountResponse, void>({
      query: () => ({ url: 'billing/billing/account', body: {} }),
      transformResponse: (raw) => billingAccountResponseSchema.parse(raw),
    }),
    usage: build.query<UsageResponse, void>({
      query: () => ({ url: 'search/usage', body: {} }),
      transformResponse: (raw) => usageResponseSchema.parse(raw),
    }),
    // Answers are checked where they are used: a session without an id is the checkout failing.
    checkoutSession: build.mutation<unknown, PlanId>({
      query: (plan) => ({ url: 'billing/stripe/checkout-session', body: { plan } }),
    }),
    cancelCheckout: build.mutation<unknown, void>({
      query: () => ({ url: 'billing/stripe/checkout-session/cancel', body: {} }),
    }),
    portalSession: build.mutation<unknown, void>({
      query: () => ({ url: 'billing/stripe/portal-session', body: {} }),
    }),
    // The account page: export of everything Sniff keeps, and Delete Account (a job followed by polling).
    accountExport: build.query<AccountExport, void>({
      query: () => ({ url: 'billing/account/export', method: 'GET' }),
      transformResponse: (raw) => accountExportSchema.parse(raw),
      keepUnusedDataFor: 0,
    }),
    accountDeletion: build.query<AccountDeletionStatus, void>({
      query: () => ({ url: 'billing/account/deletion', method: 'GET' }),
      transformResponse: (raw) => accountDeletionStatusSchema.parse(raw),
    }),
    deleteAccount: build.mutation<AccountDeletionStatus, string>({
      query: (confirm) => ({ url: 'billing/account/deletion', body: { confirm } }),
      transformResponse: (raw) => accountDeletionStatusSchema.parse(raw),
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
  useAccountQuery,
  useUsageQuery,
  useCheckoutSessionMutation,
  useCancelCheckoutMutation,
  usePortalSessionMutation,
  useLazyAccountExportQuery,
  useAccountDeletionQuery,
  useDeleteAccountMutation,
} = billingApi;
