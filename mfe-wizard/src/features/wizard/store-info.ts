import { shopifyStoreUrl, websiteUrlSchema, type Platform } from '@sniff/contracts';

export interface StoreInfo {
  storeName: string;
  storeUrl: string;
  storeNickname: string;
}
export type StoreInfoErrors = Partial<Record<keyof StoreInfo, string>>;

export const STORE_NAME_REQUIRED = 'Store name is required.';

/**
 * Step 2's rules (section 5). Custom and Squarespace sites need a website URL; a Shopify store's
 * name is its myshopify address, so the name itself must make a shop host. `url` is the site's URL,
 * or the shop's https://<name>.myshopify.com.
 */
export function validateStoreInfo(
  info: StoreInfo,
  platform: Platform = 'custom',
): { errors: StoreInfoErrors; url?: string } {
  const errors: StoreInfoErrors = {};
  if (platform === 'shopify') {
    const shop = shopifyStoreUrl(info.storeName);
    if ('error' in shop) errors.storeName = shop.error;
    return { errors, url: 'url' in shop ? shop.url : undefined };
  }
  if (!info.storeName.trim()) errors.storeName = STORE_NAME_REQUIRED;
  const url = websiteUrlSchema.safeParse(info.storeUrl);
  if (!url.success) errors.storeUrl = url.error.issues[0]?.message ?? 'Invalid URL format for website.';
  return { errors, url: url.success ? url.data : undefined };
}
