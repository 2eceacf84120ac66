import { Controller, Param } from '@nestjs/common';
import { CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { billingEndpoints, UserInfoResponse } from '@sniff/contracts';
import { SubscriptionsService } from './subscriptions.service';

const { userInfo, ownerPlans } = billingEndpoints;

/** Dashboard: POST /info/user -> the caller's plans. */
@Controller()
export class UserInfoController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Endpoint(userInfo)
  user(@CurrentOwner() owner: Owner, @ValidBody(userInfo.body) _body: unknown): Promise<UserInfoResponse> {
    return this.subscriptions.plansOf(owner.sub);
  }
}

/** Internal: GET /internal/users/:sub/plans (stores checks entitlements with it). */
@Controller()
export class InternalPlansController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Endpoint(ownerPlans)
  plans(@Param('sub') sub: string): Promise<UserInfoResponse> {
    return this.subscriptions.plansOf(sub);
  }
}
