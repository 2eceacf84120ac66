import { Controller } from '@nestjs/common';
import { billingEndpoints } from '@sniff/contracts';
import { Endpoint, type QueryOf, ValidQuery } from '@sniff/service-kit';
import { RevokedSubjects } from './revoked-subjects';

const { revokedSubjects } = billingEndpoints;

/** Internal: GET /internal/revoked-subjects?after=N, polled by every gateway replica. */
@Controller()
export class RevocationsController {
  constructor(private readonly revoked: RevokedSubjects) {}

  @Endpoint(revokedSubjects)
  list(@ValidQuery(revokedSubjects.query) query: QueryOf<typeof revokedSubjects>) {
    return this.revoked.after(query.after);
  }
}
