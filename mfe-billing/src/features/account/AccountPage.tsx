import { useEffect, useState } from 'react';
import { errorMessage, usePlatform } from '@sniff/shell-sdk';
import { Alert, Button, Dialog, Spinner } from '@sniff/ui';
import {
  ACCOUNT_DELETED_NOTICE,
  type AccountDeletionStatus,
  type AccountDeletionStep,
  type AccountExport,
} from '@sniff/contracts';
import { useAccountDeletionQuery, useDeleteAccountMutation, useLazyAccountExportQuery } from '../../shared/api';
import { Loadable } from './Section';

/** What each deletion step removes, in the owner's words. */
const STEP_TEXT: Record<AccountDeletionStep, string> = {
  subscriptions: 'Subscriptions canceled',
  stores: 'Search widgets, indexed pages and products removed',
  analytics: 'Search analytics removed',
  search: 'Usage counts removed',
  feedback: 'Feedback messages removed',
  identity: 'Sign-in account deleted',
  billing: 'Plan records removed',
};

/** How often the page asks how the deletion is going. */
const POLL_MS = 1000;

/** Saves the export as a file named for today (the browser's download, nothing leaves the page). */
function saveJson(data: AccountExport): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `sniff-account-${data.exportedAt.slice(0, 10)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** /dashboard/account: the owner's data (export as JSON) and Delete Account (privacy policy). */
export function AccountPage() {
  const { user } = usePlatform();
  return (
    <div className="plans account">
      <section aria-labelledby="account-who" className="plans-section">
        <h3 id="account-who">Signed in as</h3>
        <p>
          <strong>{user?.name}</strong> <span className="plan-muted">{user?.email}</span>
        </p>
      </section>
      <ExportData />
      <DeleteAccount />
    </div>
  );
}

function ExportData() {
  const [load, { isFetching }] = useLazyAccountExportQuery();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const exportData = async () => {
    setError(null);
    setSaved(false);
    const result = await load();
    if (result.data) {
      saveJson(result.data);
      setSaved(true);
    } else setError(errorMessage(result.error));
  };

  return (
    <section aria-labelledby="account-data" className="plans-section">
      <h3 id="account-data">Your data</h3>
      <p>
        Download everything Sniff keeps about you as one JSON file: your search widgets and their settings, the pages
        and products they index, search analytics, usage, your plan and invoices, and the feedback you sent.
      </p>
      <div>
        <Button variant="secondary" onClick={() => void exportData()} disabled={isFetching} aria-busy={isFetching}>
          {isFetching ? 'Preparing your data...' : 'Export my data'}
        </Button>
      </div>
      <div aria-live="polite">
        {saved && <Alert kind="success">Your data was downloaded.</Alert>}
        {error && <Alert kind="error">Your data could not be exported: {error}</Alert>}
      </div>
    </section>
  );
}

function DeleteAccount() {
  const deletion = useAccountDeletionQuery();
  const status = deletion.data?.status;
  return (
    <section aria-labelledby="account-delete" className="plans-section account-danger">
      <h3 id="account-delete">Delete Account</h3>
      <Loadable
        what="your account's status"
        isLoading={deletion.isLoading}
        error={deletion.isError ? errorMessage(deletion.error) : null}
        onRetry={() => void deletion.refetch()}
      >
        {() => (status === 'pending' || status === 'done' ? <DeletionProgress /> : <DeleteAccountForm />)}
      </Loadable>
    </section>
  );
}

function DeleteAccountForm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>
        Deleting your account removes your search widgets (they stop answering on your sites at once), the pages and
        products they index, your search analytics and settings, and the feedback you sent; it cancels your subscription
        now, without a further charge, and deletes your sign-in. It cannot be undone. Stripe keeps your invoices as our
        privacy policy says (billing records, up to 7 years).
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete Account...
        </Button>
      </div>
      {open && <ConfirmDeletion onClose={() => setOpen(false)} />}
    </>
  );
}

function ConfirmDeletion({ onClose }: { onClose: () => void }) {
  const { user } = usePlatform();
  const [typed, setTyped] = useState('');
  const [remove, { isLoading, error }] = useDeleteAccountMutation();
  const email = user?.email ?? '';
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase() && email !== '';

  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!matches || isLoading) return;
    const result = await remove(typed.trim());
    if ('data' in result) onClose();
  };

  return (
    <Dialog
      role="alertdialog"
      title="Delete your account?"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="confirm-deletion" disabled={!matches || isLoading}>
            {isLoading ? 'Deleting...' : 'Delete Account'}
          </Button>
        </>
      }
    >
      <form id="confirm-deletion" onSubmit={(e) => void confirm(e)} className="account-confirm">
        <p>
          Everything listed on this page is removed and cannot be restored. To confirm, type the e-mail address you sign
          in with: <strong>{email}</strong>
        </p>
        <label htmlFor="confirm-email">Your e-mail address</label>
        <input
          id="confirm-email"
          data-autofocus
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={typed !== '' && !matches}
          aria-describedby="confirm-email-hint"
        />
        <span id="confirm-email-hint" className="plan-muted">
          {typed !== '' && !matches ? 'This is not the e-mail address you sign in with.' : ' '}
        </span>
        {error && <Alert kind="error">Your account could not be deleted: {errorMessage(error)}</Alert>}
      </form>
    </Dialog>
  );
}

/** Sign-out lands on the landing page, which says the account was deleted (ACCOUNT_DELETED_NOTICE). */
function leaveDeletedNotice(): void {
  try {
    window.sessionStorage.setItem(ACCOUNT_DELETED_NOTICE.storageKey, ACCOUNT_DELETED_NOTICE.value);
  } catch {
    // No storage (a locked-down browser): the landing page just shows no notice.
  }
}

/** The deletion's steps as they are done; when all are, the owner is signed out. */
function DeletionProgress() {
  const platform = usePlatform();
  const deletion = useAccountDeletionQuery(undefined, { pollingInterval: POLL_MS, skipPollingIfUnfocused: false });
  const data: AccountDeletionStatus | undefined = deletion.data;
  const done = data?.status === 'done';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      leaveDeletedNotice();
      platform.signOut();
    }, 3000);
    return () => clearTimeout(timer);
  }, [done, platform]);

  if (!data) return null;
  return (
    <div className="billing-part" aria-live="polite">
      {done ? (
        <Alert kind="success">Your account has been deleted. Signing you out...</Alert>
      ) : (
        <p>
          <Spinner label="Deleting your account" /> Deleting your account. You can close this page: it carries on.
        </p>
      )}
      <ol className="account-steps">
        {data.steps.map((s) => (
          <li key={s.step} className={s.doneAt ? 'account-step--done' : undefined}>
            <span aria-hidden="true">{s.doneAt ? '✓' : '•'}</span> {STEP_TEXT[s.step]}
            <span className="visually-hidden">{s.doneAt ? ' (done)' : ' (waiting)'}</span>
          </li>
        ))}
      </ol>
      {!done && data.lastError && (
        <Alert kind="warning">
          A step is taking longer than usual ({data.lastError}). It is retried automatically; nothing is lost.
        </Alert>
      )}
    </div>
  );
}
