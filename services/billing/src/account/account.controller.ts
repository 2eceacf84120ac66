import { Controller } from '@nestjs/common';
import {
  type AccountDeletionRequest,
  type AccountDeletionStatus,
  type AccountExport,
  billingEndpoints,
} from '@sniff/contracts';
import { CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';

const { accountExport, requestAccountDeletion, accountDeletion } = billingEndpoints;

/** Dashboard: GET /account/export, POST /account/deletion {confirm}, GET /account/deletion. */
@Controller()
export class AccountController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly deletions: AccountDeletionService,
  ) {}

  @Endpoint(accountExport)
  export(@CurrentOwner() owner: Owner): Promise<AccountExport> {
    return this.exports.export(owner);
  }

  /** 202: the deletion runs as a job; GET /account/deletion follows it. */
  @Endpoint(requestAccountDeletion)
  requestDeletion(
    @CurrentOwner() owner: Owner,
    @ValidBody(requestAccountDeletion.body) body: AccountDeletionRequest,
  ): Promise<AccountDeletionStatus> {
    return this.deletions.request(owner, body);
  }

  @Endpoint(accountDeletion)
  deletion(@CurrentOwner() owner: Owner): Promise<AccountDeletionStatus> {
    return this.deletions.status(owner.sub);
  }
}
