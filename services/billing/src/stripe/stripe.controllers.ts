import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  billingAccountRequestSchema,
  cancelCheckoutRequestSchema,
  type CancelCheckoutResponse,
  checkoutSessionRequestSchema,
  portalSessionRequestSchema,
  type BillingAccountResponse,
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
  type PortalSessionResponse,
} from '@sniff/contracts';
import { BodyLimit, CurrentOwner, MB, Owner, OwnerGuard, ownEmail, RawBody, ValidBody } from '@sniff/service-kit';
import { AccountService } from './account.service';
import { CheckoutService } from './checkout.service';
import { WebhookService, type WebhookAnswer } from './webhook.service';

/** Dashboard: POST /stripe/checkout-session and /stripe/portal-session. */
@Controller('stripe')
@UseGuards(OwnerGuard)
export class StripeSessionsController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly account: AccountService,
  ) {}

  @Post('checkout-session')
  @HttpCode(200)
  checkoutSession(
    @CurrentOwner() owner: Owner,
    @ValidBody(checkoutSessionRequestSchema) body: CheckoutSessionRequest,
  ): Promise<CheckoutSessionResponse> {
    return this.checkout.start(owner, body);
  }

  /** The owner's open checkout ends (the dashboard calls it on ?canceled=true); no plan changes. */
  @Post('checkout-session/cancel')
  @HttpCode(200)
  cancelCheckout(
    @CurrentOwner() owner: Owner,
    @ValidBody(cancelCheckoutRequestSchema) body: { email: string },
  ): Promise<CancelCheckoutResponse> {
    ownEmail(owner, body.email);
    return this.checkout.cancelOpen(owner);
  }

  @Post('portal-session')
  @HttpCode(200)
  portalSession(
    @CurrentOwner() owner: Owner,
    @ValidBody(portalSessionRequestSchema) body: { email: string },
  ): Promise<PortalSessionResponse> {
    ownEmail(owner, body.email);
    return this.account.portal(owner);
  }
}

/** Dashboard: POST /billing/account -> subscriptions and invoices. */
@Controller('billing')
@UseGuards(OwnerGuard)
export class BillingAccountController {
  constructor(private readonly account: AccountService) {}

  @Post('account')
  @HttpCode(200)
  accountOf(
    @CurrentOwner() owner: Owner,
    @ValidBody(billingAccountRequestSchema) body: { email: string },
  ): Promise<BillingAccountResponse> {
    ownEmail(owner, body.email);
    return this.account.account(owner);
  }
}

/**
 * POST /stripe/webhook: Stripe's events, public through the gateway's /webhooks/stripe. No owner:
 * the signature over the raw body is the only credential.
 */
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  @RawBody()
  @BodyLimit(1 * MB)
  receive(@Body() raw: unknown, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookAnswer> {
    return this.webhooks.receive(raw, signature);
  }
}
