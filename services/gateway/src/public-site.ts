import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { PUBLIC_SITE_MANIFEST, publicSiteManifestSchema } from '@sniff/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { PagePolicy, pageHeaders } from './content-security-policy';
import { replyError } from './http-error';
import { RemoteRegistry } from './remote-registry';
import { contentTypeOf } from './static-files';

/** The remote whose build is the public site (its declaration says publicSite; its pages are pre-rendered). */
export const PUBLIC_SITE_REMOTE = 'mfe-marketing';

/**
 * The root element as the pre-renderer writes it (mfe-marketing/src/prerender/html.ts). Serving a page, the gateway
 * names there the federation manifest of the build that rendered it, and the shell hydrates the page with that build
 * (shell/src/bootstrap.tsx): a page and its scripts are always one version, even when the live version changes
 * between the page and the shell's /remotes.json.
 */
const PRERENDERED_ROOT = '<div id="root" data-prerendered>';

/** One build of the public site: a registry version (the live one), or the folder shipped with the gateway. */
interface Site {
  /** The build's federation manifest, as /remotes.json names it. */
  entry: string;
  routes: Map<string, string>;
  redirects: Map<string, string>;
  notFound: string;
  /** A file of the build by its path (one the build's pages.json names); throws when it cannot be read now. */
  read(path: string): Promise<Buffer>;
  /** What changes when a file is rebuilt ('' for a registry version: its files never change). */
  stamp(path: string): string;
  /** The pages already prepared, by path (with the stamp they were prepared at). */
  pages: Map<string, { stamp: string; page: Page }>;
}

/** A page ready to send: its HTML naming its build, its Content-Security-Policy and its validator. */
interface Page {
  body: Buffer;
  policy: string;
  etag: string;
}

/** What a page path answers on one site. */
type PublicAnswer =
  { kind: 'page'; file: string } | { kind: 'redirect'; location: string } | { kind: 'not-found'; file: string };

const PUBLIC_CACHE = 'public, no-cache';
/** Versions of the public site kept prepared: the live one and the ones just before (a rollback is instant). */
const KEPT_VERSIONS = 3;

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
const matches = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

/** The answer for a request path (as sent, not decoded) and its query string ('' or '?…'). */
function route(site: Site, path: string, search: string): PublicAnswer {
  const file = site.routes.get(path);
  if (file) return { kind: 'page', file };
  const target = site.redirects.get(path);
  if (target) return { kind: 'redirect', location: target + search };
  // /Squarespace/ means /squarespace: one canonical address per page.
  const canonical = path.replace(/(.)\/+$/, '$1').toLowerCase();
  if (canonical !== path && (site.routes.has(canonical) || site.redirects.has(canonical))) {
    return { kind: 'redirect', location: (site.redirects.get(canonical) ?? canonical) + search };
  }
  return { kind: 'not-found', file: site.notFound };
}

/**
 * The pre-rendered public site (landing, guides, /vectors, privacy policy), from the registry's live version of the
 * marketing remote when the registry holds one (every replica reads it through the manifest it polls and keeps its
 * files, as for any remote), else from the marketing build shipped in the gateway's folder (no registry, or none
 * reachable yet). A switch or a rollback shows on the next request. Public visitors are not signed in, so there is
 * no canary share among them: public pages are always the live version (the registry refuses a canary of it).
 *
 * Requests are matched against the routes the build's pages.json lists, never joined onto a path, so no request can
 * reach any other file.
 */
