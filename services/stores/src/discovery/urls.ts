/** URL helpers shared by discovery and the store registry. */

/** Absolute http(s) URL without fragment, or null. */
export function cleanUrl(href: string, base?: string): string | null {
  try {
    const u = new URL(href, base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/** Same scheme-less host (host name and port). */
export function sameHost(a: string, b: string): boolean {
  return new URL(a).host.toLowerCase() === new URL(b).host.toLowerCase();
}
