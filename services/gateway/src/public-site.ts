import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { PagePolicy, pageHeaders } from './content-security-policy';
import { replyError } from './http-error';
import { sendFile } from './static-files';

const ROUTE = /^\/([a-z0-9]+(-[a-z0-9]+)*)?$/;
const PAGE_FILE = /^pages\/([a-z0-9-]+\/)*[a-z0-9-]+\.html$/;

/** mfe-marketing's dist/pages.json, written by its pre-renderer: every public route and its HTML file. */
const manifestSchema = z.object({
  routes: z.record(z.string().regex(ROUTE), z.string().regex(PAGE_FILE)),
  redirects: z.record(z.string().regex(ROUTE), z.string().regex(ROUTE)),
  notFound: z.string().regex(PAGE_FILE),
});

interface Site {
  routes: Map<string, string>;
  redirects: Map<string, string>;
  notFoundHtml: string;
  notFoundPolicy: string;
}

/** What a page path answers. */
export type PublicAnswer =
  | { kind: 'page'; file: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found'; html: string; policy: string }
  /** No pre-rendered site (mfe-marketing not built): the shell renders every path itself. */
  | { kind: 'shell' };

const PUBLIC_CACHE = 'public, no-cache';

/**
 * The pre-rendered public site (landing, guides, /vectors, privacy policy). Requests are matched
 * against the list of known routes, never joined onto the file system, so no path can reach any
 * other file. The list is re-read when the marketing build changes it.
 */
@Injectable()
export class PublicSite {
  readonly dir: string;
  private cache: { mtimeMs: number; site: Site } | null = null;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly policy: PagePolicy,
  ) {
    this.dir = join(config.STATIC_ROOT, 'mfe-marketing', 'dist');
  }

  private load(): Site | null {
    const manifestFile = join(this.dir, 'pages.json');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(manifestFile).mtimeMs;
    } catch {
      return null;
    }
    if (this.cache?.mtimeMs === mtimeMs) return this.cache.site;
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
    const root = realpathSync(this.dir) + sep;
    const inside = (file: string) => {
      const real = realpathSync(join(this.dir, file));
      if (!real.startsWith(root)) throw new Error(`${file} is outside ${this.dir}`);
      return real;
    };
    const notFoundHtml = readFileSync(inside(manifest.notFound), 'utf8');
    const site: Site = {
      routes: new Map(Object.entries(manifest.routes).map(([route, file]) => [route, inside(file)])),
      redirects: new Map(Object.entries(manifest.redirects)),
      notFoundHtml,
      notFoundPolicy: this.policy.forHtml(notFoundHtml),
    };
    this.cache = { mtimeMs, site };
    return site;
  }

  /** The answer for a request path (as sent, not decoded) and its query string ('' or '?…'). */
  answer(path: string, search: string): PublicAnswer {
    const site = this.load();
    if (!site) return { kind: 'shell' };
    const file = site.routes.get(path);
    if (file) return { kind: 'page', file };
    const target = site.redirects.get(path);
    if (target) return { kind: 'redirect', location: target + search };
    // /Squarespace/ means /squarespace: one canonical address per page.
    const canonical = path.replace(/(.)\/+$/, '$1').toLowerCase();
    if (canonical !== path && (site.routes.has(canonical) || site.redirects.has(canonical))) {
      return { kind: 'redirect', location: (site.redirects.get(canonical) ?? canonical) + search };
    }
    return { kind: 'not-found', html: site.notFoundHtml, policy: site.notFoundPolicy };
  }

  /** Sends a public answer; false when the shell should render the path instead. */
  async send(answer: PublicAnswer, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    switch (answer.kind) {
      case 'shell':
        return false;
      case 'page': {
        const policy = this.policy.forFile(answer.file);
        const headers = () => ({ 'cache-control': PUBLIC_CACHE, ...pageHeaders(policy!) });
        const sent =
          policy && (await sendFile(request, reply, dirname(answer.file), `/${basename(answer.file)}`, { headers }));
        if (!sent) replyError(reply, 500, 'The page could not be read');
        return true;
      }
      case 'redirect': {
        // A short page for browsers, as Express wrote ("Redirecting to …"): a page like any other.
        const location = encodeURI(answer.location).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
        const href = location.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
        void reply
          .code(301)
          .headers({ location, 'cache-control': 'public, max-age=86400', ...pageHeaders(this.policy.noScripts) })
          .type('text/html; charset=utf-8')
          .send(`<!DOCTYPE html><title>Redirecting</title><p>Redirecting to <a href="${href}">${href}</a></p>`);
        return true;
      }
      case 'not-found':
        void reply
          .code(404)
          .headers({ 'cache-control': 'no-cache', ...pageHeaders(answer.policy) })
          .type('text/html; charset=utf-8')
          .send(answer.html);
        return true;
    }
  }

  /** A generated file at the site's root (GET /sitemap.xml, /robots.txt), or 404 before the first build. */
  async sendRootFile(request: FastifyRequest, reply: FastifyReply, name: 'sitemap.xml' | 'robots.txt') {
    const headers = () => ({ 'cache-control': 'public, max-age=3600' });
    if (!(await sendFile(request, reply, this.dir, `/${name}`, { headers })))
      replyError(reply, 404, `${name} is not built yet (run npm run build)`);
    return reply;
  }
}
