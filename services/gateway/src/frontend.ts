import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Stats } from 'node:fs';
import { extname, join } from 'node:path';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { PagePolicy, pageHeaders } from './content-security-policy';
import { cannot, replyError } from './http-error';
import { PublicSite } from './public-site';
import { isVersion, remotesFor, RemoteRegistry } from './remote-registry';
import { acceptsEncoding, contentTypeOf, ENCODINGS, PRECOMPRESSED, sendFile } from './static-files';
import { TokenVerifier } from './token-verifier';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = { 'cache-control': 'public, max-age=31536000, immutable' };

export const staticRoots = (config: GatewayConfig) => ({
  shell: join(config.STATIC_ROOT, 'shell', 'dist'),
  widget: join(config.STATIC_ROOT, 'services', 'search', 'widget', 'dist'),
  remote: (dir: string) => join(config.STATIC_ROOT, dir, 'dist'),
});

/** A percent-decoded path segment, or '' when its encoding is broken. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** The path of a request as sent (percent-encoded, no query). */
const pathOf = (request: FastifyRequest) => (request.raw.url ?? '/').split('?')[0];

/**
 * The front end's files and pages: the widget scripts, each remote's build, the runtime
 * configuration and the shell with the pre-rendered public site (handlers of routes.ts).
 */
@Injectable()
export class Frontend {
  private readonly roots: ReturnType<typeof staticRoots>;
  private readonly remoteDirs: ReadonlySet<string>;
  private readonly index: string;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly site: PublicSite,
    private readonly policy: PagePolicy,
    private readonly registry: RemoteRegistry,
    private readonly verifier: TokenVerifier,
  ) {
    this.roots = staticRoots(config);
    this.remoteDirs = new Set(config.REMOTE_DIRS);
    this.index = join(this.roots.shell, 'index.html');
  }

  /**
   * Content-hashed build files (and their precompressed copies) are cached for a year; everything else
   * revalidates (manifests, remoteEntry, HTML). An HTML file (a remote's standalone page, the shell's
   * index.html asked by name) gets its page policy.
   */
  private readonly buildFileHeaders = (file: string, stat: Stats): Record<string, string> => ({
    ...(HASHED.test(file) ? IMMUTABLE : { 'cache-control': 'no-cache' }),
    ...(extname(file) === '.html' ? pageHeaders(this.policy.forFile(file, stat) ?? this.policy.noScripts) : {}),
  });

  /**
   * GET /widget/*: the widget's scripts, for any site (open CORS). The first script keeps its name on
   * every page, so it is reused for 5 minutes only; the second (search.<hash>.js) never changes.
   */
  readonly widget = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = pathOf(request).slice('/widget'.length);
    const options = HASHED.test(path) ? { headers: () => IMMUTABLE } : { maxAge: 5 * 60_000 };
    if (!(await sendFile(request, reply, this.roots.widget, path, options)))
      replyError(reply, 404, cannot(request.raw));
    return reply;
  };

  /**
   * GET /remotes/<dir>/<version>/*: a published build from the registry; GET /remotes/<dir>/*: the build shipped
   * with the gateway (open CORS: a remote's page may load from another origin).
   */
  readonly remoteFile = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const rest = pathOf(request).slice('/remotes/'.length);
    const slash = rest.indexOf('/');
    const dir = slash < 0 ? '' : rest.slice(0, slash);
    const [second = '', ...file] = rest.slice(slash + 1).split('/');
    const version = safeDecode(second);
    if (slash > 0 && isVersion(version)) {
      if (!(await this.publishedFile(request, reply, dir, version, file.map(safeDecode).join('/')))) {
        replyError(reply, 404, cannot(request.raw));
      }
      return reply;
    }
    const found =
      this.remoteDirs.has(dir) &&
      (await sendFile(request, reply, this.roots.remote(dir), rest.slice(slash), {
        precompressed: true,
        headers: this.buildFileHeaders,
      }));
    if (!found) replyError(reply, 404, cannot(request.raw));
    return reply;
  };

  /** GET /config.json: runtime configuration for the shell and its remotes. */
  readonly runtimeConfig = (_request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const c = this.config;
    return reply.header('cache-control', 'no-store').send({
      auth: { domain: c.AUTH_DOMAIN, clientId: c.AUTH_CLIENT_ID, audience: c.AUTH_AUDIENCE },
      apiBaseUrl: '/api',
      widgetHost: c.WIDGET_HOST,
      stripe: { publishableKey: c.STRIPE_PUBLISHABLE_KEY, scriptUrl: c.STRIPE_JS_URL },
    });
  };

  /**
   * A published build's file, as its build compressed it when the browser accepts that. A version's files
   * never change, so every one of them is cached for a year.
   */
  private async publishedFile(
    request: FastifyRequest,
    reply: FastifyReply,
    remote: string,
    version: string,
    path: string,
  ): Promise<boolean> {
    if (!path || path.endsWith('.html')) return false; // a standalone page is for the team's dev server
    let body: Buffer | null = null;
    if (PRECOMPRESSED.test(path)) {
      void reply.header('vary', 'accept-encoding');
      for (const [name, suffix] of ENCODINGS) {
        if (!acceptsEncoding(request.headers['accept-encoding'], name)) continue;
        body = await this.registry.file(remote, version, path + suffix);
        if (body) {
          void reply.header('content-encoding', name);
          break;
        }
      }
    }
    if (!body) body = await this.registry.file(remote, version, path);
    if (!body) return false;
    void reply
      .header('content-type', contentTypeOf(path))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
    return true;
  }

  /**
   * GET /remotes.json: where the shell loads each remote from: the registry's live version of each remote it
   * holds (its canary for the share of owners it reaches: the shell sends the owner's token once signed in),
   * else the folder shipped with the gateway.
   */
  readonly remotes = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const owner = request.headers.authorization
      ? await this.verifier.verify(request.headers.authorization).then(
          (identity) => identity.sub,
          () => undefined, // an expired token still gets the live versions
        )
      : undefined;
    const manifest = remotesFor(this.config.REMOTES, await this.registry.manifest(), owner);
    return reply.header('cache-control', 'no-store').header('vary', 'authorization').send(manifest);
  };

  /**
   * GET anything else: a file of the shell's build, else a public path's pre-rendered page (or 404
   * / redirect) from the marketing build, else the shell's index.html (/dashboard/*: the shell
   * routes on the client).
   */
  readonly shell = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = request.raw.url ?? '/';
    const path = pathOf(request);
    const files = { precompressed: true, headers: this.buildFileHeaders };
    if (await sendFile(request, reply, this.roots.shell, path, files)) return reply;
    if (extname(path) !== '') return replyError(reply, 404, cannot(request.raw));
    const dashboard = path === '/dashboard' || path.startsWith('/dashboard/');
    if (!dashboard) {
      const query = url.indexOf('?');
      if (await this.site.serve(path, query < 0 ? '' : url.slice(query), request, reply)) return reply;
    }
    const policy = this.policy.forFile(this.index, undefined, dashboard ? 'dashboard' : 'public');
    const headers = () => ({ 'cache-control': 'no-cache', ...pageHeaders(policy!) });
    if (!policy || !(await sendFile(request, reply, this.roots.shell, '/index.html', { headers })))
      replyError(reply, 404, 'The dashboard is not built yet (run npm run build)');
    return reply;
  };
}
