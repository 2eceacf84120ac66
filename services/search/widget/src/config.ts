import type { SavedWidgetSettings, WidgetRules, WidgetSize } from '@sniff/contracts';
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
  /** data-settings-version: the saved settings the snippet was made from (0: none or never saved). */
  settingsVersion: number;
  /** data-preview: the dashboard's live preview searches like a visitor but records no analytics. */
  preview: boolean;
  /** The look settings the snippet itself states (a saved setting fills in the others). */
  fromSnippet: ReadonlySet<LookKey>;
}

/** The settings an owner can save in the dashboard, by the name the widget knows them. */
type LookKey =
  | 'size'
  | 'rounded'
  | 'textColor'
  | 'borderColor'
  | 'background'
  | 'placeholder'
  | 'maxTitleLength'
  | 'maxDescriptionLength'
  | 'showDescription'
  | 'showPrice'
  | 'displayFormat';

/** Each look setting's data-* attribute, in dataset spelling. */
const ATTRIBUTE: Record<LookKey, string> = {
  size: 'size',
  rounded: 'rounded',
  textColor: 'searchTextColor',
  borderColor: 'searchBarColor',
  background: 'searchBarBackground',
  placeholder: 'searchPlaceholder',
  maxTitleLength: 'maxTitleLength',
  maxDescriptionLength: 'maxDescriptionLength',
  showDescription: 'showDescription',
  showPrice: 'showPrice',
  displayFormat: 'displayFormat',
};

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
    settingsVersion: intIn(d.settingsVersion, 0, Number.MAX_SAFE_INTEGER, 0),
    preview: d.preview !== undefined && d.preview !== 'false',
    fromSnippet: new Set((Object.keys(ATTRIBUTE) as LookKey[]).filter((k) => d[ATTRIBUTE[k]] !== undefined)),
  };
}

/**
 * The snippet's settings with the owner's saved ones (README, "Widget settings"): settings saved
 * after the snippet was made (a newer version than its data-settings-version) replace the
 * snippet's; otherwise an attribute the snippet states wins, and saved settings fill in the rest.
 * The plan's rules apply after this (withinRules), so neither can exceed the plan.
 */
export function withSaved(config: WidgetConfig, saved: SavedWidgetSettings | undefined): WidgetConfig {
  if (!saved || saved.version < 1) return config;
  const stale = saved.version > config.settingsVersion;
  const s = saved.settings;
  const fromServer: Pick<WidgetConfig, LookKey> = {
    size: s.size,
    rounded: s.rounded,
    textColor: color(s.searchBarTextColor),
    borderColor: color(s.searchBarBorderColor),
    background: color(s.searchBarBackground),
    placeholder: s.searchPlaceholder?.trim() || 'Search…',
    maxTitleLength: intIn(String(s.maxTitleLength), 10, 200, 50),
    maxDescriptionLength: intIn(String(s.maxDescriptionLength), 20, 500, 80),
    showDescription: s.showDescription,
    showPrice: s.showPrice,
    displayFormat: config.platform !== 'custom' && FORMATS.includes(s.displayFormat) ? s.displayFormat : 'list',
  };
  const merged: Record<string, unknown> = { ...config };
  for (const key of Object.keys(ATTRIBUTE) as LookKey[]) {
    if (stale || !config.fromSnippet.has(key)) merged[key] = fromServer[key];
  }
  return merged as unknown as WidgetConfig;
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
