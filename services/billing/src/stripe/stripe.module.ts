import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { BillingConfig } from '../config';
import { createStripeClient, STRIPE } from '../stripe-client';
import { RevocationsModule } from '../revocations/revocations.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AccountService } from './account.service';
import { BILLING_URLS } from './billing-urls';
import { CheckoutService } from './checkout.service';
import { Customer } from './customer.entity';
import { BillingAccountController, StripeSessionsController, StripeWebhookController } from './stripe.controllers';
import { WEBHOOK_SECRET, WebhookService } from './webhook.service';

@Module({})
export class StripeModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: StripeModule,
      imports: [
        TypeOrmModule.forFeature([Customer]),
        SubscriptionsModule.forRoot(config.BILLING_SEED_PLANS),
        RevocationsModule,
      ],
      controllers: [StripeSessionsController, BillingAccountController, StripeWebhookController],
      providers: [
        { provide: STRIPE, useValue: createStripeClient(config) },
        { provide: WEBHOOK_SECRET, useValue: config.STRIPE_WEBHOOK_SECRET },
        { provide: BILLING_URLS, useValue: { publicUrl: config.PUBLIC_URL } },
        CheckoutService,
        AccountService,
        WebhookService,
      ],
      // The account module reads the owner's invoices and cancels their subscriptions.
      exports: [STRIPE, AccountService, TypeOrmModule],
    };
  }
}
