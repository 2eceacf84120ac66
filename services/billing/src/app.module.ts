import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule, serviceDatabase } from '@sniff/service-kit';
import { AccountDeletion } from './account/account-deletion.entity';
import { AccountModule } from './account/account.module';
import type { BillingConfig } from './config';
import { migrations } from './migrations';
import { Customer } from './stripe/customer.entity';
import { StripeModule } from './stripe/stripe.module';
import { Subscription } from './subscriptions/subscription.entity';

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    const stripe = StripeModule.forRoot(config);
    return {
      module: AppModule,
      imports: [
        serviceDatabase(config, { schema: 'billing', entities: [Subscription, Customer, AccountDeletion], migrations }),
        HealthModule,
        // Imports the subscriptions (plans, seed grants) it sells.
        stripe,
        AccountModule.forRoot(config, stripe),
      ],
    };
  }
}
