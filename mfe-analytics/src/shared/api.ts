import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  clicksResponseSchema,
  countResponseSchema,
  dailyResponseSchema,
  listStoresResponseSchema,
  timeseriesResponseSchema,
  type ClicksResponse,
  type CountRow,
  type DailyRow,
  type Store,
  type TimeseriesRow,
} from '@sniff/contracts';

/** The spec's analytics window (section 9): the range an owner starts with; 7 and 90 days are offered too. */
export const ANALYTICS_DAYS = 30;
type Args = { url: string; days?: number };
const body = ({ url, days = ANALYTICS_DAYS }: Args) => ({ url, days });

export const analyticsApi = createApi({
  reducerPath: 'mfeAnalyticsApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    customStores: build.query<Store[], void>({
      query: () => ({ url: 'stores/managestores/list-stores', body: {} }),
      transformResponse: (raw) => listStoresResponseSchema.parse(raw).filter((s) => s.platform === 'custom'),
    }),
    timeseries: build.query<TimeseriesRow[], Args>({
      query: (a) => ({ url: 'analytics/fetch/timeseries', body: body(a) }),
      transformResponse: (raw) => timeseriesResponseSchema.parse(raw).rows,
    }),
    zeroes: build.query<CountRow[], Args>({
      query: (a) => ({ url: 'analytics/fetch/zeroes', body: body(a) }),
      transformResponse: (raw) => countResponseSchema.parse(raw).rows,
    }),
    top10: build.query<CountRow[], Args>({
      query: (a) => ({ url: 'analytics/fetch/top10', body: body(a) }),
      transformResponse: (raw) => countResponseSchema.parse(raw).rows,
    }),
    top10Zeroes: build.query<CountRow[], Args>({
      query: (a) => ({ url: 'analytics/fetch/top10-zeroes', body: body(a) }),
      transformResponse: (raw) => countResponseSchema.parse(raw).rows,
    }),
    daily: build.query<DailyRow[], Args>({
      query: (a) => ({ url: 'analytics/fetch/daily', body: body(a) }),
      transformResponse: (raw) => dailyResponseSchema.parse(raw).rows,
    }),
    clicks: build.query<ClicksResponse, Args>({
      query: (a) => ({ url: 'analytics/fetch/clicks', body: body(a) }),
      transformResponse: (raw) => clicksResponseSchema.parse(raw),
    }),
  }),
});

export const {
  useCustomStoresQuery,
  useTimeseriesQuery,
  useZeroesQuery,
  useTop10Query,
  useTop10ZeroesQuery,
  useDailyQuery,
  useClicksQuery,
} = analyticsApi;
