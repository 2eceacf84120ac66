import { CreateSubscriptions1760000000000 } from './1760000000000-CreateSubscriptions';

/** Every committed migration of the billing schema, in order. */
export const migrations = [CreateSubscriptions1760000000000];
