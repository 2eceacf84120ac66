import type { ComponentType } from 'react';

/** Where canonical links, sitemap entries and social cards point (the production site). */
export const PUBLIC_ORIGIN = 'https://sniff.dev';

/**
 * One public route: its page and everything search engines and social cards read from it.
 * Each feature (landing, guides, vectors, privacy) exports its PublicPage objects; the route
 * table in app/ wires them, the pre-renderer turns each into HTML with these tags.
 */
export interface PublicPage {
  /** The route, e.g. '/squarespace'. */
  path: string;
  /** Unique <title>. */
  title: string;
  /** Unique meta description (about 150 characters). */
  description: string;
  keywords: string[];
  /** JSON-LD objects, each with '@context': 'https://schema.org' and an '@type'. */
  structuredData: Record<string, unknown>[];
  /** Renders the whole page (header, main with exactly one h1, footer). */
  Page: ComponentType;
}
