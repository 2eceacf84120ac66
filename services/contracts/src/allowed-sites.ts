import { z } from './zod';

/*
 * A store's allowed sites: the websites whose pages may use its widget. The public search API
 * answers 403 to a browser request whose Origin is on none of them (an empty list allows every
 * site), so another website cannot embed an owner's widget and spend their quota.
 */

export const MAX_ALLOWED_SITES = 20;
export const ALLOWED_SITE_MESSAGE = 'each allowed site must be a host name like example.com';

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * An entry as the owner typed it, made a host: "https://www.Example.com/shop" -> "www.example.com",
 * "localhost:8095", "127.0.0.1", "[::1]:8080". A port is kept only when it was written; without
 * one the entry allows every port.
 */
function toSiteHost(raw: string): { host: string } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'an allowed site must not be empty' };
  if (/\s/.test(text)) return { error: 'an allowed site must not contain spaces' };
  if (text.includes('*')) {
    // "*.example.com": the owner means what the bare domain already allows.
    const bare = text.replace(SCHEME, '').replace(/^(\*\.)+/, '');
    const suggestion = bare.includes('*') ? null : toSiteHost(bare);
    return {
      error:
        suggestion && 'host' in suggestion
          ? `write ${suggestion.host}: subdomains are always included`
          : ALLOWED_SITE_MESSAGE,
    };
  }
  const scheme = SCHEME.exec(text);
  if (scheme && !/^https?$/i.test(scheme[1]!)) return { error: ALLOWED_SITE_MESSAGE };
  const authority = text.slice(scheme ? scheme[0].length : 0).split(/[/?#]/, 1)[0]!;
  if (!authority || authority.includes('@')) return { error: ALLOWED_SITE_MESSAGE };
  // The URL parser drops a port that is its scheme's default; the owner's own port is kept.
  const port = /^(?:\[[^\]]*\]|[^:]*):(\d+)$/.exec(authority)?.[1];
  if (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65535)) {
    return { error: 'a port must be a number from 1 to 65535' };
  }
  let hostname: string;
  try {
    hostname = new URL(`http://${authority}`).hostname.replace(/\.$/, '');
  } catch {
    return { error: ALLOWED_SITE_MESSAGE };
  }
  const isIp = hostname.startsWith('[') || IPV4.test(hostname);
  const labels = hostname.split('.');
  // A single label other than localhost is more likely a typo ("examplecom") than an intranet name.
  const named =
    hostname.length <= 253 && labels.every((l) => LABEL.test(l)) && (labels.length > 1 || hostname === 'localhost');
  if (!isIp && !named) return { error: ALLOWED_SITE_MESSAGE };
  return { host: port === undefined ? hostname : `${hostname}:${Number(port)}` };
}

/** One allowed site, normalised to its host (and port when one was written). */
export const siteHostSchema = z.pipe(
  z.string().check(z.maxLength(2048, ALLOWED_SITE_MESSAGE)),
  z.transform((raw, ctx) => {
    const result = toSiteHost(raw);
    if ('host' in result) return result.host;
    ctx.issues.push({ code: 'custom', message: result.error, input: raw });
    return z.NEVER;
  }),
);

export const allowedSitesSchema = z._default(
  z.array(siteHostSchema).check(
    z.maxLength(MAX_ALLOWED_SITES, `at most ${MAX_ALLOWED_SITES} allowed sites`),
    z.overwrite((sites) => [...new Set(sites)]),
  ),
  [],
);

/** Whether a request's Origin header value may use the widget. */
export type SiteMatcher = (origin: string) => boolean;

const allowAll: SiteMatcher = () => true;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };
const ORIGIN_HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)*)$/;

/** scheme://host[:port] as browsers send it, lower-cased; null for "null" or anything else. */
function parseOrigin(origin: string): { host: string; port: number | undefined } | null {
  const sep = origin.indexOf('://');
  if (sep <= 0 || !SCHEME.test(origin)) return null;
  const scheme = origin.slice(0, sep).toLowerCase();
  const authority = origin.slice(sep + 3).toLowerCase();
  const colon = authority.lastIndexOf(':');
  const hasPort = colon !== -1 && colon > authority.lastIndexOf(']');
  const host = (hasPort ? authority.slice(0, colon) : authority).replace(/\.$/, '');
  if (!ORIGIN_HOST.test(host)) return null;
  if (!hasPort) return { host, port: DEFAULT_PORTS[scheme] };
  const portText = authority.slice(colon + 1);
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) return null;
  return { host, port };
}

/**
 * Compiles a store's allowed sites once, for the per-request check: an Origin is allowed when its
 * host is an entry's host or a subdomain of it (any scheme), on the entry's port when it has one.
 * An IP entry allows that address only. An empty list allows every origin; a non-empty one
 * refuses "null" and malformed origins.
 */
export function compileAllowedSites(allowedSites: readonly string[]): SiteMatcher {
  if (!allowedSites.length) return allowAll;
  // host -> the ports allowed on it; null: every port.
  const rules = new Map<string, Set<number> | null>();
  for (const entry of allowedSites) {
    const parsed = toSiteHost(entry);
    // Saved entries were normalised by the schema; one that is not allows nothing.
    if (!('host' in parsed)) continue;
    const colon = parsed.host.lastIndexOf(':');
    const hasPort = colon !== -1 && colon > parsed.host.lastIndexOf(']');
    const host = hasPort ? parsed.host.slice(0, colon) : parsed.host;
    const ports = rules.get(host);
    if (!hasPort) rules.set(host, null);
    else if (ports !== null) rules.set(host, (ports ?? new Set<number>()).add(Number(parsed.host.slice(colon + 1))));
  }
  const allows = (host: string, port: number | undefined) => {
    const ports = rules.get(host);
    return ports === null || (ports !== undefined && port !== undefined && ports.has(port));
  };
  const matches = (origin: string) => {
    const parsed = parseOrigin(origin);
    if (!parsed) return false;
    const { host, port } = parsed;
    if (allows(host, port)) return true;
    // An IP address has no subdomains ("1.10.0.0.1" is not one of 10.0.0.1).
    if (host.startsWith('[') || /\.\d+$|^\d+$/.test(host)) return false;
    for (let dot = host.indexOf('.'); dot !== -1; dot = host.indexOf('.', dot + 1)) {
      if (allows(host.slice(dot + 1), port)) return true;
    }
    return false;
  };
  // A store's widget is asked from a handful of origins: their answers are remembered, in a
  // bounded map so a flood of made-up origins cannot grow it.
  const answers = new Map<string, boolean>();
  return (origin) => {
    let allowed = answers.get(origin);
    if (allowed === undefined) {
      allowed = matches(origin);
      if (origin.length <= 256) {
        if (answers.size >= 256) answers.clear();
        answers.set(origin, allowed);
      }
    }
    return allowed;
  };
}

// Pure: a bundle that never calls siteAllowed drops it.
const compiled = /*#__PURE__*/ new WeakMap<readonly string[], SiteMatcher>();

/** compileAllowedSites(allowedSites)(origin), compiled once per list. */
export function siteAllowed(allowedSites: readonly string[], origin: string): boolean {
  let matcher = compiled.get(allowedSites);
  if (!matcher) compiled.set(allowedSites, (matcher = compileAllowedSites(allowedSites)));
  return matcher(origin);
}
