import { CreateStores1760000000000 } from './1760000000000-CreateStores';
import { StoreSearchSettings1763740000000 } from './1763740000000-StoreSearchSettings';
import { StoreSources1764000000000 } from './1764000000000-StoreSources';
import { WidgetSettings1766100000000 } from './1766100000000-WidgetSettings';
import { DeletedOwners1766400000000 } from './1766400000000-DeletedOwners';
import { ShopifyConnectBrowser1766400001000 } from './1766400001000-ShopifyConnectBrowser';

/** Every committed migration of the stores schema, in order. */
export const migrations = [
  CreateStores1760000000000,
  StoreSearchSettings1763740000000,
  StoreSources1764000000000,
  WidgetSettings1766100000000,
  DeletedOwners1766400000000,
  ShopifyConnectBrowser1766400001000,
];
