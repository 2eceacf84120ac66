import {
  artefactFileQuerySchema,
  canaryRequestSchema,
  publishedVersionSchema,
  publishRemoteRequestSchema,
  registryManifestSchema,
  remoteChannelSchema,
  remoteChannelsSchema,
  shellOfferAnswerSchema,
  shellOfferSchema,
  switchLiveRequestSchema,
} from '../remote-registry';
import { endpoint } from './endpoint';

// The operator API: `owner` routes (a verified token through the gateway, or the deploy pipeline with the
// internal token naming its operator) that the registry grants to REGISTRY_OPERATORS only.
export const listRemotes = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'GET',
  path: '/remotes',
  access: 'owner',
  summary: 'Every remote: its live and canary versions, the one a rollback returns to, and what is published',
  response: remoteChannelsSchema,
});

export const publishVersion = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'PUT',
  path: '/remotes/:remote/versions/:version',
  access: 'owner',
  summary:
    "Publishes a remote's build (refused when its declaration is invalid or the shell lacks a shared version it needs)",
  body: publishRemoteRequestSchema,
  response: publishedVersionSchema,
});

export const switchLive = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'PUT',
  path: '/remotes/:remote/live',
  access: 'owner',
  summary: 'Makes a published version the one every owner gets (the canary ends)',
  body: switchLiveRequestSchema,
  response: remoteChannelSchema,
});

export const retire = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'DELETE',
  path: '/remotes/:remote/live',
  access: 'owner',
  summary: 'Takes a remote off the dashboard (its published versions stay; switching one live brings it back)',
  response: remoteChannelSchema,
});

export const startCanary = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'PUT',
  path: '/remotes/:remote/canary',
  access: 'owner',
  summary: 'Sends a share of owners (1 to 99 percent, the same owners every time) to another published version',
  body: canaryRequestSchema,
  response: remoteChannelSchema,
});

export const endCanary = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'DELETE',
  path: '/remotes/:remote/canary',
  access: 'owner',
  summary: 'Ends the canary: every owner gets the live version',
  response: remoteChannelSchema,
});

export const rollBack = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'POST',
  path: '/remotes/:remote/rollback',
  access: 'owner',
  summary: 'Returns the live version to the one before the last switch (the canary ends)',
  response: remoteChannelSchema,
});

export const publishShell = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'PUT',
  path: '/shell',
  access: 'owner',
  summary: "Records the shared versions a shell provides (refused when a live or canary remote's ranges reject them)",
  body: shellOfferSchema,
  response: shellOfferAnswerSchema,
});

export const manifest = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'GET',
  path: '/internal/manifest',
  access: 'internal',
  summary: 'Each remote with a live version and its canary: what the gateways serve',
  response: registryManifestSchema,
});

export const file = /*#__PURE__*/ endpoint({
  service: 'registry',
  method: 'GET',
  path: '/internal/remotes/:remote/versions/:version/file',
  access: 'internal',
  query: artefactFileQuerySchema,
  summary: 'One file of a published build (immutable: the gateways keep it)',
  response: null,
});
