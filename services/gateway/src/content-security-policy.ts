import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * Script types a browser runs. Any other type (application/ld+json, the public pages' structured
 * data) is a data block, which the browser never checks against script-src.
 */
const EXECUTABLE_TYPE =
  /^(?:(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/javascript1\.[0-5]|text\/(?:jscript|livescript)|module|importmap)$/;

const isElement = (node: Node): node is Element => 'tagName' in node;

function* scripts(node: Node): Generator<Element> {
  if (isElement(node) && node.tagName === 'script') yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* scripts(child);
}

/**
 * The CSP source of every inline script a browser would run in this HTML: 'sha256-…' of the
 * script's text as the browser's parser sees it (parse5 follows the HTML standard, line endings
 * normalised included), UTF-8 encoded.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const script of scripts(parse(html))) {
    const attr = (name: string) => script.attrs.find((a) => a.name === name)?.value;
    const type = attr('type')?.trim().toLowerCase();
    if (attr('src') !== undefined || (type && !EXECUTABLE_TYPE.test(type))) continue;
    const text = script.childNodes.map((n) => ('value' in n ? n.value : '')).join('');
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The SDK's rule (auth0-spa-js): a bare domain means https. */
function authOrigin(domain: string): string {
  try {
    return new URL(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`).origin;
  } catch {
    throw new Error(`AUTH_DOMAIN "${domain}" is neither a host name nor an http(s) URL`);
  }
}

/** What a page may reach besides its own origin, from the gateway's settings. */
export interface PolicySources {
  /** Remotes served from another origin (REMOTES_JSON) and the widget host: scripts and fetches. */
  codeOrigins: string[];
  /** The identity provider (the Auth0 SDK calls /oauth/token there). */
  authOrigin: string;
  /**
   * The card payment provider, for the dashboard page only; null when no publishable key is set
   * (payments off: nothing of Stripe's is allowed).
   */
  payments: { script: string[]; frame: string[]; connect: string[] } | null;
  upgradeInsecureRequests: boolean;
}

/** Stripe.js from js.stripe.com (which frames itself from there and calls api.stripe.com), or from STRIPE_JS_URL. */
function paymentSources(config: GatewayConfig): PolicySources['payments'] {
  if (!config.STRIPE_PUBLISHABLE_KEY) return null;
  if (!config.STRIPE_JS_URL) {
    return { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com'], connect: ['https://api.stripe.com'] };
  }
  // A stand-in (infra's local provider) serves the script, its frames and its API from one origin.
  const origin = new URL(config.STRIPE_JS_URL).origin;
  return { script: [origin], frame: [origin], connect: [origin] };
}

export function policySources(config: GatewayConfig): PolicySources {
  const site = new URL(config.PUBLIC_URL).origin;
  const remotes = config.REMOTES.remotes
    .map((r) => new URL(r.entry, config.PUBLIC_URL).origin)
    .filter((o) => o !== site);
  return {
    // The widget host always: the dashboard's live preview loads the real widget script from it,
    // and the page may be opened on another name than PUBLIC_URL (127.0.0.1 for localhost).
    codeOrigins: [...new Set([new URL(config.WIDGET_HOST).origin, ...remotes])],
    authOrigin: authOrigin(config.AUTH_DOMAIN),
    payments: paymentSources(config),
    upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:'),
  };
}

/** Which page a policy is for: only the dashboard loads the payment provider. */
export type PageKind = 'public' | 'dashboard';

/** The Content-Security-Policy header of a page whose inline scripts have these hashes. */
export function contentSecurityPolicy(
  sources: PolicySources,
  scriptHashes: string[],
  page: PageKind = 'public',
): string {
  const payments = page === 'dashboard' ? sources.payments : null;
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    // No 'unsafe-inline' and no 'unsafe-eval': inline scripts run only by their hash.
    ['script-src', "'self'", ...sources.codeOrigins, ...(payments?.script ?? []), ...scriptHashes],
    // 'unsafe-inline' for styles only (it allows no script): in development style-loader adds the
    // front ends' CSS as <style> elements (production builds link stylesheets), pre-rendered pages
    // carry theirs inline, and the widget writes a <style> shaped by the owner's settings into its
    // Shadow DOM: a page's styles cannot all be listed by hash when it is served.
    ['style-src', "'self'", "'unsafe-inline'"],
    // The dashboard's live preview shows the store's own products, whose images sit on the platform's or
    // the owner's hosts (any https host; http too while Sniff itself runs on http, as `npm start` does).
    // Images run no code; public pages show only Sniff's own.
    ['img-src', "'self'", 'data:', ...(page === 'dashboard' ? productImageSources(sources) : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", sources.authOrigin, ...sources.codeOrigins, ...(payments?.connect ?? [])],
    // Without payments frame-src is left to default-src ('self'); with them, 'self' stays as it was.
    ...(payments ? [['frame-src', "'self'", ...payments.frame] as [string, ...string[]]] : []),
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    // The public pages' Login / Sign Up form goes to /dashboard; sign-in itself is a redirect.
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(sources.upgradeInsecureRequests ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((d) => [...new Set(d)].join(' ')).join('; ');
}

function productImageSources(sources: PolicySources): string[] {
  return sources.upgradeInsecureRequests ? ['https:'] : ['https:', 'http:'];
}

/** A page's policy, and no framing (X-Frame-Options for browsers without frame-ancestors). */
export function pageHeaders(policy: string): Record<string, string> {
  return { 'content-security-policy': policy, 'x-frame-options': 'DENY' };
}

/**
 * The one place that decides the Content-Security-Policy of every HTML answer. A file's policy is
 * derived from the file itself and kept until the file changes (size or mtime), so a new build
 * needs no restart.
 */
@Injectable()
export class PagePolicy {
  private readonly sources: PolicySources;
  /** For HTML without inline scripts (the body of a redirect). */
  readonly noScripts: string;
  private readonly files = new Map<string, { mtimeMs: number; size: number; policy: string }>();
  private readonly dashboardFiles = new Map<string, { mtimeMs: number; size: number; policy: string }>();

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.sources = policySources(config);
    this.noScripts = contentSecurityPolicy(this.sources, []);
  }

  forHtml(html: string, page: PageKind = 'public'): string {
    return contentSecurityPolicy(this.sources, inlineScriptHashes(html), page);
  }

  /**
   * The policy of an HTML file about to be sent; undefined when the file cannot be read. The shell's
   * index.html is a 'dashboard' page under /dashboard (it may load the payment provider) and a
   * 'public' one elsewhere.
   */
  forFile(file: string, stat?: Stats, page: PageKind = 'public'): string | undefined {
    const cache = page === 'dashboard' ? this.dashboardFiles : this.files;
    try {
      stat ??= statSync(file);
      const known = cache.get(file);
      if (known?.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.policy;
      const policy = this.forHtml(readFileSync(file, 'utf8'), page);
      cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, policy });
      return policy;
    } catch {
      return undefined;
    }
  }
}
