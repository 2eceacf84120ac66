import { createApi } from '@reduxjs/toolkit/query/react';
import { sniffBaseQuery } from '@sniff/shell-sdk';
import { userInfoResponseSchema, type UserInfoResponse } from '@sniff/contracts';

/** The shell's own calls: the owner's plans from billing. */
export const shellApi = createApi({
  reducerPath: 'shellApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    userInfo: build.query<UserInfoResponse, void>({
      query: () => ({ url: 'billing/info/user', body: {} }),
      transformResponse: (raw) => userInfoResponseSchema.parse(raw),
    }),
  }),
});

export const { useUserInfoQuery } = shellApi;
