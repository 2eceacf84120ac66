import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DestinationLink, errorMessage } from '@sniff/shell-sdk';
import { sharedDataApi, useListStoresQuery } from '@sniff/shell-sdk/shared-data';
import type { Store } from '@sniff/contracts';
import { useDeleteStoreMutation } from '../../shared/api';
import { Button, Dialog, lazyWithSpinner, Spinner, ToastProvider, useToast } from '@sniff/ui';
import { AllowanceNotice } from './AllowanceNotice';
import type { PanelTab } from './ManagePanel';
import type { TuningPrefill } from './search-tuning/SearchTuning';
import { StoreSyncStatus } from './StoreSyncStatus';

// The manage panel (widget studio, search tuning, sync) is its own chunk, fetched when an owner opens it.
const ManagePanel = lazyWithSpinner(
  () => import('./ManagePanel').then((m) => m.ManagePanel),
  'Loading the manage panel',
);

export const CONFIRM_DELETE = 'Are you sure you want to delete this store? This action cannot be undone.';
export const POLL_MS = 3000;

const displayName = (s: Store) => s.name || 'Unnamed Store';
const inProgress = (stores: Store[] | undefined) =>
  !!stores?.some((s) => s.status === 'queued' || s.status === 'running');

const TABS: readonly PanelTab[] = ['details', 'widget', 'search'];

/**
 * A link into a store's manage panel (the zero-result e-mail's one-click links):
 * `?store={id}&tab=search&pin={query}` opens search tuning with a new pin for the query, and
 * `&synonym={query}` a new synonym rule holding it.
 */
export interface ManageLink {
  storeId: string;
  tab: PanelTab;
  prefill: TuningPrefill;
}

export function readManageLink(params: URLSearchParams): ManageLink | null {
  const storeId = params.get('store')?.trim();
  if (!storeId) return null;
  const pin = params.get('pin')?.trim() || undefined;
  const synonym = params.get('synonym')?.trim() || undefined;
  const asked = params.get('tab') as PanelTab | null;
  const tab = asked && TABS.includes(asked) ? asked : pin || synonym ? 'search' : 'details';
  return { storeId, tab, prefill: tab === 'search' ? { pin, synonym } : {} };
}

const LINK_PARAMS = ['store', 'tab', 'pin', 'synonym'];

/** /dashboard/stores: "Your Stores" with live status while stores are being indexed. */
export function StoresPage() {
  return (
    <ToastProvider>
      <StoresList />
    </ToastProvider>
  );
}

/** Asks before deleting (spec: "Are you sure ...?"), in a dialog rather than window.confirm. */
function ConfirmDelete({ store, onCancel, onConfirm }: { store: Store; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      role="alertdialog"
      title={`Delete ${displayName(store)}?`}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Delete Store
          </Button>
        </>
      }
    >
      <p>{CONFIRM_DELETE}</p>
    </Dialog>
  );
}

