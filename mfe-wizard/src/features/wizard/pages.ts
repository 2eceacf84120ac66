import { pageKey } from '@sniff/contracts';

/** Whether two addresses name one page, as the stores service compares them. */
export function samePage(a: string, b: string): boolean {
  return pageKey(a) === pageKey(b);
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
