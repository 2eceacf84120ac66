import { useId, useMemo, useState } from 'react';
import { errorMessage, usePlans } from '@sniff/shell-sdk';
import { entitlementsFor, MAIN_URL_REQUIRED, pageKey, pageLimitMessage, type Store } from '@sniff/contracts';
import { Button, Spinner, useToast } from '@sniff/ui';
import { useFindPagesMutation, useUpdatePagesMutation } from '../../shared/api';

export const PAGES_SAVED = 'Pages saved. Only new pages are fetched; the index updates in a moment.';

/**
 * A custom website's page list being edited in the Manage panel: the saved pages, the owner's ticks, pages found
 * on the site, and the save. Held by the panel, so an edit survives switching tabs and Save Changes saves it too.
 */
export function usePagesDraft(store: Store) {
  const ent = entitlementsFor(usePlans() ?? []);
  const [saveList, saving] = useUpdatePagesMutation();
  const editable = store.source === 'crawl';
  const saved = useMemo(() => {
    const main = pageKey(store.url);
    return (store.page_urls ?? []).filter((u) => pageKey(u) !== main);
  }, [store.url, store.page_urls]);
  const savedKey = saved.join('\n');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(saved));
  const [found, setFound] = useState<string[]>([]);
  // A new saved list (after a save, or the list fetched again) is the new starting point.
  const [base, setBase] = useState(savedKey);
  if (base !== savedKey) {
    setBase(savedKey);
    setSelected(new Set(saved));
  }
  // The saved pages first, then any found ones not listed yet.
  const listed = useMemo(() => {
    const seen = new Set([pageKey(store.url), ...saved.map(pageKey)]);
    const extra = found.filter((u) => {
      const k = pageKey(u);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    return [...saved, ...extra];
  }, [store.url, saved, found]);
  const count = 1 + selected.size;
  const overLimit = count > ent.maxCustomPages;
  const dirty = editable && !(selected.size === saved.length && saved.every((u) => selected.has(u)));

  const toggle = (url: string) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });
    saving.reset();
  };
  /** Adds pages found on the site to the list; answers how many were new. */
  const addFound = (urls: string[]): number => {
    const known = new Set([pageKey(store.url), ...listed.map(pageKey)]);
    const fresh = urls.filter((u) => !known.has(pageKey(u)));
    setFound((prev) => [...prev, ...fresh]);
    return fresh.length;
  };
  /** Saves the ticked pages; true when there was nothing to save or they were saved. */
  const save = async (): Promise<boolean> => {
    if (!dirty) return true;
    if (overLimit) return false;
    try {
      await saveList({ store_id: store.id, store_urls: listed.filter((u) => selected.has(u)) }).unwrap();
      return true;
    } catch {
      return false; // the section shows the failure from the mutation's state
    }
  };
  return { ent, selected, listed, count, overLimit, dirty, toggle, addFound, save, saving };
}
export type PagesDraft = ReturnType<typeof usePagesDraft>;

/**
 * A custom website's pages in the Manage panel: the main URL (always included) and the other indexed pages
 * to keep or untick, more pages of the site to find and tick, within the plan's page count. Saving sends the
 * new list; the sync that follows fetches only the added pages.
 */
export function PagesSection({ store, draft }: { store: Store; draft: PagesDraft }) {
  const headingId = useId();
  const countId = useId();
  const mainNoteId = useId();
  const toast = useToast();
  const [find, finding] = useFindPagesMutation();
  const [foundNone, setFoundNone] = useState(false);
  const [mainUnticked, setMainUnticked] = useState(false);
  const { ent, selected, listed, count, overLimit, dirty, saving } = draft;
  const maxPages = ent.maxCustomPages;

  const findMore = async () => {
    setFoundNone(false);
    try {
      const { urls } = await find({ url: store.url }).unwrap();
      setFoundNone(draft.addFound(urls) === 0);
    } catch {
      // shown below from the mutation's state
    }
  };
  const submit = async () => {
    if (dirty && (await draft.save())) toast(PAGES_SAVED);
  };

  return (
    <section aria-labelledby={headingId} className="stores-sync-section stores-pages">
      <h4 id={headingId}>Pages</h4>
      <p id={countId} className="sniff-muted">
        {count} of {maxPages} pages, your plan indexes up to {maxPages}.
      </p>
      {store.page_urls === undefined && (
        <p className="sniff-muted">The indexed pages are not known yet; the main URL is always included.</p>
      )}
      <fieldset className="sniff-fieldset" aria-describedby={countId} disabled={saving.isLoading}>
        <legend className="sniff-visually-hidden">Pages to index</legend>
        <ul className="stores-pages-list">
          <li>
            <label>
              <input type="checkbox" checked aria-describedby={mainNoteId} onChange={() => setMainUnticked(true)} />{' '}
              {store.url}
            </label>{' '}
            <span className="sniff-badge">Main URL, always included</span>
            <span id={mainNoteId} role="status" className="sniff-error">
              {mainUnticked ? MAIN_URL_REQUIRED : ''}
            </span>
          </li>
          {listed.map((url) => (
            <li key={url}>
              <label>
                <input type="checkbox" checked={selected.has(url)} onChange={() => draft.toggle(url)} /> {url}
              </label>
            </li>
          ))}
        </ul>
        {listed.length === 0 && !finding.isLoading && (
          <p className="sniff-muted">Only the main URL is indexed. Find more pages of your site to add them.</p>
        )}
      </fieldset>
      <div className="stores-sync-actions">
        <Button variant="secondary" disabled={finding.isLoading} onClick={() => void findMore()}>
          {finding.isLoading ? 'Finding pages...' : 'Find more pages'}
        </Button>
        <Button
          disabled={!dirty || overLimit || saving.isLoading}
          aria-describedby={overLimit ? `${countId} ${headingId}-limit` : countId}
          onClick={() => void submit()}
        >
          {saving.isLoading ? 'Saving pages...' : 'Save pages'}
        </Button>
      </div>
      <div role="status">
        {finding.isLoading && <Spinner label="Finding pages" />}
        {foundNone && !finding.isLoading && <p className="sniff-muted">No other pages found on this site.</p>}
      </div>
      {overLimit && (
        <p id={`${headingId}-limit`} role="alert" className="sniff-warning">
          {pageLimitMessage(ent)}
        </p>
      )}
      {finding.isError && (
        <p role="alert" className="sniff-error">
          Could not find pages: {errorMessage(finding.error)}
        </p>
      )}
      {saving.isError && (
        <p role="alert" className="sniff-error">
          Pages not saved: {errorMessage(saving.error)}
        </p>
      )}
    </section>
  );
}
