import { CreateSubscriptions1760000000000 } from './1760000000000-CreateSubscriptions';
import { StripeBilling1760000001000 } from './1760000001000-StripeBilling';
import { AccountDeletions1766300000000 } from './1766300000000-AccountDeletions';
import { RevokedSubjects1766400000000 } from './1766400000000-RevokedSubjects';

/** Every committed migration of the billing schema, in order. */
export const migrations = [
  CreateSubscriptions1760000000000,
  StripeBilling1760000001000,
  AccountDeletions1766300000000,
  RevokedSubjects1766400000000,
];
