import { Controller, Param } from '@nestjs/common';
import { CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { feedbackEndpoints, type FeedbackSendRequest, type NoticeRequest } from '@sniff/contracts';
import { FeedbackService } from './feedback.service';
import { NoticesService } from './notices.service';

/** /api/feedback/feedback/send: an owner's message to the Sniff team. */
@Controller()
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Endpoint(feedbackEndpoints.send)
  send(@CurrentOwner() owner: Owner, @ValidBody(feedbackEndpoints.send.body) body: FeedbackSendRequest) {
    return this.feedback.send(owner, body);
  }
}

/** The owner's messages for the account export and deletion (billing's account job calls these). */
@Controller()
export class InternalFeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Endpoint(feedbackEndpoints.ownerMessages)
  export(@Param('sub') sub: string) {
    return this.feedback.ofOwner(sub);
  }

  @Endpoint(feedbackEndpoints.deleteOwnerMessages)
  remove(@Param('sub') sub: string) {
    return this.feedback.deleteOwner(sub);
  }
}

/** Sniff's mails to owners, posted by other services (search's quota notices). */
@Controller()
export class InternalNoticesController {
  constructor(private readonly notices: NoticesService) {}

  @Endpoint(feedbackEndpoints.sendNotice)
  send(@ValidBody(feedbackEndpoints.sendNotice.body) body: NoticeRequest) {
    return this.notices.send(body);
  }
}
