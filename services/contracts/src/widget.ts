import { intBetween } from './integers';
import { z } from './zod';
import {
  DEFAULT_WIDGET_SETTINGS as DEFAULTS,
  FREE_PLACEHOLDER,
  FREE_WIDGET_SIZES,
  type WidgetSettings,
} from './embed-snippet';
import { type Entitlements, WIDGET_SIZES } from './plans';
import type { WidgetRules } from './search';

// The snippet builder and the defaults live in embed-snippet.ts (no zod); exported from here as before.
export {
  buildEmbedSnippet,
  embedAttributes,
  DEFAULT_WIDGET_SETTINGS,
  FREE_PLACEHOLDER,
  FREE_WIDGET_SIZES,
  PRODUCT,
  WIDGET_CONTAINER_ID,
  type EmbedSnippetInput,
  type WidgetSettings,
} from './embed-snippet';

const hexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #666666'));

/** Widget settings with the defaults and limits of spec sections 3 and 5. */
export const widgetSettingsSchema = z.object({
  size: z._default(z.enum(WIDGET_SIZES), DEFAULTS.size),
  rounded: z._default(z.boolean(), DEFAULTS.rounded),
  displayFormat: z._default(z.enum(['auto', 'cards', 'list']), DEFAULTS.displayFormat),
  searchBarTextColor: z._default(hexColor, DEFAULTS.searchBarTextColor),
  searchBarBorderColor: z._default(hexColor, DEFAULTS.searchBarBorderColor),
  searchBarBackground: z._default(hexColor, DEFAULTS.searchBarBackground),
  searchPlaceholder: z.optional(z.string().check(z.maxLength(120))),
  maxTitleLength: z._default(intBetween('Max Title Length', 10, 200), DEFAULTS.maxTitleLength),
  maxDescriptionLength: z._default(intBetween('Max Description Length', 20, 500), DEFAULTS.maxDescriptionLength),
  showDescription: z._default(z.boolean(), DEFAULTS.showDescription),
  showPrice: z._default(z.boolean(), DEFAULTS.showPrice),
});

/** The saved settings of a store and their version (0: never saved; the defaults apply). */
export const savedWidgetSettingsSchema = z.object({
  settings: widgetSettingsSchema,
  version: z.number().check(z.int(), z.gte(0)),
});
export type SavedWidgetSettings = z.infer<typeof savedWidgetSettingsSchema>;

// stores (owner): GET and PUT /api/stores/stores/{id}/widget-settings. PUT takes the full settings
// (widgetSettingsSchema) and answers the saved settings with the new version.
export const widgetSettingsResponseSchema = savedWidgetSettingsSchema;
export type WidgetSettingsResponse = SavedWidgetSettings;

/**
 * What the owner's plan refuses in `settings` (spec section 5): a size above the plan, a custom
 * placeholder on the free plan. The stores service answers 403 naming the field; the studio shows it.
 */
export function planRefusal(
  settings: Pick<WidgetSettings, 'size' | 'searchPlaceholder'>,
  entitlements: Pick<Entitlements, 'sizes' | 'customPlaceholder'>,
): { field: 'size' | 'searchPlaceholder'; message: string } | null {
  if (!entitlements.sizes.includes(settings.size))
    return {
      field: 'size',
      message: `The ${settings.size} size needs a paid plan; your plan allows ${entitlements.sizes.join(', ')}`,
    };
  if (settings.searchPlaceholder?.trim() && !entitlements.customPlaceholder)
    return { field: 'searchPlaceholder', message: 'A custom placeholder needs a paid plan' };
  return null;
}

// Compile-time check: what the schema produces is exactly WidgetSettings.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaIsWidgetSettings: Same<z.infer<typeof widgetSettingsSchema>, WidgetSettings> = true;

/** What an owner's plan lets their widget show (the free plan: small and medium, the fixed placeholder). */
export function widgetRulesFor(entitlements: Pick<Entitlements, 'sizes' | 'customPlaceholder'>): WidgetRules {
  return {
    sizes: [...entitlements.sizes],
    customPlaceholder: entitlements.customPlaceholder,
    placeholder: FREE_PLACEHOLDER,
  };
}

/** The rules a widget follows when its store's plan is not known (the free plan's). */
export const FREE_WIDGET_RULES: WidgetRules = widgetRulesFor({ sizes: FREE_WIDGET_SIZES, customPlaceholder: false });
