import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { queueProviders } from '@sniff/service-kit';
import type { BillingConfig } from '../config';
import { AccountDeletion } from './account-deletion.entity';
import { AccountDeletionService, DELETION_DELAY } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { AccountController } from './account.controller';
import { InternalContactController } from './contact.controller';
import { IdentityAccounts } from './identity-accounts';
import { OwnerData } from './owner-data';

/** The owner's own account: export of their data and Delete Account; their e-mail for other services. */
@Module({})
export class AccountModule {
  /** `stripe`: the app's StripeModule.forRoot (the same module object, so one Stripe client). */
  static forRoot(config: BillingConfig, stripe: DynamicModule): DynamicModule {
    return {
      module: AccountModule,
      imports: [TypeOrmModule.forFeature([AccountDeletion]), stripe],
      controllers: [AccountController, InternalContactController],
      providers: [
        ...queueProviders(config),
        { provide: OwnerData, useValue: new OwnerData(config) },
        { provide: IdentityAccounts, useValue: new IdentityAccounts(config) },
        { provide: DELETION_DELAY, useValue: config.DELETION_DELAY_SECONDS },
        AccountDeletionService,
        AccountExportService,
      ],
      exports: [AccountDeletionService],
    };
  }
}
