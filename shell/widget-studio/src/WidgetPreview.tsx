import { useEffect, useRef, useState } from 'react';
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
/** A new copy whose bar has not shown by then (its store's rules never came) takes over all the same. */
const SHOW_WAIT_MS = 5_000;

/**
 * The live preview: the real widget script, loaded as a site loads it, searching the store's real
 * index. It states every setting (so none of the saved ones fills in) and `data-preview`, so the
 * owner's own searches never reach their analytics. Each change mounts a fresh copy, with the search the owner
 * was trying typed into it.
 *
 * The copy on show stays, and keeps taking keys, until the new one shows: the owner may be typing in it when
 * a setting changes or the saved settings arrive, and the script takes a moment to come. Loads run one at a time
 * (the widget mounts into the page's one #sniff-search, so two scripts loading at once could mount each other's
 * settings); a change made meanwhile is loaded next.
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
  /** The copy on show, whether a load is under way, and the attributes to load after it (the latest change). */
  const copies = useRef<{ shown: HTMLElement | null; loading: boolean; next: string | null }>({
    shown: null,
    loading: false,
    next: null,
  });
  const [failed, setFailed] = useState(false);
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
    const timer = setTimeout(() => {
      const box = frame.current;
      if (!box) return;
      const state = copies.current;
      const load = (attributes: string) => {
        state.loading = true;
        const { shown } = state;
        // The new copy mounts into the page's #sniff-search (the widget looks it up by id); the one on show
        // gives the id up while it waits, and stays in view and in use.
        shown?.removeAttribute('id');
        const host = document.createElement('div');
        host.id = WIDGET_CONTAINER_ID;
        // Not the hidden attribute: the widget's own styles give its host display: block.
        host.style.display = 'none';
        const script = document.createElement('script');
        script.async = true;
        for (const [name, value] of JSON.parse(attributes) as [string, string][]) script.setAttribute(name, value);
        script.setAttribute('data-preview', 'true');
        const done = (loaded: boolean) => {
          state.loading = false;
          if (!box.isConnected) return; // the page left the studio meanwhile
          if (loaded) {
            // What the owner typed into the copy on show, up to now, is typed into the new one.
            const old = shown && searchBox(shown);
            const focused = !!old && (old.getRootNode() as ShadowRoot).activeElement === old;
            box.replaceChildren(host);
            host.style.removeProperty('display');
            if (old?.value) typeInto(searchBox(host), old.value, focused);
            state.shown = host;
          } else {
            host.remove();
            script.remove();
            if (shown) shown.id = WIDGET_CONTAINER_ID;
          }
          setFailed(!loaded);
          const next = state.next;
          state.next = null;
          if (next && (next !== attributes || !loaded)) load(next);
        };
        // The script mounts its box as it runs, so the box is there once it has loaded; it shows once the
        // store's rules have come.
        script.addEventListener('load', () => whenShown(host, () => done(true)), { once: true });
        script.addEventListener('error', () => done(false), { once: true });
        box.append(host, script);
      };
      if (state.loading) state.next = key;
      else load(key);
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key]);

  useEffect(
    () => () => {
      frame.current?.replaceChildren();
    },
    [],
  );

  return (
    <section className="sniff-studio-preview" aria-label={label}>
      <h4>{label}</h4>
      <p className="sniff-muted">Try a search: this is your widget on your store&apos;s index.</p>
      <div ref={frame} className="sniff-studio-preview-frame" data-testid="widget-preview" />
      {failed && (
        <p className="sniff-studio-error" role="alert">
          The preview could not load the widget. It tries again when you change a setting.
        </p>
      )}
    </section>
  );
}

/**
 * Calls `ready` once the widget mounted in `host` shows its bar: it keeps it hidden (class "pending") until the
 * store's rules have come, and a box that is not shown cannot take the focus. Or after SHOW_WAIT_MS.
 */
function whenShown(host: HTMLElement, ready: () => void): void {
  const bar = host.shadowRoot?.querySelector('.bar');
  if (!bar?.classList.contains('pending')) return ready();
  const finish = () => {
    clearTimeout(timer);
    observer.disconnect();
    ready();
  };
  const timer = setTimeout(finish, SHOW_WAIT_MS);
  const observer = new MutationObserver(() => {
    if (!bar.classList.contains('pending')) finish();
  });
  observer.observe(bar, { attributes: true, attributeFilter: ['class'] });
}

/** The search box of the widget mounted in `host` (in its open shadow root), if it has mounted. */
function searchBox(host: HTMLElement): HTMLInputElement | null {
  return host.shadowRoot?.querySelector<HTMLInputElement>('input[role=combobox]') ?? null;
}

/** Puts `text` in the widget's box as typing does (the widget searches on its input event). */
function typeInto(input: HTMLInputElement | null, text: string, focus: boolean): void {
  if (!input || input.value) return;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  // Only a box that had the focus gets it back: a change made in the settings keeps the focus there.
  if (focus) input.focus();
}
