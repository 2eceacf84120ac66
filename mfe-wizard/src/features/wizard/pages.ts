/** Compares page URLs the way owners think of them: no fragment, no trailing slash. */
export function samePage(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u);
      url.hash = '';
      return url.toString().replace(/\/$/, '');
    } catch {
      return u.replace(/\/$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** The discovered pages other than the main URL, without duplicates, in discovery order. */
export function otherPages(mainUrl: string, discovered: readonly string[]): string[] {
  const out: string[] = [];
  for (const url of discovered) {
    if (samePage(url, mainUrl) || out.some((u) => samePage(u, url))) continue;
    out.push(url);
  }
  return out;
}
