import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery, type Injectable } from '@sniff/shell-sdk';
import { sharedDataApi } from '@sniff/shell-sdk/shared-data';
import {
  apiRequest,
  billingEndpoints,
  feedbackEndpoints,
  type FeedbackSendRequest,
  type FeedbackSendResponse,
} from '@sniff/contracts';

/**
 * The shell's own calls. The owner's plans, subscriptions, usage and stores are the shared data's
 * (`@sniff/shell-sdk/shared-data`), one cache for the shell and the remotes.
 */
export const shellApi = createApi({
  reducerPath: 'shellApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
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

export const { useSendFeedbackMutation, useCancelCheckoutMutation } = shellApi;

/** What the dashboard injects into the store as its code arrives: the shared data's API (its one owner) and its own. */
export const dashboardApis: Injectable[] = [sharedDataApi, shellApi];
