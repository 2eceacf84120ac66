import { Controller, Param } from '@nestjs/common';
import { searchEndpoints, type UsageResponse } from '@sniff/contracts';
import { CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { UsageService } from './usage.service';

/** Dashboard: POST /api/search/usage {email} -> this month's searches against the plan's quota. */
@Controller()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Endpoint(searchEndpoints.usage)
  read(@CurrentOwner() owner: Owner, @ValidBody(searchEndpoints.usage.body) _body: unknown): Promise<UsageResponse> {
    return this.usage.usage(owner.sub);
  }
}

/** The owner's usage rows for the account export and deletion (billing's account job calls these). */
@Controller()
export class InternalUsageController {
  constructor(private readonly usage: UsageService) {}

  @Endpoint(searchEndpoints.ownerUsage)
  export(@Param('sub') sub: string) {
    return this.usage.ofOwner(sub);
  }

  @Endpoint(searchEndpoints.deleteOwnerUsage)
  remove(@Param('sub') sub: string) {
    return this.usage.deleteOwner(sub);
  }
}
