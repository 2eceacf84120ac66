import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientAddresses } from '@sniff/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { forward } from './forward';
import { sendError, handler } from './http-error';
import { RateLimits } from './rate-limits';
import { checkDeclaredLength, hasBody, readBody } from './read-body';

/** Stripe's events are a few KB; 1 MB leaves room for the largest (an invoice with many lines). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /webhooks/stripe -> billing's /stripe/webhook, public: no bearer token, no identity; billing
 * verifies the Stripe-Signature over the body, which therefore goes on byte for byte. Rate-limited
 * per client address like the widget API (Stripe sends from a handful of addresses).
 */
@Injectable()
export class StripeWebhookProxy {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly clients: ClientAddresses,
    private readonly limits: RateLimits,
  ) {}

  /** /webhooks/stripe (routes.ts), any method: the body streams on untouched. */
  readonly handle = handler(this.logger, (req, res) => this.route(req, res));

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return sendError(res, 405, 'Use POST for /webhooks/stripe', { allow: 'POST' });
    checkDeclaredLength(req, WEBHOOK_BODY_LIMIT);
    const client = this.clients.of(req);
    const wait = await this.limits.publicApi.take(`stripe-webhook:${client.address}`);
    if (wait) {
      return sendError(res, 429, 'Too many webhook deliveries from this address; retry in a moment', {
        'retry-after': String(wait),
      });
    }
    // A declared length was checked above and the body streams through; a chunked one has no
    // length to check up front, so it is read whole (capped) first.
    const chunked = req.headers['content-length'] === undefined && hasBody(req);
    forward(req, res, {
      service: 'billing',
      base: this.config.BILLING_URL,
      path: '/stripe/webhook',
      client,
      body: chunked ? await readBody(req, WEBHOOK_BODY_LIMIT) : undefined,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
    });
  }
}
