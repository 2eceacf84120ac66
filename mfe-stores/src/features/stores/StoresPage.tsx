import { useState } from 'react';
import { DestinationLink, errorMessage } from '@sniff/shell-sdk';
import type { Store } from '@sniff/contracts';
import { storesApi, useDeleteStoreMutation, useListStoresQuery } from '../../shared/api';
import { Button, Dialog, lazyWithSpinner, Spinner, ToastProvider, useToast } from '@sniff/ui';
import { AllowanceNotice } from './AllowanceNotice';
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
  // Poll every 3 s while any store is queued or running; the interval follows the cached list.
  const cached = storesApi.endpoints.listStores.useQueryState(undefined);
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

  const remove = async (store: Store) => {
    setConfirming(null);
    setDeleteError(null);
    try {
      await deleteStore({ store_id: store.id, platform: store.platform }).unwrap();
      setManagingId((id) => (id === store.id ? null : id));
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
          <p>Create a search widget for your website to get started.</p>
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
                    <th scope="row">{displayName(store)}</th>
                    <td>
                      <StoreSyncStatus store={store} name={displayName(store)} />
                    </td>
                    <td className="stores-url">{store.url}</td>
                    <td>{store.platform}</td>
                    <td>{store.store_type}</td>
                    <td>
                      <code>{store.id}</code>
                    </td>
                    <td>
                      <div className="stores-actions">
                        <Button
                          variant="secondary"
                          aria-expanded={managingId === store.id}
                          aria-label={`Manage ${displayName(store)}`}
                          onClick={() => setManagingId(managingId === store.id ? null : store.id)}
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
              onClose={() => setManagingId(null)}
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
