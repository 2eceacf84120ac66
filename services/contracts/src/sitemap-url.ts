// Spec section 5, step 3: the optional sitemap URL of a Squarespace blog or a custom website.
import { z } from './zod';

export const SITEMAP_URL_INVALID = 'Invalid sitemap URL format.';

const sitemapUrl = z.optional(
  z.pipe(
    z.string().check(
      z.maxLength(2048, SITEMAP_URL_INVALID),
      z.refine((v) => {
        try {
          const u = new URL(v.trim());
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      }, SITEMAP_URL_INVALID),
    ),
    z.transform((v) => new URL(v.trim()).href),
  ),
);

/**
 * An optional sitemap URL: blank means none (the site's /sitemap.xml is read). zod/mini has no
 * `preprocess`: the same pipe (zod's classic `preprocess` builds it too), typed as classic typed it,
 * optional in a payload like the schema it feeds.
 */
export const sitemapUrlSchema = z.pipe(
  z.transform((v) => (typeof v === 'string' && !v.trim() ? undefined : v)),
  sitemapUrl,
) as z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, typeof sitemapUrl> & {
  _zod: { optin: 'optional'; optout: 'optional' };
};
