import { shopifyConnectionFailed, shopifyStoreUrl, type CreateStoreResponse } from '@sniff/contracts';
import type { StoreInfo } from './store-info';

/** The parameters Shopify's callback adds when it sends the owner back here (popups blocked). */
export const OAUTH_PARAMS = ['oauth_success', 'oauth_error', 'store_id', 'platform', 'form_data'] as const;

export type OauthReturn =
  | { kind: 'success'; created: CreateStoreResponse; info: StoreInfo }
  | { kind: 'error'; message: string; info: StoreInfo };

/** form_data: the URL-encoded JSON {store_name, store_url} the wizard had; anything else reads as empty. */
function formData(raw: string | null): StoreInfo {
  const info: StoreInfo = { storeName: '', storeUrl: '', storeNickname: '' };
  if (!raw) return info;
  try {
    const data = JSON.parse(raw) as unknown;
    if (data && typeof data === 'object') {
      const { store_name, store_url } = data as Record<string, unknown>;
      if (typeof store_name === 'string') info.storeName = store_name;
      if (typeof store_url === 'string') info.storeUrl = store_url;
    }
  } catch {
    // not JSON: no form to restore
  }
  // A Shopify store's name is its myshopify address: either one brings the form back.
  if (!info.storeName) info.storeName = info.storeUrl;
  return info;
}

/**
 * What the query string says about a Shopify connection that went through a redirect: a store to set
 * up (oauth_success=true with store_id and platform=shopify), an error to show on step 3 (oauth_error),
 * or nothing.
 */
export function readOauthReturn(search: string): OauthReturn | null {
  const params = new URLSearchParams(search);
  const info = formData(params.get('form_data'));
  const error = params.get('oauth_error');
  if (error !== null) return { kind: 'error', message: shopifyConnectionFailed(error || 'unknown error'), info };
  const storeId = params.get('store_id')?.trim();
  if (params.get('oauth_success') !== 'true' || !storeId || params.get('platform') !== 'shopify') return null;
  const shop = shopifyStoreUrl(info.storeUrl || info.storeName);
  return {
    kind: 'success',
    created: {
      store_id: storeId,
      platform: 'shopify',
      store_url: 'url' in shop ? shop.url : '',
      type: 'store',
      source: 'shopify-oauth',
    },
    info,
  };
}

/** The query string without the OAuth parameters ("" when nothing else is left). */
export function withoutOauthParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of OAUTH_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** True when the query string carries a Shopify connection's result (it is then removed from the URL). */
export function hasOauthReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('oauth_success') || params.has('oauth_error');
}
