import { Controller, Param } from '@nestjs/common';
import { storesEndpoints } from '@sniff/contracts';
import { Endpoint } from '@sniff/service-kit';
import { AccountService } from './account.service';

/** The owner's stores for the account export and deletion (billing's account job calls these). */
@Controller()
export class InternalOwnersController {
  constructor(private readonly account: AccountService) {}

  /** GET /internal/owners/:sub -> { stores: [...] } */
  @Endpoint(storesEndpoints.ownerStores)
  export(@Param('sub') sub: string) {
    return this.account.exportOwner(sub);
  }

  /** DELETE /internal/owners/:sub -> { deleted: { stores, widgetSettings, ... } } */
  @Endpoint(storesEndpoints.deleteOwnerStores)
  remove(@Param('sub') sub: string) {
    return this.account.deleteOwner(sub);
  }
}