@Injectable()
export class PublicSite {
  private readonly logger = new Logger('PublicSite');
  private readonly dir: string;
  private folder: { mtimeMs: number; site: Site } | null = null;
  private readonly versions = new Map<string, Promise<Site>>();
  private failing = false;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly policy: PagePolicy,
    private readonly registry: RemoteRegistry,
  ) {
    this.dir = join(config.STATIC_ROOT, PUBLIC_SITE_REMOTE, 'dist');
  }

  /** The registry's live version of the public site, or null when the registry holds none. */
  private async registrySite(): Promise<Site | null> {
    const live = (await this.registry.manifest()).remotes.find((r) => r.remote === PUBLIC_SITE_REMOTE)?.live;
    if (!live) return null;
    let site = this.versions.get(live);
    if (!site) {
      site = this.loadVersion(live);
      site.catch(() => this.versions.delete(live));
      this.versions.set(live, site);
      for (const old of [...this.versions.keys()].slice(0, -KEPT_VERSIONS)) this.versions.delete(old);
    }
    return site;
  }

  private async loadVersion(version: string): Promise<Site> {
    const read = async (path: string) => {
      const file = await this.registry.file(PUBLIC_SITE_REMOTE, version, path);
      if (!file) throw new Error(`${PUBLIC_SITE_REMOTE} ${version} has no ${path}`);
      return file;
    };
    const manifest = publicSiteManifestSchema.parse(JSON.parse((await read(PUBLIC_SITE_MANIFEST)).toString('utf8')));
    return {
      entry: `/remotes/${PUBLIC_SITE_REMOTE}/${encodeURIComponent(version)}/mf-manifest.json`,
      routes: new Map(Object.entries(manifest.routes)),
      redirects: new Map(Object.entries(manifest.redirects)),
      notFound: manifest.notFound,
      read,
      stamp: () => '',
      pages: new Map(),
    };
  }

  /** The build shipped with the gateway, read again when its pages.json changes; null when there is none. */
  private folderSite(): Site | null {
    const manifestFile = join(this.dir, PUBLIC_SITE_MANIFEST);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(manifestFile).mtimeMs;
    } catch {
      return null;
    }
    if (this.folder?.mtimeMs === mtimeMs) return this.folder.site;
    const manifest = publicSiteManifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
    const root = realpathSync(this.dir) + sep;
    // Only the files pages.json names are read, and only inside the build (no link may lead out of it).
    const inside = (file: string) => {
      const real = realpathSync(join(this.dir, file));
      if (!real.startsWith(root)) throw new Error(`${file} is outside ${this.dir}`);
      return real;
    };
    const site: Site = {
      entry: `/remotes/${PUBLIC_SITE_REMOTE}/mf-manifest.json`,
      routes: new Map(Object.entries(manifest.routes)),
      redirects: new Map(Object.entries(manifest.redirects)),
      notFound: manifest.notFound,
      read: (file) => Promise.resolve(readFileSync(inside(file))),
      stamp: (file) => {
        const stat = statSync(inside(file));
        return `${stat.mtimeMs}:${stat.size}`;
      },
      pages: new Map(),
    };
    this.folder = { mtimeMs, site };
    return site;
  }

  /**
   * Calls `use` with the registry's live site, else (none, or it cannot be read now) the folder's; resolves false
   * when neither exists. `use` replies only once everything it needs is read, so a failure can still fall back.
   */
  private async withSite(use: (site: Site) => Promise<void>): Promise<boolean> {
    try {
      const site = await this.registrySite();
      if (site) {
        await use(site);
        if (this.failing) this.logger.log('the public site is served from the registry again');
        this.failing = false;
        return true;
      }
    } catch (error) {
      if (!this.failing)
        this.logger.warn(`the public site cannot be read from the registry, serving the gateway's: ${String(error)}`);
      this.failing = true;
    }
    const site = this.folderSite();
    if (!site) return false;
    await use(site);
    return true;
  }

  /** A page of a site, prepared once per build (or per rebuild of a folder's file). */
  private async page(site: Site, file: string): Promise<Page> {
    const stamp = site.stamp(file);
    const known = site.pages.get(file);
    if (known?.stamp === stamp) return known.page;
    const html = (await site.read(file)).toString('utf8');
    const marked = html.replace(PRERENDERED_ROOT, () => `<div id="root" data-prerendered="${site.entry}">`);
    const body = Buffer.from(marked, 'utf8');
    const page = { body, policy: this.policy.forHtml(marked), etag: etagOf(body) };
    site.pages.set(file, { stamp, page });
    return page;
  }

  /**
   * Answers a public path (as sent, not decoded; its query string '' or '?…'): its page, a redirect or the not-found
   * page. Resolves false when there is no public site at all (mfe-marketing never built nor published): the shell
   * renders the path itself.
   */
  async serve(path: string, search: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const served = this.withSite(async (site) => {
      const answer = route(site, path, search);
      if (answer.kind === 'redirect') return this.redirect(answer.location, reply);
      const page = await this.page(site, answer.file);
      const found = answer.kind === 'page';
      const headers = {
        'cache-control': found ? PUBLIC_CACHE : 'no-cache',
        etag: page.etag,
        ...pageHeaders(page.policy),
      };
      if (found && matches(request, page.etag)) return void reply.code(304).headers(headers).send();
      void reply
        .code(found ? 200 : 404)
        .headers(headers)
        .type('text/html; charset=utf-8')
        .send(page.body);
    });
    return served.catch(() => {
      replyError(reply, 500, 'The page could not be read');
      return true;
    });
  }

  private redirect(to: string, reply: FastifyReply): void {
    // A short page for browsers, as Express wrote ("Redirecting to …"): a page like any other.
    const location = encodeURI(to).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
    const href = location.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    void reply
      .code(301)
      .headers({ location, 'cache-control': 'public, max-age=86400', ...pageHeaders(this.policy.noScripts) })
      .type('text/html; charset=utf-8')
      .send(`<!DOCTYPE html><title>Redirecting</title><p>Redirecting to <a href="${href}">${href}</a></p>`);
  }

  /** A generated file at the site's root (GET /sitemap.xml, /robots.txt), or 404 before the first build. */
  async sendRootFile(request: FastifyRequest, reply: FastifyReply, name: 'sitemap.xml' | 'robots.txt') {
    const sent = await this.withSite(async (site) => {
      const body = await site.read(name);
      const etag = etagOf(body);
      const headers = { 'cache-control': 'public, max-age=3600', etag };
      if (matches(request, etag)) return void reply.code(304).headers(headers).send();
      void reply.headers(headers).type(contentTypeOf(name)).send(body);
    }).catch(() => false); // a folder build without the file
    if (!sent) replyError(reply, 404, `${name} is not built yet (run npm run build)`);
    return reply;
  }
}
