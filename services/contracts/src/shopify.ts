// Section 5: a Shopify store name becomes the shop's host; section 7 `shopify/check-store`.
import { z } from 'zod';

const email = z.string().trim().min(1, 'email is required');

export const SHOPIFY_NAME_REQUIRED = 'Please enter your Shopify store name first';
export const SHOPIFY_NAME_INVALID = 'Invalid Shopify Store Name for URL generation.';

/**
 * "My Shop!", "https://my-shop.myshopify.com/" and "my shop" all become https://my-shop.myshopify.com:
 * lower case, no scheme and no .myshopify.com suffix, spaces to hyphens, then only letters, digits and
 * hyphens, none at either end. A name with nothing left answers the spec's message instead.
 */
export function shopifyStoreUrl(name: string): { url: string } | { error: string } {
  if (!name.trim()) return { error: SHOPIFY_NAME_REQUIRED };
  const host = name
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.myshopify\.com$/, '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    // a host cannot start or end with a hyphen ("!!! shop" is "shop", "!!! ***" is nothing)
    .replace(/^-+|-+$/g, '');
  return host ? { url: `https://${host}.myshopify.com` } : { error: SHOPIFY_NAME_INVALID };
}

// POST shopify/check-store {email, store_url} -> {exists, store_id}
export const shopifyCheckStoreRequestSchema = z.object({
  email,
  store_url: z
    .string()
    .max(2048, 'store_url is too long')
    .transform((value, ctx) => {
      const result = shopifyStoreUrl(value);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.url;
    }),
});
export const shopifyCheckStoreResponseSchema = z.object({ exists: z.boolean(), store_id: z.string().nullable() });
export type ShopifyCheckStoreResponse = z.infer<typeof shopifyCheckStoreResponseSchema>;

/** The wizard's message when the owner already has a store for that shop (section 8). */
export function shopifyStoreExistsMessage(url: string, storeId: string): string {
  return `A store with URL ${url} already exists (ID ${storeId}). Delete from Manage Stores first.`;
}
