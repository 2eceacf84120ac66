import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientAddresses } from '@sniff/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { forward } from './forward';
import { sendError, handler } from './http-error';
import { RateLimits } from './rate-limits';
import { checkDeclaredLength, hasBody, readBody } from './read-body';

/** The analytics service's route for the mail's unsubscribe link. */
export const ALERTS_UNSUBSCRIBE_PATH = '/alerts/unsubscribe';
/** A one-click POST carries `List-Unsubscribe=One-Click` (RFC 8058), a few bytes; nothing else is read. */
const BODY_LIMIT = 4 * 1024;

/**
 * GET and POST /alerts/unsubscribe?token=… -> the analytics service, public: the link in a zero-result
 * alert and a mail client's one-click unsubscribe reach it with no Sniff token; the signed token in the
 * query is the only credential, checked by analytics. A POST's body (a form, in whatever encoding the
 * mail client chose) says nothing the address does not, so it is read, capped and dropped here and the
 * service gets an empty one. Rate-limited per address.
 */
@Injectable()
export class AlertsUnsubscribeProxy {
  private readonly logger = new Logger('AlertsUnsubscribe');

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly clients: ClientAddresses,
    private readonly limits: RateLimits,
  ) {}

  readonly handle = handler(this.logger, (req, res) => this.route(req, res));

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'POST')
      return sendError(res, 405, `Use GET or POST for ${ALERTS_UNSUBSCRIBE_PATH}`, { allow: 'GET, POST' });
    checkDeclaredLength(req, BODY_LIMIT);
    const client = this.clients.of(req);
    const wait = await this.limits.publicApi.take(`alerts-unsubscribe:${client.address}`);
    if (wait)
      return sendError(res, 429, 'Too many requests; wait a moment and try again', { 'retry-after': String(wait) });
    if (hasBody(req)) await readBody(req, BODY_LIMIT);
    const url = req.url ?? '';
    const q = url.indexOf('?');
    forward(req, res, {
      service: 'analytics',
      base: this.config.ANALYTICS_URL,
      path: ALERTS_UNSUBSCRIBE_PATH + (q === -1 ? '' : url.slice(q)),
      client,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
      ...(req.method === 'POST' ? { body: Buffer.alloc(0), headers: { 'content-type': 'text/plain' } } : {}),
    });
  }
}
