/**
 * How Sniff tells whether two addresses name the same page, everywhere (the stores service's page
 * lists and discovery, the wizard, Manage): no fragment, no trailing slash before an absent query, and
 * letter case ignored. Owners write "/About/" for "/about"; a shop's paths never differ by case alone.
 * Text that is not a URL is its own key (trimmed, lower-case).
 */
export function pageKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    let s = u.href;
    if (s.endsWith('/') && !u.search) s = s.slice(0, -1);
    return s.toLowerCase();
  } catch {
    return url.trim().toLowerCase();
  }
}
