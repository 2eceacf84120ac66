import { headTags } from '../app/document-meta';
import type { PublicPage } from '../shared/public-page';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made safe for HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/**
 * A JSON-LD block. `<` is escaped so no string inside can close the script element ("</script>"),
 * and the two line separators JavaScript once rejected are escaped too.
 */
export function jsonLdScript(data: Record<string, unknown>): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** Everything a page adds to <head>: meta and link tags, then its structured data. */
export function pageHead(page: PublicPage, options?: { indexable?: boolean }): string {
  const tags = headTags(page, options).map(({ tag, attrs }) => {
    const list = Object.entries(attrs)
      .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
      .join(' ');
    return `<${tag} ${list} />`;
  });
  return [...tags, ...page.structuredData.map(jsonLdScript)].join('\n    ');
}

const TITLE = /<title>[^<]*<\/title>/;
// The template may be minified (unquoted attributes).
const ROOT = /<div\s+id=(?:"root"|'root'|root)\s*><\/div>/;

/**
 * Fills the shell's built index.html with one page: its title, head tags and inline CSS (styled
 * before any script runs), and its markup inside the root element, marked so the shell hydrates it.
 */
export function renderDocument(
  template: string,
  { page, markup, css, indexable }: { page: PublicPage; markup: string; css: string; indexable?: boolean },
): string {
  if (!TITLE.test(template) || !ROOT.test(template) || !template.includes('</head>')) {
    throw new Error('The shell template needs a <title>, a </head> and an empty <div id="root"></div>');
  }
  const head = `${pageHead(page, { indexable })}\n    <style data-prerendered>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  `;
  return (
    template
      .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace('</head>', () => `${head}</head>`)
      // Exactly this form: serving the page, the gateway writes the build's manifest into data-prerendered
      // (services/gateway/src/public-site.ts), so the shell hydrates it with the build that rendered it.
      .replace(ROOT, () => `<div id="root" data-prerendered>${markup}</div>`)
  );
}
