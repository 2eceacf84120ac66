import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InternalPlansController, UserInfoController } from './subscriptions.controller';
import { Subscription } from './subscription.entity';
import { SEED_PLANS, SubscriptionsService } from './subscriptions.service';

@Module({})
export class SubscriptionsModule {
  static forRoot(seedPlans: string): DynamicModule {
    return {
      module: SubscriptionsModule,
      imports: [TypeOrmModule.forFeature([Subscription])],
      controllers: [UserInfoController, InternalPlansController],
      providers: [{ provide: SEED_PLANS, useValue: seedPlans }, SubscriptionsService],
      exports: [SubscriptionsService],
    };
  }
}
