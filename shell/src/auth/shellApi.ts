import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  billingAccountResponseSchema,
  feedbackSendResponseSchema,
  listStoresResponseSchema,
  usageResponseSchema,
  userInfoResponseSchema,
  type BillingAccountResponse,
  type FeedbackSendRequest,
  type FeedbackSendResponse,
  type Store,
  type UsageResponse,
  type UserInfoResponse,
} from '@sniff/contracts';

/** The shell's own calls: the owner's plans from billing; for the overview, their subscriptions and usage. */
export const shellApi = createApi({
  reducerPath: 'shellApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    userInfo: build.query<UserInfoResponse, void>({
      query: () => ({ url: 'billing/info/user', body: {} }),
      transformResponse: (raw) => userInfoResponseSchema.parse(raw),
    }),
    billingAccount: build.query<BillingAccountResponse, void>({
      query: () => ({ url: 'billing/billing/account', body: {} }),
      transformResponse: (raw) => billingAccountResponseSchema.parse(raw),
    }),
    usage: build.query<UsageResponse, void>({
      query: () => ({ url: 'search/usage', body: {} }),
      transformResponse: (raw) => usageResponseSchema.parse(raw),
    }),
    /** The owner's stores, for the overview's quick actions and statuses. */
    stores: build.query<Store[], void>({
      query: () => ({ url: 'stores/managestores/list-stores', body: {}, headers: { accept: 'application/json' } }),
      transformResponse: (raw) => listStoresResponseSchema.parse(raw),
    }),
    /** feedback/send: the owner's message to the Sniff team (the sender is the verified owner). */
    sendFeedback: build.mutation<FeedbackSendResponse, Omit<FeedbackSendRequest, 'email'>>({
      query: (body) => ({ url: 'feedback/feedback/send', body }),
      transformResponse: (raw) => feedbackSendResponseSchema.parse(raw),
    }),
    /** Back from the payment page with ?canceled=true: that checkout ends, so another can start. */
    cancelCheckout: build.mutation<unknown, void>({
      query: () => ({ url: 'billing/stripe/checkout-session/cancel', body: {} }),
    }),
  }),
});

export const {
  useUserInfoQuery,
  useBillingAccountQuery,
  useUsageQuery,
  useStoresQuery,
  useSendFeedbackMutation,
  useCancelCheckoutMutation,
} = shellApi;
