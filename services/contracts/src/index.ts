export * from './plans';
export * from './api';
export * from './billing';
export * from './search';
export * from './widget';
export * from './validation';
export * from './unsafe-text';
export * from './shopify';
