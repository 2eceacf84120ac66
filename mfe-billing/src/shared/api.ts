import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  billingAccountResponseSchema,
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
  }),
});

export const {
  useAccountQuery,
  useUsageQuery,
  useCheckoutSessionMutation,
  useCancelCheckoutMutation,
  usePortalSessionMutation,
} = billingApi;
