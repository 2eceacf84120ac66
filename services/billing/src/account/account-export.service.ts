import { Injectable } from '@nestjs/common';
import type { AccountExport } from '@sniff/contracts';
import type { Owner } from '@sniff/service-kit';
import { AccountService } from '../stripe/account.service';
import { OwnerData } from './owner-data';

/** "Export my data": everything every service keeps about the owner, in one JSON document. */
@Injectable()
export class AccountExportService {
  constructor(
    private readonly billing: AccountService,
    private readonly ownerData: OwnerData,
  ) {}

  async export(owner: Owner): Promise<AccountExport> {
    const [billing, { stores }, { usage }, { messages }] = await Promise.all([
      this.billing.account(owner),
      this.ownerData.stores(owner.sub),
      this.ownerData.usage(owner.sub),
      this.ownerData.feedback(owner.sub),
    ]);
    const analytics = await Promise.all(
      stores.map(async (store) => {
        const { events, zeroResultAlerts } = await this.ownerData.events(store.id);
        return { storeId: store.id, events, zeroResultAlerts };
      }),
    );
    return {
      exportedAt: new Date().toISOString(),
      owner: { sub: owner.sub, email: owner.email },
      billing,
      stores,
      usage,
      analytics,
      feedback: messages,
    };
  }
}
