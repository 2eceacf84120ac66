import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule, serviceDatabase } from '@sniff/service-kit';
import type { BillingConfig } from './config';
import { migrations } from './migrations';
import { Customer } from './stripe/customer.entity';
import { StripeModule } from './stripe/stripe.module';
import { Subscription } from './subscriptions/subscription.entity';

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        serviceDatabase(config, { schema: 'billing', entities: [Subscription, Customer], migrations }),
        HealthModule,
        // Imports the subscriptions (plans, seed grants) it sells.
        StripeModule.forRoot(config),
      ],
    };
  }
}
