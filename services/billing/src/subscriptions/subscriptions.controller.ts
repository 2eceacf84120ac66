import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentOwner, InternalGuard, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { userInfoRequestSchema, UserInfoResponse } from '@sniff/contracts';
import { SubscriptionsService } from './subscriptions.service';

/** Dashboard: POST /info/user -> the caller's plans. */
@Controller('info')
@UseGuards(OwnerGuard)
export class UserInfoController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post('user')
  @HttpCode(200)
  user(@CurrentOwner() owner: Owner, @ValidBody(userInfoRequestSchema) _body: unknown): Promise<UserInfoResponse> {
    return this.subscriptions.plansOf(owner.sub);
  }
}

/** Internal: GET /internal/users/:sub/plans (stores checks entitlements with it). */
@Controller('internal/users')
@UseGuards(InternalGuard)
export class InternalPlansController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get(':sub/plans')
  plans(@Param('sub') sub: string): Promise<UserInfoResponse> {
    return this.subscriptions.plansOf(sub);
  }
}
