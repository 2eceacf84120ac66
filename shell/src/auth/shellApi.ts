import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  apiRequest,
  billingEndpoints,
  feedbackEndpoints,
  searchEndpoints,
  storesEndpoints,
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
      query: () => apiRequest(billingEndpoints.userInfo, { body: {} }),
      transformResponse: (raw) => billingEndpoints.userInfo.response.parse(raw),
    }),
    billingAccount: build.query<BillingAccountResponse, void>({
      query: () => apiRequest(billingEndpoints.billingAccount, { body: {} }),
      transformResponse: (raw) => billingEndpoints.billingAccount.response.parse(raw),
    }),
    usage: build.query<UsageResponse, void>({
      query: () => apiRequest(searchEndpoints.usage, { body: {} }),
      transformResponse: (raw) => searchEndpoints.usage.response.parse(raw),
    }),
    /** The owner's stores, for the overview's quick actions and statuses. */
    stores: build.query<Store[], void>({
      query: () => ({
        ...apiRequest(storesEndpoints.listStores, { body: {} }),
        headers: { accept: 'application/json' },
      }),
      transformResponse: (raw) => storesEndpoints.listStores.response.parse(raw),
    }),
    /** feedback/send: the owner's message to the Sniff team (the sender is the verified owner). */
    sendFeedback: build.mutation<FeedbackSendResponse, Omit<FeedbackSendRequest, 'email'>>({
      query: (body) => apiRequest(feedbackEndpoints.send, { body }),
      transformResponse: (raw) => feedbackEndpoints.send.response.parse(raw),
    }),
    /** Back from the payment page with ?canceled=true: that checkout ends, so another can start. */
    cancelCheckout: build.mutation<unknown, void>({
      query: () => apiRequest(billingEndpoints.cancelCheckout, { body: {} }),
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
