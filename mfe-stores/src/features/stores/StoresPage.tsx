import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@sniff/shell-sdk';
import type { Store } from '@sniff/contracts';
import { useDeleteStoreMutation, useListStoresQuery } from '../../shared/api';
import { Spinner } from '../../shared/ui/Spinner';
import { StatusBadge } from '../../shared/ui/StatusBadge';
import { ManagePanel } from './ManagePanel';

export const CONFIRM_DELETE = 'Are you sure you want to delete this store? This action cannot be undone.';
export const POLL_MS = 3000;

/** /dashboard/stores: "Your Stores" with live status while stores are being indexed. */
export function StoresPage() {
  const [poll, setPoll] = useState(0);
  const { data, error, isLoading, isFetching, refetch } = useListStoresQuery(undefined, {
    pollingInterval: poll,
    refetchOnMountOrArgChange: true,
  });
  const [deleteStore] = useDeleteStoreMutation();
  const [managing, setManaging] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const busy = !!data?.some((s) => s.status === 'queued' || s.status === 'running');
  useEffect(() => setPoll(busy ? POLL_MS : 0), [busy]);

  const remove = async (store: Store) => {
    if (!window.confirm(CONFIRM_DELETE)) return;
    setDeleteError(null);
    try {
      await deleteStore({ store_id: store.id, platform: store.platform }).unwrap();
      if (managing === store.id) setManaging(null);
      window.alert('Store deleted successfully!');
    } catch {
      setDeleteError('Failed to delete store. Please try again.');
    }
  };

  return (
    <div className="stores">
      <header className="wizard-nav">
        <h1>Your Stores</h1>
        <div className="wizard-page-actions">
          <button
            type="button"
            className="sniff-button sniff-button--secondary"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            Refresh
          </button>
          <Link className="sniff-button" to="/dashboard/create-store">
            Add Website
          </Link>
        </div>
      </header>
      {deleteError && (
        <p role="alert" className="sniff-error">
          {deleteError}
        </p>
      )}
      {isLoading ? (
        <p>
          <Spinner /> Loading stores...
        </p>
      ) : error ? (
        <div role="alert" className="sniff-panel sniff-panel--error">
          <h2>Error Loading Stores</h2>
          <p>{errorMessage(error)}</p>
          <button type="button" className="sniff-button" onClick={() => void refetch()}>
            Try Again
          </button>
        </div>
      ) : !data?.length ? (
        <div className="sniff-panel">
          <h2>No stores yet</h2>
          <p>Create a search widget for your website to get started.</p>
          <Link className="sniff-button" to="/dashboard/create-store">
            Create Your First Store
          </Link>
        </div>
      ) : (
        <ul className="stores-list" aria-label="Stores">
          {data.map((store) => (
            <li key={store.id} className="stores-row" data-testid={`store-${store.id}`}>
              <div className="wizard-nav">
                <h2>{store.name || 'Unnamed Store'}</h2>
                <StatusBadge status={store.status} />
              </div>
              {store.status === 'failed' && store.status_reason && <p className="sniff-error">{store.status_reason}</p>}
              <dl>
                <dt>URL</dt>
                <dd>{store.url}</dd>
                <dt>Platform</dt>
                <dd>{store.platform}</dd>
                <dt>Type</dt>
                <dd>{store.store_type}</dd>
                <dt>ID</dt>
                <dd>{store.id}</dd>
              </dl>
              <div className="wizard-page-actions">
                <button
                  type="button"
                  className="sniff-button sniff-button--secondary"
                  aria-expanded={managing === store.id}
                  onClick={() => setManaging(managing === store.id ? null : store.id)}
                >
                  Manage
                </button>
                <button
                  type="button"
                  className="sniff-button sniff-button--secondary"
                  aria-label={`Delete ${store.name || 'Unnamed Store'}`}
                  onClick={() => void remove(store)}
                >
                  Delete
                </button>
              </div>
              {managing === store.id && (
                <ManagePanel store={store} onClose={() => setManaging(null)} onDelete={() => void remove(store)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
