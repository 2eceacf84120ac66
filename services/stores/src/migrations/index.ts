import { CreateStores1760000000000 } from './1760000000000-CreateStores';

/** Every committed migration of the stores schema, in order. */
export const migrations = [CreateStores1760000000000];
