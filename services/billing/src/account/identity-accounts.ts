import { Injectable } from '@nestjs/common';
import { ManagementClient, ManagementError } from 'auth0';
import type { AccountServicesConfig } from '../config';

/**
 * The sign-in accounts, through Auth0's Management API (the official SDK; locally the identity
 * provider speaks the same API). The SDK fetches and renews its client-credentials token itself.
 */
@Injectable()
export class IdentityAccounts {
  private readonly management: ManagementClient;

  constructor(
    config: Pick<AccountServicesConfig, 'AUTH0_MGMT_DOMAIN' | 'AUTH0_MGMT_CLIENT_ID' | 'AUTH0_MGMT_CLIENT_SECRET'>,
  ) {
    this.management = new ManagementClient({
      domain: config.AUTH0_MGMT_DOMAIN,
      clientId: config.AUTH0_MGMT_CLIENT_ID,
      clientSecret: config.AUTH0_MGMT_CLIENT_SECRET,
    });
  }

  /** Deletes the account; one already gone counts as deleted (Auth0 answers 204 for an unknown id too). */
  async delete(sub: string): Promise<void> {
    try {
      await this.management.users.delete(sub);
    } catch (err) {
      if (err instanceof ManagementError && err.statusCode === 404) return;
      throw err;
    }
  }
}
