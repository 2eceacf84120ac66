import { Module } from '@nestjs/common';
import { RevocationsController } from './revocations.controller';
import { RevokedSubjects } from './revoked-subjects';

/** Deleted accounts' subjects: the gateways' revocation list, and billing's own refusal. */
@Module({
  controllers: [RevocationsController],
  providers: [RevokedSubjects],
  exports: [RevokedSubjects],
})
export class RevocationsModule {}
