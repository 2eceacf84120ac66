// @sniff/widget-studio: the widget studio (wizard step 4 and the manage panel) and its live
// preview. Domain code of the wizard and stores teams: a package each of those remotes bundles at
// the version it names, not part of the @sniff/ui singleton the shell provides at any version.
import './widget-studio.css';
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
