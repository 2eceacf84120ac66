export * from './app.module';
export * from './config';
export * from './engine/search-index';
export * from './engine/sniff-index';
export { QueryService } from './search/query.service';
export { IndexingService } from './search/indexing.service';
export { IndexLifecycle } from './search/index-lifecycle.service';
