import { DynamicModule, Module } from '@nestjs/common';
import type { StoresConfig } from '../config';
import { SafeFetcher } from './safe-fetch';

/** Provides the one SafeFetcher, bound to FETCH_ALLOW_ORIGINS. */
@Module({})
export class FetchingModule {
  static forRoot(config: StoresConfig): DynamicModule {
    return {
      module: FetchingModule,
      global: true,
      providers: [{ provide: SafeFetcher, useValue: new SafeFetcher({ allowOrigins: config.FETCH_ALLOW_ORIGINS }) }],
      exports: [SafeFetcher],
    };
  }
}
