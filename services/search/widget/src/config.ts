import type { WidgetSize } from '@sniff/contracts';

/** The widget's settings, read from the data-* attributes of its script tag (spec section 3). */
export interface WidgetConfig {
  storeId: string;
  platform: string;
  type: string;
  /** Origin of the search API: where the script itself came from. */
  apiOrigin: string;
  size: WidgetSize;
  rounded: boolean;
  textColor?: string;
  borderColor?: string;
  background?: string;
  placeholder: string;
  maxTitleLength: number;
  maxDescriptionLength: number;
  showDescription: boolean;
  showPrice: boolean;
}

const SIZES: readonly WidgetSize[] = ['tiny', 'small', 'medium', 'large', 'xlarge', 'huge'];
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

function intIn(value: string | undefined, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

function color(value: string | undefined): string | undefined {
  return value && COLOR.test(value.trim()) ? value.trim() : undefined;
}

/** The script tag that loaded us: document.currentScript, else the first one carrying a store id. */
export function findScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.storeId) return current;
  return doc.querySelector<HTMLScriptElement>('script[data-store-id]');
}

export function readConfig(script: HTMLScriptElement, pageOrigin: string): WidgetConfig | null {
  const d = script.dataset;
  const storeId = d.storeId?.trim();
  if (!storeId) return null;
  let apiOrigin = pageOrigin;
  const src = script.getAttribute('src');
  if (src) {
    try {
      apiOrigin = new URL(src, pageOrigin).origin;
    } catch {
      // keep the page origin
    }
  }
  if (d.apiOrigin) apiOrigin = d.apiOrigin.replace(/\/$/, '');
  const size = SIZES.includes(d.size as WidgetSize) ? (d.size as WidgetSize) : 'medium';
  return {
    storeId,
    platform: d.platform ?? 'custom',
    type: d.type ?? 'store',
    apiOrigin,
    size,
    rounded: d.rounded !== 'false',
    textColor: color(d.searchTextColor),
    borderColor: color(d.searchBarColor),
    background: color(d.searchBarBackground),
    placeholder: d.searchPlaceholder?.trim() || 'Search…',
    maxTitleLength: intIn(d.maxTitleLength, 10, 200, 50),
    maxDescriptionLength: intIn(d.maxDescriptionLength, 20, 500, 80),
    showDescription: d.showDescription !== 'false',
    showPrice: d.showPrice !== 'false',
  };
}
