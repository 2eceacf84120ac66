import { Controller, Param } from '@nestjs/common';
import { billingEndpoints, type OwnerContact } from '@sniff/contracts';
import { Endpoint } from '@sniff/service-kit';
import { IdentityAccounts } from './identity-accounts';

/** Internal: GET /internal/users/:sub/contact (search mails an owner's quota notices to it). */
@Controller()
export class InternalContactController {
  constructor(private readonly identity: IdentityAccounts) {}

  @Endpoint(billingEndpoints.ownerContact)
  async contact(@Param('sub') sub: string): Promise<OwnerContact> {
    return { email: await this.identity.email(sub) };
  }
}
