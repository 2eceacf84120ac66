import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import {
  countResponseSchema,
  listStoresResponseSchema,
  timeseriesResponseSchema,
  type CountRow,
  type Store,
  type TimeseriesRow,
} from '@sniff/contracts';

/** Analytics window of the spec (section 9). */
export const ANALYTICS_DAYS = 30;
type Args = { url: string };
const body = ({ url }: Args) => ({ url, days: ANALYTICS_DAYS });

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
  }),
});

export const { useCustomStoresQuery, useTimeseriesQuery, useZeroesQuery, useTop10Query, useTop10ZeroesQuery } =
  analyticsApi;
