import { Controller, Inject, Query, Res } from '@nestjs/common';
import { analyticsEndpoints, alertUnsubscribeQuerySchema } from '@sniff/contracts';
import { type BodyOf, CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import type { FastifyReply } from 'fastify';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';
import { UNSUBSCRIBE_PAGE_POLICY, unsubscribePage, type UnsubscribePage } from './unsubscribe-page';
import { ZeroResultAlertsService } from './zero-result-alerts.service';

const { zeroResultAlerts, updateZeroResultAlert, unsubscribePage: confirmPage, unsubscribe } = analyticsEndpoints;

/** Dashboard: the owner's weekly zero-result e-mail switches. */
@Controller()
export class ZeroResultAlertsController {
  constructor(private readonly alerts: ZeroResultAlertsService) {}

  @Endpoint(zeroResultAlerts)
  list(@CurrentOwner() owner: Owner, @ValidBody(zeroResultAlerts.body) _body: BodyOf<typeof zeroResultAlerts>) {
    return this.alerts.list(owner);
  }

  @Endpoint(updateZeroResultAlert)
  update(
    @CurrentOwner() owner: Owner,
    @ValidBody(updateZeroResultAlert.body) body: BodyOf<typeof updateZeroResultAlert>,
  ) {
    return this.alerts.update(owner, body.storeId, body.enabled);
  }
}

/**
 * The mail's unsubscribe link, public through the gateway as /alerts/unsubscribe: GET asks to confirm,
 * POST (the page's button, or a mail client's RFC 8058 one-click) switches the store off. Pages, never
 * JSON: a bad token is a 4xx page that says so.
 */
@Controller()
export class UnsubscribeController {
  constructor(
    private readonly alerts: ZeroResultAlertsService,
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
  ) {}

  @Endpoint(confirmPage)
  confirm(@Query() query: unknown, @Res() reply: FastifyReply): void {
    const token = this.token(query);
    const state = token === null ? 'invalid' : this.alerts.check(token);
    this.send(reply, state === 'valid' ? 'confirm' : state, token ?? undefined);
  }

  @Endpoint(unsubscribe)
  async unsubscribe(@Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const token = this.token(query);
    this.send(reply, token === null ? 'invalid' : await this.alerts.unsubscribe(token));
  }

  private token(query: unknown): string | null {
    const parsed = alertUnsubscribeQuerySchema.safeParse(query);
    return parsed.success ? parsed.data.token : null;
  }

  private send(reply: FastifyReply, kind: UnsubscribePage, token?: string): void {
    const page = unsubscribePage(kind, this.config.PUBLIC_URL, token);
    void reply
      .code(page.status)
      .header('cache-control', 'no-store')
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', UNSUBSCRIBE_PAGE_POLICY)
      .header('referrer-policy', 'no-referrer')
      .send(page.html);
  }
}
