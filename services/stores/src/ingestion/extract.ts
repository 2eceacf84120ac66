import * as cheerio from 'cheerio';
import { createHash } from 'node:crypto';
import type { IndexDocument } from '@sniff/contracts';

export const MAX_BODY_CHARS = 20_000;
const MAX_TITLE_CHARS = 300;
const MAX_DESCRIPTION_CHARS = 1_000;
const MAX_HEADINGS = 50;

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Stable document id of a page: the same URL always gives the same id. */
export function documentId(url: string): string {
  return createHash('sha256').update(url).digest('base64url').slice(0, 22);
}

/** Title, meta description, h1-h3 headings and main text of an HTML page. */
export function extractDocument(url: string, html: string): IndexDocument {
  const $ = cheerio.load(html);
  $('script, style, noscript, template, svg, iframe, nav, footer, header nav').remove();
  const meta = (sel: string) => collapse($(sel).first().attr('content') ?? '');
  const title =
    collapse($('title').first().text()) || meta('meta[property="og:title"]') || collapse($('h1').first().text()) || url;
  const description = meta('meta[name="description"]') || meta('meta[property="og:description"]');
  const headings = $('h1, h2, h3')
    .map((_, el) => collapse($(el).text()))
    .get()
    .filter(Boolean)
    .slice(0, MAX_HEADINGS);
  const root = $('main').first().length ? $('main').first() : $('body');
  // Keep words of adjacent blocks apart before collapsing whitespace.
  root.find('p, div, li, br, h1, h2, h3, h4, h5, h6, td, th, section, article').after(' ');
  const body = collapse(root.text()).slice(0, MAX_BODY_CHARS);
  return {
    id: documentId(url),
    url,
    title: title.slice(0, MAX_TITLE_CHARS),
    description: description.slice(0, MAX_DESCRIPTION_CHARS),
    headings,
    body,
  };
}
