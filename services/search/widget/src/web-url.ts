/**
 * True for an absolute http(s) URL: the only kind of result URL the widget shows and opens. An index
 * holding `javascript:` or `data:` (the indexing contract refuses them, older data may not) must never run
 * script on the customer's page. The URL parser is the browser's own, so `JaVa\tscript:` reads as it will.
 */
export function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false; // relative or not a URL
  }
}
