import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  accountDeletionRequestSchema,
  type AccountDeletionRequest,
  type AccountDeletionStatus,
  type AccountExport,
} from '@sniff/contracts';
import { CurrentOwner, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';

/** Dashboard: GET /account/export, POST /account/deletion {confirm}, GET /account/deletion. */
@Controller('account')
@UseGuards(OwnerGuard)
export class AccountController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly deletions: AccountDeletionService,
  ) {}

  @Get('export')
  export(@CurrentOwner() owner: Owner): Promise<AccountExport> {
    return this.exports.export(owner);
  }

  /** 202: the deletion runs as a job; GET /account/deletion follows it. */
  @Post('deletion')
  @HttpCode(202)
  requestDeletion(
    @CurrentOwner() owner: Owner,
    @ValidBody(accountDeletionRequestSchema) body: AccountDeletionRequest,
  ): Promise<AccountDeletionStatus> {
    return this.deletions.request(owner, body);
  }

  @Get('deletion')
  deletion(@CurrentOwner() owner: Owner): Promise<AccountDeletionStatus> {
    return this.deletions.status(owner.sub);
  }
}
