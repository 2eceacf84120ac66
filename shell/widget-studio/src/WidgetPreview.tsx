import { useEffect, useRef } from 'react';
import {
  embedAttributes,
  WIDGET_CONTAINER_ID,
  type EmbedSnippetInput,
  type StoreSource,
  type StoreType,
  type Platform,
  type WidgetSettings,
} from '@sniff/contracts';

/** A setting changed this long ago is shown: typing a colour does not reload the widget per key. */
export const PREVIEW_DELAY_MS = 250;

/**
 * The live preview: the real widget script, loaded as a site loads it, searching the store's real
 * index. It states every setting (so none of the saved ones fills in) and `data-preview`, so the
 * owner's own searches never reach their analytics. Each change mounts a fresh copy.
 */
export function WidgetPreview({
  storeId,
  platform,
  type,
  source,
  widgetHost,
  settings,
  isFree,
  label = 'Live preview',
}: {
  storeId: string;
  platform: Platform;
  type: StoreType;
  source?: StoreSource;
  widgetHost: string;
  /** Valid settings only: the page keeps the last valid ones while a field is being corrected. */
  settings: WidgetSettings;
  isFree: boolean;
  label?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const attrs = embedAttributes(
    {
      storeId,
      platform,
      type,
      source,
      widgetHost,
      settings,
      isFree,
      // Newer than anything saved: the preview's own attributes win over the saved settings.
      settingsVersion: Number.MAX_SAFE_INTEGER,
    } satisfies EmbedSnippetInput,
    { explicit: true },
  );
  const key = JSON.stringify(attrs);

  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    const timer = setTimeout(() => {
      // The widget mounts into the page's #sniff-search; there is one preview on a page.
      const host = document.createElement('div');
      host.id = WIDGET_CONTAINER_ID;
      const script = document.createElement('script');
      script.async = true;
      for (const [name, value] of JSON.parse(key) as [string, string][]) script.setAttribute(name, value);
      script.setAttribute('data-preview', 'true');
      box.replaceChildren(host, script);
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key]);

  useEffect(() => () => frame.current?.replaceChildren(), []);

  return (
    <section className="sniff-studio-preview" aria-label={label}>
      <h4>{label}</h4>
      <p className="sniff-muted">Try a search: this is your widget on your store&apos;s index.</p>
      <div ref={frame} className="sniff-studio-preview-frame" data-testid="widget-preview" />
    </section>
  );
}
