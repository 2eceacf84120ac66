import type { WidgetRules, WidgetSize } from '@sniff/contracts';
// The zod-free part of the contracts: the widget stays small.
import { FREE_PLACEHOLDER, FREE_WIDGET_SIZES } from '@sniff/contracts/src/embed-snippet';

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
  /**
   * How results look (data-display-format): cards (image, title, description, price), list (image as
   * a thumbnail), or auto (cards when the answer's results carry images). Custom sites are always a list.
   */
  displayFormat: DisplayFormat;
}

export type DisplayFormat = 'auto' | 'cards' | 'list';
const FORMATS: readonly DisplayFormat[] = ['auto', 'cards', 'list'];

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
  const platform = d.platform ?? 'custom';
  const format = d.displayFormat?.trim().toLowerCase() as DisplayFormat;
  return {
    storeId,
    platform,
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
    // The snippet leaves the list (the default) out; custom sites cannot use cards (section 5).
    displayFormat: platform !== 'custom' && FORMATS.includes(format) ? format : 'list',
  };
}

/** The rules a widget keeps until its store's arrive, or when they cannot be had: the free plan's. */
export const FREE_RULES: WidgetRules = {
  sizes: [...FREE_WIDGET_SIZES],
  customPlaceholder: false,
  placeholder: FREE_PLACEHOLDER,
};

/**
 * The snippet's settings within what the store's plan allows, whatever the snippet says: a size
 * the plan lacks becomes the nearest one it has (the smaller of two), and without a custom
 * placeholder the plan's fixed text shows.
 */
export function withinRules(config: WidgetConfig, rules: WidgetRules): WidgetConfig {
  const allowed = rules.sizes.filter((s) => SIZES.includes(s));
  let size = config.size;
  if (allowed.length && !allowed.includes(size)) {
    const at = SIZES.indexOf(size);
    const distance = (s: WidgetSize) => Math.abs(SIZES.indexOf(s) - at);
    size = allowed.reduce((best, s) => (distance(s) < distance(best) ? s : best));
  }
  return { ...config, size, placeholder: rules.customPlaceholder ? config.placeholder : rules.placeholder };
}
