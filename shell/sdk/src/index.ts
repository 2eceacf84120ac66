/**
 * @sniff/shell-sdk: the only contract between the shell and its remotes.
 *
 * The shell registers a Platform once (registerPlatform); remotes read it through the hooks
 * and the RTK Query base query below. Remotes never see Auth0: the base query asks the
 * platform for a token. Shared as a Module Federation singleton, so there is one registry.
 */
export * from './platform';
export * from './remote';
export * from './navigation';
export * from './base-query';
export * from './store';
export * from './standalone';
