import { Controller, Get, Inject, Injectable, Res } from '@nestjs/common';
import type { Response } from 'express';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { PagePolicy, setPageHeaders } from './content-security-policy';
import { sendError } from './http-error';

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
  send(answer: PublicAnswer, res: Response): boolean {
    switch (answer.kind) {
      case 'shell':
        return false;
      case 'page': {
        const policy = this.policy.forFile(answer.file);
        if (!policy) {
          sendError(res, 500, 'The page could not be read');
          return true;
        }
        res.setHeader('cache-control', PUBLIC_CACHE);
        setPageHeaders(res, policy);
        res.sendFile(answer.file, (err) => {
          if (err && !res.headersSent) sendError(res, 500, 'The page could not be read');
        });
        return true;
      }
      case 'redirect':
        res.setHeader('cache-control', 'public, max-age=86400');
        // Express writes a short HTML body for browsers ("Redirecting to …"): a page like any other.
        setPageHeaders(res, this.policy.noScripts);
        res.redirect(301, answer.location);
        return true;
      case 'not-found':
        res.setHeader('cache-control', 'no-cache');
        setPageHeaders(res, answer.policy);
        res.status(404).type('html').send(answer.html);
        return true;
    }
  }

  /** A generated file at the site's root (sitemap.xml, robots.txt), or 404 before the first build. */
  sendFile(name: 'sitemap.xml' | 'robots.txt', type: string, res: Response): void {
    res.setHeader('cache-control', 'public, max-age=3600');
    res.type(type);
    res.sendFile(join(this.dir, name), (err) => {
      if (err && !res.headersSent) sendError(res, 404, `${name} is not built yet (run npm run build)`);
    });
  }
}

/** /sitemap.xml and /robots.txt of the public site. */
@Controller()
export class SiteFilesController {
  constructor(private readonly site: PublicSite) {}

  @Get('sitemap.xml')
  sitemap(@Res() res: Response): void {
    this.site.sendFile('sitemap.xml', 'application/xml', res);
  }

  @Get('robots.txt')
  robots(@Res() res: Response): void {
    this.site.sendFile('robots.txt', 'text/plain', res);
  }
}
