export { createGatewayApp } from './app';
export { gatewayConfigSchema, remotesManifestSchema, type GatewayConfig, type RemotesManifest } from './config';