function StoresList() {
  // Poll every 3 s while any store is queued or running; the interval follows the cached (shared) list.
  const cached = sharedDataApi.endpoints.listStores.useQueryState(undefined);
  const { data, error, isLoading, isFetching, refetch } = useListStoresQuery(undefined, {
    pollingInterval: inProgress(cached.data) ? POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const [deleteStore] = useDeleteStoreMutation();
  const [managingId, setManagingId] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Store | null>(null);
  const toast = useToast();
  const managing = data?.find((s) => s.id === managingId);
  // A link's store opens once the list is known; the link leaves the address so a reload opens nothing.
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => readManageLink(new URLSearchParams(search)));
  const [linkDone, setLinkDone] = useState(!link);
  const [opened, setOpened] = useState<ManageLink | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!link || linkDone || !data) return;
    setLinkDone(true);
    if (data.some((s) => s.id === link.storeId)) {
      setOpened(link);
      setManagingId(link.storeId);
    } else {
      setLinkProblem(`The link names a store that is not one of yours (${link.storeId}), so nothing was opened.`);
    }
    // The shared react-router facade has no useSearchParams: the query string comes from useLocation.
    const rest = new URLSearchParams(search);
    for (const key of LINK_PARAMS) rest.delete(key);
    const left = rest.toString();
    navigate(`${pathname}${left ? `?${left}` : ''}${hash}`, { replace: true });
  }, [link, linkDone, data, navigate, pathname, search, hash]);
  const manage = (id: string | null) => {
    setOpened(null);
    setManagingId(id);
  };

  const remove = async (store: Store) => {
    setConfirming(null);
    setDeleteError(null);
    try {
      await deleteStore({ store_id: store.id, platform: store.platform }).unwrap();
      setManagingId((id) => (id === store.id ? null : id));
      setOpened(null);
      toast('Store deleted successfully!');
    } catch {
      setDeleteError('Failed to delete store. Please try again.');
    }
  };

  return (
    <div className="stores">
      <header className="wizard-nav">
        <div className="wizard-page-actions">
          <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
            Refresh
          </Button>
          <DestinationLink className="sniff-button" to="wizard.createStore">
            Add Website
          </DestinationLink>
        </div>
      </header>
      {linkProblem && (
        <p role="alert" className="sniff-error">
          Store not found. {linkProblem}
        </p>
      )}
      {deleteError && (
        <p role="alert" className="sniff-error">
          {deleteError}
        </p>
      )}
      {isLoading ? (
        <p>
          <Spinner label="Loading stores" /> Loading stores...
        </p>
      ) : error ? (
        <div role="alert" className="sniff-panel sniff-panel--error">
          <h2>Error Loading Stores</h2>
          <p>Failed to fetch stores: {errorMessage(error)}</p>
          <Button onClick={() => void refetch()}>Try Again</Button>
        </div>
      ) : !data?.length ? (
        <div className="sniff-panel">
          <h2>No stores yet</h2>
          <p>Add your website as a store to give it a search bar.</p>
          <DestinationLink className="sniff-button" to="wizard.createStore">
            Create Your First Store
          </DestinationLink>
        </div>
      ) : (
        <>
          <AllowanceNotice count={data.length} />
          <div className="stores-table-wrap">
            <table className="stores-table">
              <caption className="sniff-visually-hidden">Your stores</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">URL</th>
                  <th scope="col">Platform</th>
                  <th scope="col">Type</th>
                  <th scope="col">ID</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.map((store) => (
                  <tr key={store.id} data-testid={`store-${store.id}`}>
                    <th scope="row">
                      {displayName(store)}
                      {store.nickname && <span className="sniff-muted"> ({store.nickname})</span>}
                    </th>
                    <td data-label="Status">
                      <StoreSyncStatus store={store} name={displayName(store)} />
                    </td>
                    <td className="stores-url" data-label="URL">
                      {store.url}
                    </td>
                    <td data-label="Platform">{store.platform}</td>
                    <td data-label="Type">{store.store_type}</td>
                    <td data-label="ID">
                      <code>{store.id}</code>
                    </td>
                    <td>
                      <div className="stores-actions">
                        <Button
                          variant="secondary"
                          aria-expanded={managingId === store.id}
                          aria-label={`Manage ${displayName(store)}`}
                          onClick={() => manage(managingId === store.id ? null : store.id)}
                        >
                          Manage
                        </Button>
                        <Button
                          variant="danger"
                          aria-label={`Delete ${displayName(store)}`}
                          onClick={() => setConfirming(store)}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {managing && (
            <ManagePanel
              key={managing.id}
              store={managing}
              initialTab={opened?.storeId === managing.id ? opened.tab : undefined}
              prefill={opened?.storeId === managing.id ? opened.prefill : undefined}
              onClose={() => manage(null)}
              onDelete={() => setConfirming(managing)}
            />
          )}
        </>
      )}
      {confirming && (
        <ConfirmDelete
          store={confirming}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void remove(confirming)}
        />
      )}
    </div>
  );
}
