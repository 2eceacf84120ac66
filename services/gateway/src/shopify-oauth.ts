import { Inject, Injectable, Logger } from '@nestjs/common';
import { SHOPIFY_CONNECT_COOKIE } from '@sniff/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientAddresses } from '@sniff/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { forward } from './forward';
import { sendError, handler } from './http-error';
import { RateLimits } from './rate-limits';

/** The stores service's route for each public step. */
export const SHOPIFY_STEPS = { auth: '/shopify/oauth/begin', callback: '/shopify/oauth/callback' } as const;
/**
 * The cookies of the flow: the Shopify library's signed OAuth state, and the value that ties a
 * connect link to the browser that asked for it. No other cookie of the owner's goes to a service.
 */
const FLOW_COOKIE = new RegExp(`^(shopify_app_state(\\.sig)?|${SHOPIFY_CONNECT_COOKIE})=`);

/**
 * GET /shopify/auth and GET /shopify/callback -> the stores service's OAuth steps, public: the owner's
 * browser comes here in the "Connect with Shopify" popup (with a one-time ticket) and back from Shopify
 * (with Shopify's signed answer), carrying no Sniff token. The stores service checks the ticket and
 * its browser, the HMAC and the signed state; the gateway passes on only the flow's cookies.
 * Rate-limited per address.
 */
@Injectable()
export class ShopifyOauthProxy {
  private readonly logger = new Logger('ShopifyOAuth');

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly clients: ClientAddresses,
    private readonly limits: RateLimits,
  ) {}

  /** GET /shopify/auth or /shopify/callback (routes.ts; any method, for the 405) -> the stores service's step. */
  handle(step: keyof typeof SHOPIFY_STEPS) {
    return handler(this.logger, (req, res) => this.route(req, res, step));
  }

  private async route(req: IncomingMessage, res: ServerResponse, step: keyof typeof SHOPIFY_STEPS): Promise<void> {
    if (req.method !== 'GET') return sendError(res, 405, `Use GET for /shopify/${step}`, { allow: 'GET' });
    const client = this.clients.of(req);
    const wait = await this.limits.publicApi.take(`shopify-oauth:${client.address}`);
    if (wait)
      return sendError(res, 429, 'Too many requests; wait a moment and try again', { 'retry-after': String(wait) });
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const cookie = (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => FLOW_COOKIE.test(c))
      .join('; ');
    forward(req, res, {
      service: 'stores',
      base: this.config.STORES_URL,
      path: SHOPIFY_STEPS[step] + (q === -1 ? '' : url.slice(q)),
      client,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
      headers: cookie ? { cookie } : {},
    });
  }
}
