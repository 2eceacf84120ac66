import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { PUBLIC_ORIGIN, type PublicPage } from '../shared/public-page';

export const SITE_NAME = 'Sniff';

/** A <meta> or <link> of a page's head; `key` is the attribute that identifies it (name, property, rel). */
export interface HeadTag {
  tag: 'meta' | 'link';
  key: 'name' | 'property' | 'rel';
  attrs: Record<string, string>;
}

export const canonicalUrl = (path: string): string => PUBLIC_ORIGIN + path;

/**
 * The head of a public page, besides <title> and JSON-LD: description, keywords, canonical link,
 * Open Graph and Twitter card. The pre-renderer writes these into the HTML; after client-side
 * navigation the same list updates the live document.
 */
export function headTags(page: PublicPage, { indexable = true } = {}): HeadTag[] {
  const url = canonicalUrl(page.path);
  const meta = (key: 'name' | 'property', value: string, content: string): HeadTag => ({
    tag: 'meta',
    key,
    attrs: { [key]: value, content },
  });
  return [
    meta('name', 'description', page.description),
    ...(page.keywords.length ? [meta('name', 'keywords', page.keywords.join(', '))] : []),
    ...(indexable
      ? [{ tag: 'link', key: 'rel', attrs: { rel: 'canonical', href: url } } satisfies HeadTag]
      : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:type', page.path === '/' ? 'website' : 'article'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_US'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
  ];
}

/** Applies a page's title and head tags to the live document (client-side navigation). */
export function applyHead(doc: Document, page: PublicPage, options?: { indexable?: boolean }): void {
  doc.title = page.title;
  const tags = headTags(page, options);
  // Tags the previous page had and this one lacks (keywords, canonical vs robots) go away.
  for (const stale of doc.head.querySelectorAll('meta[name="keywords"], meta[name="robots"], link[rel="canonical"]')) {
    const kept = tags.some((t) => t.tag === stale.localName && t.attrs[t.key] === stale.getAttribute(t.key));
    if (!kept) stale.remove();
  }
  for (const { tag, key, attrs } of tags) {
    let el = doc.head.querySelector(`${tag}[${key}="${attrs[key]}"]`);
    if (!el) {
      el = doc.createElement(tag);
      doc.head.append(el);
    }
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  }
}

/** Keeps the document's title and meta tags in step with the page shown (after hydration only). */
export function useDocumentMeta(page: PublicPage, options?: { indexable?: boolean }): void {
  const indexable = options?.indexable ?? true;
  useEffect(() => applyHead(document, page, { indexable }), [page, indexable]);
}

/**
 * After a client-side navigation (not back/forward, not the first load: the browser handles those),
 * shows the top of the new page or the element its #hash names.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}
