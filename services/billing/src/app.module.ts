import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule, serviceDatabase } from '@sniff/service-kit';
import type { BillingConfig } from './config';
import { migrations } from './migrations';
import { Subscription } from './subscriptions/subscription.entity';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        serviceDatabase(config, { schema: 'billing', entities: [Subscription], migrations }),
        HealthModule,
        SubscriptionsModule.forRoot(config.BILLING_SEED_PLANS),
      ],
    };
  }
}
