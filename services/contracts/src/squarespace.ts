// Section 7 `square/create-store` (ecommerce) and `square/create-blog-portfolio` (blog): a Squarespace site
// connected with a Developer API Key (section 2, wizard step 3).
import { z } from './zod';
import { websiteUrlSchema } from './api';
import { sitemapUrlSchema } from './sitemap-url';

const email = z.string().check(z.trim(), z.minLength(1, 'email is required'));

export const DEVELOPER_API_KEY_REQUIRED = 'Developer API Key is required.';

/** Store types of the Squarespace form; realestate is shown, disabled, as coming soon. */
export const SQUARESPACE_STORE_TYPES = ['ecommerce', 'blog'] as const;
/** For blogs: products = Product Search Only, full = Content Search + Products Search. */
export const SQUARESPACE_SEARCH_TYPES = ['products', 'full'] as const;
export type SquarespaceSearchType = (typeof SQUARESPACE_SEARCH_TYPES)[number];

export const squarespaceCreateRequestSchema = z.object({
  store_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Store name is required.'), z.maxLength(120, 'Store name is too long.')),
  store_url: websiteUrlSchema,
  store_nickname: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  platform: z.literal('squarespace'),
  store_type: z.enum(SQUARESPACE_STORE_TYPES, { error: 'store_type must be ecommerce or blog' }),
  search_type: z._default(
    z.enum(SQUARESPACE_SEARCH_TYPES, { error: 'search_type must be products or full' }),
    'products',
  ),
  developer_api_key: z
    .string()
    .check(z.trim(), z.minLength(1, DEVELOPER_API_KEY_REQUIRED), z.maxLength(512, 'Developer API Key is too long.')),
  sitemap_url: sitemapUrlSchema,
  email,
});
export type SquarespaceCreateRequest = z.input<typeof squarespaceCreateRequestSchema>;
