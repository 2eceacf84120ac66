import { Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { ManagementClient, ManagementError } from 'auth0';
import type { AccountServicesConfig } from '../config';

/**
 * The sign-in accounts, through Auth0's Management API (the official SDK; locally the identity
 * provider speaks the same API). The SDK fetches and renews its client-credentials token itself.
 */
@Injectable()
export class IdentityAccounts {
  private readonly logger = new Logger('IdentityAccounts');
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

  /**
   * The account's e-mail address (404 when there is no such account, or it has no address). Any other
   * failure is a 503: the Management API's own 401 or 429 is about billing's client, not the caller's request.
   */
  async email(sub: string): Promise<string> {
    let email: string | undefined;
    try {
      ({ email } = await this.management.users.get(sub, { fields: 'email', include_fields: true }));
    } catch (err) {
      if (err instanceof ManagementError && err.statusCode === 404) throw new NotFoundException('No such account');
      this.logger.warn(`e-mail of ${sub} not read: ${(err as Error).message}`);
      throw new ServiceUnavailableException('The identity provider is unavailable. Please try again.');
    }
    if (!email) throw new NotFoundException('The account has no e-mail address');
    return email;
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
