import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentOwner, InternalGuard, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { type FeedbackSendRequest, feedbackSendRequestSchema } from '@sniff/contracts';
import { FeedbackService } from './feedback.service';

/** /api/feedback/feedback/send: an owner's message to the Sniff team. */
@Controller('feedback')
@UseGuards(OwnerGuard)
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Post('send')
  @HttpCode(200)
  send(@CurrentOwner() owner: Owner, @ValidBody(feedbackSendRequestSchema) body: FeedbackSendRequest) {
    return this.feedback.send(owner, body);
  }
}

/** The owner's messages for the account export and deletion (billing's account job calls these). */
@Controller('internal/owners/:sub')
@UseGuards(InternalGuard)
export class InternalFeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Get()
  export(@Param('sub') sub: string) {
    return this.feedback.ofOwner(sub);
  }

  @Delete()
  remove(@Param('sub') sub: string) {
    return this.feedback.deleteOwner(sub);
  }
}
