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
 * owner's own searches never reach their analytics. Each change mounts a fresh copy, with the search the owner
 * was trying typed into it.
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
  /** Text waiting for the copy being loaded (a second change can come before the first copy has loaded). */
  const carried = useRef({ text: '', focused: false });
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
      // What the owner typed into the copy being replaced is typed into the new one (a setting changed, or
      // the saved ones arrived, while they were trying a search).
      const old = searchBox(box);
      if (old) carried.current = { text: old.value, focused: (old.getRootNode() as ShadowRoot).activeElement === old };
      const typed = carried.current;
      // The widget mounts into the page's #sniff-search; there is one preview on a page.
      const host = document.createElement('div');
      host.id = WIDGET_CONTAINER_ID;
      const script = document.createElement('script');
      script.async = true;
      for (const [name, value] of JSON.parse(key) as [string, string][]) script.setAttribute(name, value);
      script.setAttribute('data-preview', 'true');
      // The script mounts its box as it runs, so the box is there once it has loaded.
      script.addEventListener(
        'load',
        () => {
          if (typed.text) typeInto(searchBox(box), typed.text, typed.focused);
          carried.current = { text: '', focused: false };
        },
        { once: true },
      );
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

/** The mounted widget's search box (in its open shadow root), if one is mounted in `frame`. */
function searchBox(frame: HTMLElement): HTMLInputElement | null {
  const host = frame.querySelector(`#${WIDGET_CONTAINER_ID}`);
  return host?.shadowRoot?.querySelector<HTMLInputElement>('input[role=combobox]') ?? null;
}

/** Puts `text` in the widget's box as typing does (the widget searches on its input event). */
function typeInto(input: HTMLInputElement | null, text: string, focus: boolean): void {
  if (!input || input.value) return;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  // Only a box that had the focus gets it back: a change made in the settings keeps the focus there.
  if (focus) input.focus();
}
