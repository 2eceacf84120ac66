export * from './app.module';
export * from './config';
export * from './engine/search-index';
export * from './engine/minisearch-index';
export { SearchService } from './search/search.service';
