// @sniff/ui/widget-studio: the widget studio (wizard step 4 and the manage panel) and its live
// preview. A subpath of its own, so pages without a studio never load it.
export {
  WidgetStudio,
  sameSettings,
  studioErrors,
  type StudioErrors,
  type StudioPlan,
  type DisplayFormat,
} from './WidgetStudio';
export { WidgetPreview, PREVIEW_DELAY_MS } from './WidgetPreview';
export { PALETTE } from './palette';
