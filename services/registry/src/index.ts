// @sniff/registry: the remote registry (published dashboard remotes, live/canary versions, rollbacks).
export { RegistryAppModule } from './app.module';
export { registryConfigSchema, type RegistryConfig } from './config';
