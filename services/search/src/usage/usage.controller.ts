import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { usageRequestSchema, type UsageResponse } from '@sniff/contracts';
import { CurrentOwner, InternalGuard, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { UsageService } from './usage.service';

/** Dashboard: POST /api/search/usage {email} -> this month's searches against the plan's quota. */
@Controller('usage')
@UseGuards(OwnerGuard)
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Post()
  @HttpCode(200)
  read(@CurrentOwner() owner: Owner, @ValidBody(usageRequestSchema) _body: unknown): Promise<UsageResponse> {
    return this.usage.usage(owner.sub);
  }
}

/** The owner's usage rows for the account export and deletion (billing's account job calls these). */
@Controller('internal/owners/:sub')
@UseGuards(InternalGuard)
export class InternalUsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  export(@Param('sub') sub: string) {
    return this.usage.ofOwner(sub);
  }

  @Delete()
  remove(@Param('sub') sub: string) {
    return this.usage.deleteOwner(sub);
  }
}
