// Section 5: a Shopify store name becomes the shop's host; section 7 `shopify/check-store`.
import { z } from './zod';

const email = z.string().check(z.trim(), z.minLength(1, 'email is required'));

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
  store_url: z.pipe(
    z.string().check(z.maxLength(2048, 'store_url is too long')),
    z.transform((value, ctx) => {
      const result = shopifyStoreUrl(value);
      if ('error' in result) {
        ctx.issues.push({ code: 'custom', message: result.error, input: value });
        return z.NEVER;
      }
      return result.url;
    }),
  ),
});
export const shopifyCheckStoreResponseSchema = z.object({ exists: z.boolean(), store_id: z.nullable(z.string()) });
export type ShopifyCheckStoreResponse = z.infer<typeof shopifyCheckStoreResponseSchema>;

/** The wizard's message when the owner already has a store for that shop (section 8). */
export function shopifyStoreExistsMessage(url: string, storeId: string): string {
  return `A store with URL ${url} already exists (ID ${storeId}). Delete from Manage Stores first.`;
}

/** The columns of a catalogue CSV (section 5); a file without `name` must be Shopify's product export (Handle, Title, ...). */
export const CATALOGUE_COLUMNS = ['name', 'description', 'price', 'category', 'image_url'] as const;
export const CSV_FILE_INVALID = 'Please select a valid CSV file';
/** A catalogue file larger than this is refused with a message (413). */
export const CATALOGUE_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOGUE_MAX_ROWS = 20_000;
export const CATALOGUE_TOO_LARGE = `The CSV file is larger than ${CATALOGUE_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files.`;

/**
 * Why a chosen file cannot be a catalogue, or null, in the server's words (the wizard and the Manage panel check
 * before sending). A CSV is a .csv file or one the browser calls text/csv (some systems report .csv files as
 * application/vnd.ms-excel: the name decides then).
 */
export function catalogueFileProblem(file: { type: string; name: string; size: number }): string | null {
  if (file.type !== 'text/csv' && !/\.csv$/i.test(file.name)) return CSV_FILE_INVALID;
  return file.size > CATALOGUE_MAX_BYTES ? CATALOGUE_TOO_LARGE : null;
}

/** The text fields of POST shopify/create-store-csv/ (multipart, with the file in `csv_file`). */
export const shopifyCsvFieldsSchema = z.object({
  email,
  store_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Store name is required.'), z.maxLength(120, 'Store name is too long.')),
  store_nickname: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  /** The Shopify store name; the section 5 rule makes it the shop's host. */
  store_url: shopifyCheckStoreRequestSchema.shape.store_url,
  platform: z.literal('shopify'),
});

/** A catalogue row that was not imported: its line in the file (header = 1), the column and why. */
export const rejectedRowSchema = z.object({ row: z.number().check(z.int()), column: z.string(), message: z.string() });
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

export const shopifyCsvResponseSchema = z.object({
  store_id: z.string(),
  platform: z.literal('shopify'),
  store_url: z.string(),
  source: z.optional(z.literal('shopify-csv')),
  /** Products imported from the file. */
  imported: z.number().check(z.int()),
  /** Rows left out, the first 100 of `rejected_count`. */
  rejected: z.array(rejectedRowSchema),
  rejected_count: z.number().check(z.int()),
});
export type ShopifyCsvResponse = z.infer<typeof shopifyCsvResponseSchema>;

/** The text fields of POST shopify/replace-catalogue (multipart, with the new file in `csv_file`). */
export const replaceCatalogueFieldsSchema = z.object({
  email,
  store_id: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'store_id is required'),
      z.maxLength(64, 'store_id is not a store id'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'store_id is not a store id'),
    ),
});
/** The new catalogue is the store's products; a sync hands them to search (queued, like Sync now). */
export const replaceCatalogueResponseSchema = z.object({
  store_id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  imported: z.number().check(z.int()),
  rejected: z.array(rejectedRowSchema),
  rejected_count: z.number().check(z.int()),
  catalogue_uploaded_at: z.string(),
});
export type ReplaceCatalogueResponse = z.infer<typeof replaceCatalogueResponseSchema>;

// POST shopify/connect -> {authorize_url}: "Connect with Shopify" (OAuth, scope read_products). The wizard
// opens authorize_url in a 500x700 popup (or goes there when popups are blocked); the result comes back
// by postMessage from the API origin, or as the redirect parameters below.
export const shopifyConnectRequestSchema = z.object({
  email,
  store_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Store name is required.'), z.maxLength(120, 'Store name is too long.')),
  store_nickname: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  store_url: shopifyCheckStoreRequestSchema.shape.store_url,
  /** The dashboard's origin, where the result is sent; only the product's own origin is accepted. */
  client_origin: z.string().check(z.trim(), z.minLength(1, 'client_origin is required'), z.maxLength(2048)),
});
export const shopifyConnectResponseSchema = z.object({ authorize_url: z.string() });
export type ShopifyConnectResponse = z.infer<typeof shopifyConnectResponseSchema>;
/**
 * The answer to shopify/connect also sets this cookie (HttpOnly, SameSite=Strict, Path=/shopify): a
 * random value whose hash is kept with the link, so the link works only in the browser that asked.
 */
export const SHOPIFY_CONNECT_COOKIE = 'sniff_shopify_connect';

/** What the callback page posts to the wizard window (postMessage, target the dashboard origin). */
export const SHOPIFY_OAUTH_MESSAGE = 'sniff:shopify-oauth';
export const shopifyOauthMessageSchema = z.discriminatedUnion('success', [
  z.object({
    type: z.literal(SHOPIFY_OAUTH_MESSAGE),
    success: z.literal(true),
    store_id: z.string(),
    platform: z.literal('shopify'),
    store_url_from_callback: z.string(),
  }),
  z.object({ type: z.literal(SHOPIFY_OAUTH_MESSAGE), success: z.literal(false), error: z.string() }),
]);
export type ShopifyOauthMessage = z.infer<typeof shopifyOauthMessageSchema>;

/** The wizard's text for a failed connection (section 4). */
export const shopifyConnectionFailed = (why: string) => `Shopify connection failed: ${why}`;
