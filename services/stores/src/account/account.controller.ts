import { Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';
import { InternalGuard } from '@sniff/service-kit';
import { AccountService } from './account.service';

/** The owner's stores for the account export and deletion (billing's account job calls these). */
@Controller('internal/owners/:sub')
@UseGuards(InternalGuard)
export class InternalOwnersController {
  constructor(private readonly account: AccountService) {}

  /** GET /internal/owners/:sub -> { stores: [...] } */
  @Get()
  export(@Param('sub') sub: string) {
    return this.account.exportOwner(sub);
  }

  /** DELETE /internal/owners/:sub -> { deleted: { stores, widgetSettings, ... } } */
  @Delete()
  remove(@Param('sub') sub: string) {
    return this.account.deleteOwner(sub);
  }
}
