// The embed snippet and the widget's default settings, without zod: the public site shows example
// snippets and must not load the schema library for them. widget.ts builds the settings schema on
// these defaults and exports both, so `@sniff/contracts` offers everything as before.
import type { StoreSource, StoreType } from './api';
import type { Platform, WidgetSize } from './plans';

export const PRODUCT = 'sniff';
export const WIDGET_CONTAINER_ID = `${PRODUCT}-search`;

/** Widget settings (spec sections 3 and 5); widgetSettingsSchema checks them. */
export interface WidgetSettings {
  size: WidgetSize;
  rounded: boolean;
  displayFormat: 'auto' | 'cards' | 'list';
  searchBarTextColor: string;
  searchBarBorderColor: string;
  searchBarBackground: string;
  searchPlaceholder?: string;
  maxTitleLength: number;
  maxDescriptionLength: number;
  showDescription: boolean;
  showPrice: boolean;
}

/** What an owner gets without choosing anything (the schema's defaults are these). */
export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = {
  size: 'medium',
  rounded: true,
  displayFormat: 'list',
  searchBarTextColor: '#666666',
  searchBarBorderColor: '#666666',
  searchBarBackground: '#ffffff',
  maxTitleLength: 50,
  maxDescriptionLength: 80,
  showDescription: true,
  showPrice: true,
};

export const FREE_PLACEHOLDER = 'Search this site · powered by Sniff';
/** The widget sizes of the free plan (spec section 5). */
export const FREE_WIDGET_SIZES: readonly WidgetSize[] = ['small', 'medium'];

export interface EmbedSnippetInput {
  storeId: string;
  platform: Platform;
  type: StoreType;
  /** Origin that serves /widget/*, e.g. https://widget.sniff.dev */
  widgetHost: string;
  settings?: Partial<WidgetSettings>;
  /** Free users get the fixed placeholder: a custom one is left out of the snippet. */
  isFree?: boolean;
  /** Where the store's content comes from: a catalogue upload, a connected shop or a Squarespace key. */
  source?: StoreSource;
  /**
   * The saved settings' version (see widgetSettingsResponseSchema): the widget prefers settings saved
   * after its snippet was made over the snippet's own attributes. 0 or absent: never saved.
   */
  settingsVersion?: number;
}

/** data-import-method, data-auth-method and data-scope of section 3, from how the store was connected. */
function integrationAttributes(source: StoreSource | undefined, type: StoreType): [string, string][] {
  const attrs: [string, string][] = [];
  if (source === 'shopify-csv') attrs.push(['data-import-method', 'csv']);
  if (source === 'shopify-oauth') attrs.push(['data-auth-method', 'oauth2']);
  if (source === 'squarespace') attrs.push(['data-auth-method', 'devkey']);
  if (type === 'blog') attrs.push(['data-scope', 'blog']);
  return attrs;
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The script tag's attributes. Optional ones appear only when they differ from the defaults, unless
 * `explicit` (the dashboard's live preview states every setting, so nothing saved fills them in).
 */
export function embedAttributes(input: EmbedSnippetInput, { explicit = false } = {}): [string, string][] {
  const s = { ...DEFAULT_WIDGET_SETTINGS, ...input.settings };
  const script = input.platform === 'custom' ? 'saas-embed.js' : 'embed.js';
  const attrs: [string, string][] = [
    ['src', `${input.widgetHost.replace(/\/$/, '')}/widget/${script}`],
    ['data-store-id', input.storeId],
    ['data-platform', input.platform],
    ['data-type', input.type],
    ['data-size', s.size],
    ['data-rounded', String(s.rounded)],
  ];
  const d = DEFAULT_WIDGET_SETTINGS;
  const differs = <K extends keyof WidgetSettings>(key: K) => explicit || s[key] !== d[key];
  if (differs('searchBarTextColor')) attrs.push(['data-search-text-color', s.searchBarTextColor]);
  if (differs('searchBarBorderColor')) attrs.push(['data-search-bar-color', s.searchBarBorderColor]);
  if (differs('searchBarBackground')) attrs.push(['data-search-bar-background', s.searchBarBackground]);
  if (s.searchPlaceholder && !input.isFree) attrs.push(['data-search-placeholder', s.searchPlaceholder]);
  if (differs('maxTitleLength')) attrs.push(['data-max-title-length', String(s.maxTitleLength)]);
  if (differs('maxDescriptionLength')) attrs.push(['data-max-description-length', String(s.maxDescriptionLength)]);
  const format = input.platform === 'custom' ? 'list' : s.displayFormat;
  if (explicit || format !== d.displayFormat) attrs.push(['data-display-format', format]);
  if (differs('showDescription')) attrs.push(['data-show-description', String(s.showDescription)]);
  if (differs('showPrice')) attrs.push(['data-show-price', String(s.showPrice)]);
  attrs.push(...integrationAttributes(input.source, input.type));
  if (input.settingsVersion) attrs.push(['data-settings-version', String(input.settingsVersion)]);
  return attrs;
}

/** The snippet an owner pastes: a container plus one async script; custom sites use the SaaS script. */
export function buildEmbedSnippet(input: EmbedSnippetInput): string {
  const attrText = embedAttributes(input)
    .map(([k, v]) => `  ${k}="${escapeAttr(v)}"`)
    .join('\n');
  return `<div id="${WIDGET_CONTAINER_ID}"></div>\n<script async\n${attrText}\n></script>`;
}
