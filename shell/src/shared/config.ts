// The two runtime documents the shell reads before anything else. They are checked by hand rather
// than with zod: this code runs on every page, public ones included, and zod is a large library that
// only the dashboard's API calls need.

/** What the gateway's /config.json tells the shell at runtime (no rebuild to change it). */
export interface RuntimeConfig {
  auth: { domain: string; clientId: string; audience: string };
  apiBaseUrl: string;
  widgetHost: string;
  /** The card payment provider; an empty key means payments are off, an empty scriptUrl Stripe's own script. */
  stripe: StripeConfig;
}

export interface StripeConfig {
  publishableKey: string;
  scriptUrl: string;
}

export interface RemotesManifest {
  remotes: { name: string; entry: string }[];
}

type Parse<T> = (raw: unknown) => T;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function object(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) throw new Error(`${path || 'the document'} must be an object`);
  return value;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new Error(`${path} must be a non-empty string`);
  return value;
}

function apiBaseUrl(value: unknown): string {
  if (value === undefined) return '/api';
  if (typeof value !== 'string') throw new Error('apiBaseUrl must be a string');
  return value;
}

function optionalText(value: unknown, path: string): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new Error(`${path} must be a string`);
  return value;
}

/** Absent (an older gateway) means payments are off. */
function stripe(value: unknown): StripeConfig {
  if (value === undefined) return { publishableKey: '', scriptUrl: '' };
  const s = object(value, 'stripe');
  const scriptUrl = optionalText(s.scriptUrl, 'stripe.scriptUrl');
  if (scriptUrl && !/^https?:\/\//.test(scriptUrl)) throw new Error('stripe.scriptUrl must be an http(s) URL');
  return { publishableKey: optionalText(s.publishableKey, 'stripe.publishableKey'), scriptUrl };
}

export const parseRuntimeConfig: Parse<RuntimeConfig> = (raw) => {
  const config = object(raw, '');
  const auth = object(config.auth, 'auth');
  return {
    auth: {
      domain: text(auth.domain, 'auth.domain'),
      clientId: text(auth.clientId, 'auth.clientId'),
      audience: text(auth.audience, 'auth.audience'),
    },
    apiBaseUrl: apiBaseUrl(config.apiBaseUrl),
    widgetHost: text(config.widgetHost, 'widgetHost'),
    stripe: stripe(config.stripe),
  };
};

export const parseRemotesManifest: Parse<RemotesManifest> = (raw) => {
  const { remotes } = object(raw, '');
  if (!Array.isArray(remotes)) throw new Error('remotes must be an array');
  return {
    remotes: remotes.map((remote: unknown, i) => {
      const r = object(remote, `remotes[${i}]`);
      return { name: text(r.name, `remotes[${i}].name`), entry: text(r.entry, `remotes[${i}].entry`) };
    }),
  };
};

/** A build's federation manifest as the gateway serves it: /remotes/<remote>/[<version>/]mf-manifest.json. */
const ENTRY = /^\/remotes\/mfe-[a-z0-9-]+\/(\d[^/?#]*\/)?mf-manifest\.json$/;

/**
 * The manifest with `remote` loaded from `entry`: a pre-rendered public page names the build that rendered it
 * (the gateway writes its federation manifest into the root's data-prerendered), and the page hydrates with that
 * build whatever /remotes.json says by now (a switch between the two requests), so page and scripts are one version.
 * Anything but a remote's manifest path (an older page's empty attribute) leaves the manifest as it is.
 */
export function withEntry(manifest: RemotesManifest, remote: string, entry: string | null): RemotesManifest {
  if (!entry || !ENTRY.test(entry)) return manifest;
  const others = manifest.remotes.filter((r) => r.name !== remote);
  return { remotes: [...others, { name: remote, entry }].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** Fetches a runtime document; a bad answer or content fails with the URL and the field at fault. */
export async function fetchJson<T>(url: string, parse: Parse<T>): Promise<T> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  try {
    return parse(await res.json());
  } catch (error) {
    throw new Error(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let documents: Promise<[RuntimeConfig, RemotesManifest]> | undefined;

/** /config.json and /remotes.json, fetched once: the entry starts them, the app awaits them. */
export function loadRuntimeDocuments(): Promise<[RuntimeConfig, RemotesManifest]> {
  documents ??= Promise.all([
    fetchJson('/config.json', parseRuntimeConfig),
    fetchJson('/remotes.json', parseRemotesManifest),
  ]);
  return documents;
}
