import { DynamicModule, Module } from '@nestjs/common';
import { allowHosts, StoresConfig } from '../config';
import { SafeFetcher } from './safe-fetch';

/** Provides the one SafeFetcher, bound to FETCH_ALLOW_HOSTS. */
@Module({})
export class FetchingModule {
  static forRoot(config: StoresConfig): DynamicModule {
    return {
      module: FetchingModule,
      global: true,
      providers: [{ provide: SafeFetcher, useValue: new SafeFetcher({ allowHosts: allowHosts(config) }) }],
      exports: [SafeFetcher],
    };
  }
}
