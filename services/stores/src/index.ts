export { AppModule } from './app.module';
export { storesConfigSchema } from './config';
export type { StoresConfig } from './config';
export { safeFetch, SafeFetcher, BlockedAddressError, FetchFailedError } from './fetching/safe-fetch';
