import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  apiRequest,
  analyticsEndpoints,
  type ClicksResponse,
  type CountRow,
  type DailyRow,
  type TimeseriesRow,
  type ZeroResultAlert,
} from '@sniff/contracts';

/** The spec's analytics window (section 9): the range an owner starts with; 7 and 90 days are offered too. */
export const ANALYTICS_DAYS = 30;
type Args = { url: string; days?: number };
const body = ({ url, days = ANALYTICS_DAYS }: Args) => ({ url, days });

export const analyticsApi = createApi({
  reducerPath: 'mfeAnalyticsApi',
  baseQuery: sniffBaseQuery,
  tagTypes: ['ZeroResultAlerts'],
  endpoints: (build) => ({
    timeseries: build.query<TimeseriesRow[], Args>({
      query: (a) => apiRequest(analyticsEndpoints.timeseries, { body: body(a) }),
      transformResponse: (raw) => analyticsEndpoints.timeseries.response.parse(raw).rows,
    }),
    zeroes: build.query<CountRow[], Args>({
      query: (a) => apiRequest(analyticsEndpoints.zeroes, { body: body(a) }),
      transformResponse: (raw) => analyticsEndpoints.zeroes.response.parse(raw).rows,
    }),
    top10: build.query<CountRow[], Args>({
      query: (a) => apiRequest(analyticsEndpoints.top10, { body: body(a) }),
      transformResponse: (raw) => analyticsEndpoints.top10.response.parse(raw).rows,
    }),
    top10Zeroes: build.query<CountRow[], Args>({
      query: (a) => apiRequest(analyticsEndpoints.top10Zeroes, { body: body(a) }),
      transformResponse: (raw) => analyticsEndpoints.top10Zeroes.response.parse(raw).rows,
    }),
    daily: build.query<DailyRow[], Args>({
      query: (a) => apiRequest(analyticsEndpoints.daily, { body: body(a) }),
      transformResponse: (raw) => analyticsEndpoints.daily.response.parse(raw).rows,
    }),
    clicks: build.query<ClicksResponse, Args>({
      query: (a) => apiRequest(analyticsEndpoints.clicks, { body: body(a) }),
      transformResponse: (raw) => analyticsEndpoints.clicks.response.parse(raw),
    }),
    zeroResultAlerts: build.query<ZeroResultAlert[], void>({
      query: () => apiRequest(analyticsEndpoints.zeroResultAlerts, { body: {} }),
      transformResponse: (raw) => analyticsEndpoints.zeroResultAlerts.response.parse(raw).alerts,
      providesTags: ['ZeroResultAlerts'],
    }),
    updateZeroResultAlert: build.mutation<ZeroResultAlert, { storeId: string; enabled: boolean }>({
      query: (body) => apiRequest(analyticsEndpoints.updateZeroResultAlert, { body }),
      transformResponse: (raw) => analyticsEndpoints.updateZeroResultAlert.response.parse(raw),
      invalidatesTags: ['ZeroResultAlerts'],
    }),
  }),
});

export const {
  useTimeseriesQuery,
  useZeroesQuery,
  useTop10Query,
  useTop10ZeroesQuery,
  useDailyQuery,
  useClicksQuery,
  useZeroResultAlertsQuery,
  useUpdateZeroResultAlertMutation,
} = analyticsApi;
