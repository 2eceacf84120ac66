import { z } from 'zod';
import { WIDGET_SIZES, type Platform } from './plans';
import type { StoreType } from './api';

export const PRODUCT = 'sniff';
export const WIDGET_CONTAINER_ID = `${PRODUCT}-search`;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #666666');

/** Widget settings with the defaults and limits of spec sections 3 and 5. */
export const widgetSettingsSchema = z.object({
  size: z.enum(WIDGET_SIZES).default('medium'),
  rounded: z.boolean().default(true),
  displayFormat: z.enum(['auto', 'cards', 'list']).default('list'),
  searchBarTextColor: hexColor.default('#666666'),
  searchBarBorderColor: hexColor.default('#666666'),
  searchBarBackground: hexColor.default('#ffffff'),
  searchPlaceholder: z.string().max(120).optional(),
  maxTitleLength: z
    .number()
    .int()
    .min(10, 'Max Title Length must be 10 to 200')
    .max(200, 'Max Title Length must be 10 to 200')
    .default(50),
  maxDescriptionLength: z
    .number()
    .int()
    .min(20, 'Max Description Length must be 20 to 500')
    .max(500, 'Max Description Length must be 20 to 500')
    .default(80),
  showDescription: z.boolean().default(true),
  showPrice: z.boolean().default(true),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;
export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = widgetSettingsSchema.parse({});

export const FREE_PLACEHOLDER = 'Search this site · powered by Sniff';

export interface EmbedSnippetInput {
  storeId: string;
  platform: Platform;
  type: StoreType;
  /** Origin that serves /widget/*, e.g. https://widget.sniff.dev */
  widgetHost: string;
  settings?: Partial<WidgetSettings>;
  /** Free users get the fixed placeholder: a custom one is left out of the snippet. */
  isFree?: boolean;
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The snippet an owner pastes: a container plus one async script. Optional attributes
 * appear only when they differ from the defaults; custom sites use the SaaS script.
 */
export function buildEmbedSnippet(input: EmbedSnippetInput): string {
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
  if (s.searchBarTextColor !== d.searchBarTextColor) attrs.push(['data-search-text-color', s.searchBarTextColor]);
  if (s.searchBarBorderColor !== d.searchBarBorderColor) attrs.push(['data-search-bar-color', s.searchBarBorderColor]);
  if (s.searchPlaceholder && !input.isFree) attrs.push(['data-search-placeholder', s.searchPlaceholder]);
  if (s.maxTitleLength !== d.maxTitleLength) attrs.push(['data-max-title-length', String(s.maxTitleLength)]);
  if (s.maxDescriptionLength !== d.maxDescriptionLength)
    attrs.push(['data-max-description-length', String(s.maxDescriptionLength)]);
  const format = input.platform === 'custom' ? 'list' : s.displayFormat;
  if (format !== d.displayFormat) attrs.push(['data-display-format', format]);
  if (s.showDescription !== d.showDescription) attrs.push(['data-show-description', String(s.showDescription)]);
  if (s.showPrice !== d.showPrice) attrs.push(['data-show-price', String(s.showPrice)]);
  const attrText = attrs.map(([k, v]) => `  ${k}="${escapeAttr(v)}"`).join('\n');
  return `<div id="${WIDGET_CONTAINER_ID}"></div>\n<script async\n${attrText}\n></script>`;
}
