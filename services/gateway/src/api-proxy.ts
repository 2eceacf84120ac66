import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientAddresses, INTERNAL_TOKEN_HEADER, USER_EMAIL_HEADER, USER_SUB_HEADER } from '@sniff/service-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { forward } from './forward';
import { cannot, GatewayError, handler } from './http-error';
import { RateLimits } from './rate-limits';
import { checkDeclaredLength, readBody } from './read-body';
import { Revocations } from './revocations';
import { TokenVerifier, type Identity } from './token-verifier';

/** Paths of a service no one reaches through /api. */
const OPERATOR_ONLY = new Set(['internal', 'healthz', 'readyz', 'metrics', 'docs']);

const JSON_BODY_LIMIT = 5 * 1024 * 1024;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * /api/<service>/<rest>: verify the bearer token, refuse a deleted account's, rate-limit per subject, check a JSON payload's
 * e-mail against the token, then stream the call to the owning service with the verified identity.
 */
@Injectable()
export class ApiProxy {
  private readonly logger = new Logger('ApiProxy');
  private readonly services: Map<string, string>;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly tokens: TokenVerifier,
    private readonly clients: ClientAddresses,
    private readonly limits: RateLimits,
    private readonly revocations: Revocations,
  ) {
    this.services = new Map([
      ['billing', config.BILLING_URL],
      ['stores', config.STORES_URL],
      ['search', config.SEARCH_URL],
      ['analytics', config.ANALYTICS_URL],
      ['feedback', config.FEEDBACK_URL],
      // the operator API (REGISTRY_OPERATORS only: the registry checks the verified subject)
      ...(config.REGISTRY_URL ? [['registry', config.REGISTRY_URL] as const] : []),
    ]);
  }

  /** /api and /api/* (routes.ts), any method; the answer is streamed as the service sends it. */
  readonly handle = handler(this.logger, (req, res) => this.route(req, res));

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const identity = await this.tokens.verify(req.headers.authorization);
    this.revocations.check(identity.sub, req.method, req.url);
    const wait = await this.limits.api.take(identity.sub);
    if (wait)
      throw new GatewayError(429, 'Too many requests; wait a moment and try again', { 'retry-after': String(wait) });

    const { service, base, path } = this.resolve(req);
    const body = await this.checkedJsonBody(req, identity);
    forward(req, res, {
      service,
      base,
      path,
      client: this.clients.of(req),
      body,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
      headers: {
        // Percent-encoded: a header carries Latin-1 at most, an e-mail may not (the kit's OwnerGuard decodes).
        [USER_SUB_HEADER]: encodeURIComponent(identity.sub),
        [USER_EMAIL_HEADER]: encodeURIComponent(identity.email),
        [INTERNAL_TOKEN_HEADER]: this.config.INTERNAL_TOKEN,
      },
    });
  }

  /** Maps /<service>/<rest>?q to the service; /internal/..., probes, metrics and dot segments are never reachable. */
  private resolve(req: IncomingMessage): { service: string; base: string; path: string } {
    const notFound = () => new GatewayError(404, cannot(req));
    const url = (req.url ?? '').slice('/api'.length);
    const q = url.indexOf('?');
    const query = q === -1 ? '' : url.slice(q);
    const segments = (q === -1 ? url : url.slice(0, q)).split('/').filter(Boolean);
    const [service, ...rest] = segments;
    const base = service === undefined ? undefined : this.services.get(service);
    if (!service || !base) throw notFound();
    const decoded = rest.map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw notFound();
      }
    });
    if (decoded.some((s) => s === '.' || s === '..' || /[/\\]/.test(s))) throw notFound();
    // Services match routes case-insensitively, so "Internal" must be refused too; their probes and
    // metrics and API documents (internal routes included) are for the cluster, not the public.
    if (OPERATOR_ONLY.has(decoded[0]?.toLowerCase() ?? '')) throw notFound();
    return { service, base, path: `/${rest.join('/')}${query}` };
  }

  /** Reads a JSON body (to check its e-mail); other bodies (multipart uploads) stream through untouched. */
  private async checkedJsonBody(req: IncomingMessage, identity: Identity): Promise<Buffer | undefined> {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || !JSON_TYPE.test(req.headers['content-type'] ?? '')) return undefined;
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') throw new GatewayError(415, 'Compressed JSON request bodies are not supported');
    checkDeclaredLength(req, JSON_BODY_LIMIT);
    const raw = await readBody(req, JSON_BODY_LIMIT);
    if (raw.length === 0) return raw;
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new GatewayError(400, 'Request body is not valid JSON');
    }
    if (payload && typeof payload === 'object' && !Array.isArray(payload) && 'email' in payload) {
      const email = (payload as { email: unknown }).email;
      const same = typeof email === 'string' && email.trim().toLowerCase() === identity.email.trim().toLowerCase();
      if (!same) throw new GatewayError(403, 'email does not match the signed-in user');
    }
    return raw;
  }
}
