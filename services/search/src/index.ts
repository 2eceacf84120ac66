export * from './app.module';
export * from './config';
export * from './engine/search-index';
export * from './engine/sniff-index';
export { SearchService } from './search/search.service';
