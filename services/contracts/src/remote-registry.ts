import { z } from './zod';
import remoteName from './remote-name.json';

// The remote registry (services/registry): every published version of a dashboard remote, which one
// owners get (live), which share of owners tries another (canary), and the shared libraries' versions
// the shell offers, which every published remote's `requires` must accept.

/**
 * A remote's name is its folder's: mfe-<name> (the gateway serves it at /remotes/<name>/<version>/). The one rule
 * for it is data (remote-name.json): infra/remotes.js, which finds the remote folders for lint, jest, the build and
 * npm start before anything is built, reads the same file; the gateway finds the folders it serves by this schema.
 */
export const remoteNameSchema = z.string().check(z.regex(new RegExp(remoteName.pattern), remoteName.message));

/** A release with the build's hash as build metadata (1.4.0+3fa9c0de): one version, one set of files, forever. */
export const remoteVersionSchema = z
  .string()
  .check(
    z.maxLength(64, 'version must be at most 64 characters'),
    z.regex(
      /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/,
      'version must be a semantic version like 1.4.0 or 1.4.0+3fa9c0de',
    ),
  );

/** A file of a build, by its path inside the build folder. */
export const artefactPathSchema = z.string().check(
  z.maxLength(200),
  z.regex(/^(?!.*(^|\/)\.)[A-Za-z0-9_@~+-][A-Za-z0-9_.@~+-]*(\/[A-Za-z0-9_@~+-][A-Za-z0-9_.@~+-]*)*$/, {
    message: 'file paths must be relative, without dot folders or ".."',
  }),
);

export const artefactFileQuerySchema = z.object({ path: artefactPathSchema });

/** PUT /remotes/:remote/versions/:version: the build's files, base64-encoded, by path. */
export const publishRemoteRequestSchema = z.object({
  files: z
    .record(artefactPathSchema, z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'each file must be base64-encoded')))
    .check(
      z.refine((files) => Object.keys(files).length > 0, 'files must not be empty'),
      z.refine((files) => Object.keys(files).length <= 2000, 'a build may hold at most 2,000 files'),
    ),
});
export type PublishRemoteRequest = z.infer<typeof publishRemoteRequestSchema>;

export const publishedVersionSchema = z.object({
  remote: remoteNameSchema,
  version: remoteVersionSchema,
  files: z.number().check(z.int()),
  bytes: z.number().check(z.int()),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** false when this exact build was already published (publishing is idempotent). */
  created: z.boolean(),
});
export type PublishedVersion = z.infer<typeof publishedVersionSchema>;

export const canarySchema = z.object({
  version: remoteVersionSchema,
  percent: z.number().check(z.int(), z.gte(1), z.lte(99)),
});

/** One remote as operators see it. */
export const remoteChannelSchema = z.object({
  remote: remoteNameSchema,
  live: z.nullable(remoteVersionSchema),
  canary: z.nullable(canarySchema),
  /** The live version before the last switch: what a rollback returns to. */
  previous: z.nullable(remoteVersionSchema),
  versions: z.array(z.object({ version: remoteVersionSchema, publishedAt: z.string(), publishedBy: z.string() })),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type RemoteChannel = z.infer<typeof remoteChannelSchema>;
export const remoteChannelsSchema = z.object({ remotes: z.array(remoteChannelSchema) });

export const switchLiveRequestSchema = z.object({ version: remoteVersionSchema });
export const canaryRequestSchema = canarySchema;

/** The shared libraries' versions the shell provides (its build's shared-versions.json). */
export const shellOfferSchema = z.object({
  shared: z
    .record(
      z.string().check(z.minLength(1), z.maxLength(100)),
      z
        .string()
        .check(z.regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]*)?$/, 'each shared version must be a semantic version')),
    )
    .check(z.refine((shared) => Object.keys(shared).length > 0, 'shared must name at least one library')),
});
export type ShellOffer = z.infer<typeof shellOfferSchema>;
export const shellOfferAnswerSchema = z.extend(shellOfferSchema, { publishedAt: z.string(), publishedBy: z.string() });

/** GET /internal/manifest: what the gateways serve (each replica polls it). */
export const registryManifestSchema = z.object({
  remotes: z.array(z.object({ remote: remoteNameSchema, live: remoteVersionSchema, canary: z.nullable(canarySchema) })),
});
export type RegistryManifest = z.infer<typeof registryManifestSchema>;

/** A public route: "/" or "/lower-case-words" (no trailing slash, no capitals: one address per page). */
export const publicRouteSchema = z.string().check(z.regex(/^\/([a-z0-9]+(-[a-z0-9]+)*)?$/));
/** A pre-rendered page's file in a public-site build: pages/…/name.html. */
export const publicPageFileSchema = z.string().check(z.regex(/^pages\/([a-z0-9-]+\/)*[a-z0-9-]+\.html$/));

/** The file of a public-site build (a remote whose declaration has publicSite) that lists its pages. */
export const PUBLIC_SITE_MANIFEST = 'pages.json';

/**
 * A public-site build's pages.json, written by its pre-renderer (mfe-marketing/scripts/prerender.js): every public
 * route and its HTML file, the permanent redirects and the page for unknown paths. The gateway answers public paths
 * from these routes only, never by joining a path onto anything; the registry refuses a build whose pages.json
 * does not pass this schema or names a page the build lacks.
 */
export const publicSiteManifestSchema = z.object({
  routes: z.record(publicRouteSchema, publicPageFileSchema),
  redirects: z.record(publicRouteSchema, publicRouteSchema),
  notFound: publicPageFileSchema,
});
export type PublicSiteManifest = z.infer<typeof publicSiteManifestSchema>;
