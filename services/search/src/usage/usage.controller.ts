import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { usageRequestSchema, type UsageResponse } from '@sniff/contracts';
import { CurrentOwner, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
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
