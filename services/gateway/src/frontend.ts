import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import express, { type RequestHandler, type Response } from 'express';
import type { Request } from 'express';
import type { Stats } from 'node:fs';
import { extname, join } from 'node:path';
import { GATEWAY_CONFIG, REMOTE_DIRS, type GatewayConfig } from './config';
import { PagePolicy, setPageHeaders } from './content-security-policy';
import { sendError } from './http-error';
import { openCors } from './public-api';
import { encodingHeaders, precompressed, uncompressedName } from './precompressed';
import { PublicSite } from './public-site';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * Content-hashed build files (and their precompressed copies) are cached for a year; everything else
 * revalidates (manifests, remoteEntry, HTML). An HTML file (a remote's standalone page, the shell's
 * index.html asked by name) gets its page policy.
 */
const buildFileHeaders =
  (policy: PagePolicy) =>
  (res: Response, file: string, stat: Stats): void => {
    const hashed = HASHED.test(uncompressedName(file));
    res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    encodingHeaders(res, file);
    if (extname(file) === '.html') setPageHeaders(res, policy.forFile(file, stat) ?? policy.noScripts);
  };

export const staticRoots = (config: GatewayConfig) => ({
  shell: join(config.STATIC_ROOT, 'shell', 'dist'),
  widget: join(config.STATIC_ROOT, 'services', 'search', 'widget', 'dist'),
  remote: (dir: string) => join(config.STATIC_ROOT, dir, 'dist'),
});

const notFound: RequestHandler = (req, res) =>
  sendError(res, 404, `Cannot ${req.method} ${req.originalUrl.split('?')[0]}`);

/** Express mounts for public assets: the widget scripts and each remote's build, any origin allowed. */
export function assetMounts(config: GatewayConfig, policy: PagePolicy): Array<[string, RequestHandler[]]> {
  const roots = staticRoots(config);
  const common = { index: false, redirect: false, dotfiles: 'ignore' } as const;
  return [
    ['/widget', [openCors, express.static(roots.widget, { ...common, maxAge: '5m' }), notFound]],
    ...REMOTE_DIRS.map((dir): [string, RequestHandler[]] => [
      `/remotes/${dir}`,
      [
        openCors,
        precompressed(roots.remote(dir)),
        express.static(roots.remote(dir), { ...common, setHeaders: buildFileHeaders(policy) }),
        notFound,
      ],
    ]),
    ['/remotes', [notFound]],
  ];
}

/** Runtime configuration for the shell and its remotes. */
@Controller()
export class RuntimeConfigController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('config.json')
  @Header('cache-control', 'no-store')
  runtimeConfig() {
    const c = this.config;
    return {
      auth: { domain: c.AUTH_DOMAIN, clientId: c.AUTH_CLIENT_ID, audience: c.AUTH_AUDIENCE },
      apiBaseUrl: '/api',
      widgetHost: c.WIDGET_HOST,
      stripe: { publishableKey: c.STRIPE_PUBLISHABLE_KEY, scriptUrl: c.STRIPE_JS_URL },
    };
  }

  @Get('remotes.json')
  @Header('cache-control', 'no-store')
  remotes() {
    return this.config.REMOTES;
  }
}

/**
 * The shell's build at /: public paths get their pre-rendered page (or 404 / redirect) from the
 * marketing build, /dashboard/* gets index.html and the shell routes on the client.
 */
@Controller()
export class ShellController {
  private readonly precompressed: RequestHandler;
  private readonly files: RequestHandler;
  private readonly index: string;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly site: PublicSite,
    private readonly policy: PagePolicy,
  ) {
    const root = staticRoots(config).shell;
    this.precompressed = precompressed(root);
    this.files = express.static(root, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders: buildFileHeaders(policy),
    });
    this.index = join(root, 'index.html');
  }

  @Get('{*path}')
  serve(@Req() req: Request, @Res() res: Response): void {
    this.precompressed(req, res, () => this.serveFile(req, res));
  }

  private serveFile(req: Request, res: Response): void {
    this.files(req, res, () => {
      if (extname(req.path) !== '') return sendError(res, 404, `Cannot ${req.method} ${req.path}`);
      const dashboard = req.path === '/dashboard' || req.path.startsWith('/dashboard/');
      if (!dashboard) {
        const query = req.originalUrl.indexOf('?');
        const answer = this.site.answer(req.path, query < 0 ? '' : req.originalUrl.slice(query));
        if (this.site.send(answer, res)) return;
      }
      const notBuilt = () => sendError(res, 404, 'The dashboard is not built yet (run npm run build)');
      const policy = this.policy.forFile(this.index, undefined, dashboard ? 'dashboard' : 'public');
      if (!policy) return notBuilt();
      res.setHeader('cache-control', 'no-cache');
      setPageHeaders(res, policy);
      res.sendFile(this.index, (err) => {
        if (err && !res.headersSent) notBuilt();
      });
    });
  }
}
