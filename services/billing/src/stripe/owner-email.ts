import { ForbiddenException } from '@nestjs/common';
import type { Owner } from '@sniff/service-kit';

/**
 * The payload's e-mail must be the token's (the gateway checks too; billing is reachable inside
 * the cluster without it). Compared as the gateway does: trimmed, case-insensitive.
 */
export function assertOwnEmail(owner: Owner, email: string): void {
  if (email.trim().toLowerCase() !== owner.email.trim().toLowerCase()) {
    throw new ForbiddenException({
      statusCode: 403,
      error: 'Forbidden',
      message: 'email does not match the signed-in user',
      field: 'email',
    });
  }
}
