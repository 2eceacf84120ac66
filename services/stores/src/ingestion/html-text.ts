import { Parser } from 'htmlparser2';

/** Elements that end a run of words: their text is kept apart from the next element's. */
const BLOCKS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
/** Elements whose content is not text a visitor reads. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object']);

/**
 * The plain text of an HTML fragment (a product's description as a shop stores it): tags dropped,
 * entities decoded, whitespace collapsed, words of adjacent blocks kept apart. The result is text
 * for text nodes, never markup. htmlparser2's streaming parser, the one under cheerio, without
 * building a document: a large catalogue has thousands of these.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  let text = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (BLOCKS.has(name)) text += ' ';
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCKS.has(name)) text += ' ';
      },
      ontext(chunk) {
        if (!hidden) text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return text.replace(/\s+/g, ' ').trim();
}
