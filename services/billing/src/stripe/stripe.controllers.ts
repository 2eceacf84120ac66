import { Body, Controller, Headers } from '@nestjs/common';
import {
  billingEndpoints,
  type BillingAccountResponse,
  type CancelCheckoutResponse,
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
  type PortalSessionResponse,
} from '@sniff/contracts';
import { BodyLimit, CurrentOwner, Endpoint, MB, Owner, ownEmail, RawBody, ValidBody } from '@sniff/service-kit';
import { AccountService } from './account.service';
import { CheckoutService } from './checkout.service';
import { WebhookService, type WebhookAnswer } from './webhook.service';

const { checkoutSession, cancelCheckout, portalSession, billingAccount, stripeWebhook } = billingEndpoints;

/** Dashboard: POST /stripe/checkout-session and /stripe/portal-session. */
@Controller()
export class StripeSessionsController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly account: AccountService,
  ) {}

  @Endpoint(checkoutSession)
  checkoutSession(
    @CurrentOwner() owner: Owner,
    @ValidBody(checkoutSession.body) body: CheckoutSessionRequest,
  ): Promise<CheckoutSessionResponse> {
    return this.checkout.start(owner, body);
  }

  /** The owner's open checkout ends (the dashboard calls it on ?canceled=true); no plan changes. */
  @Endpoint(cancelCheckout)
  cancelCheckout(
    @CurrentOwner() owner: Owner,
    @ValidBody(cancelCheckout.body) body: { email: string },
  ): Promise<CancelCheckoutResponse> {
    ownEmail(owner, body.email);
    return this.checkout.cancelOpen(owner);
  }

  @Endpoint(portalSession)
  portalSession(
    @CurrentOwner() owner: Owner,
    @ValidBody(portalSession.body) body: { email: string },
  ): Promise<PortalSessionResponse> {
    ownEmail(owner, body.email);
    return this.account.portal(owner);
  }
}

/** Dashboard: POST /billing/account -> subscriptions and invoices. */
@Controller()
export class BillingAccountController {
  constructor(private readonly account: AccountService) {}

  @Endpoint(billingAccount)
  accountOf(
    @CurrentOwner() owner: Owner,
    @ValidBody(billingAccount.body) body: { email: string },
  ): Promise<BillingAccountResponse> {
    ownEmail(owner, body.email);
    return this.account.account(owner);
  }
}

/**
 * POST /stripe/webhook: Stripe's events, public through the gateway's /webhooks/stripe. No owner:
 * the signature over the raw body is the only credential, so no guard (the entry is public) and no
 * @ValidBody: the handler gets the bytes as sent (RawBody), and WebhookService verifies them.
 */
@Controller()
export class StripeWebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Endpoint(stripeWebhook)
  @RawBody()
  @BodyLimit(1 * MB)
  receive(@Body() raw: unknown, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookAnswer> {
    return this.webhooks.receive(raw, signature);
  }
}
