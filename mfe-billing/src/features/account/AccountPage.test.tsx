/** @jest-environment jsdom */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, renderPage, type Handler } from '@sniff/shell-sdk/testing';
import { ACCOUNT_DELETION_STEPS, type AccountDeletionStatus } from '@sniff/contracts';
import { billingApi } from '../../shared/api';
import { AccountPage } from './AccountPage';

const apis = [billingApi];

function status(over: Partial<AccountDeletionStatus> = {}, doneSteps = 0): AccountDeletionStatus {
  return {
    status: 'pending',
    requestedAt: '2026-11-26T10:00:00.000Z',
    finishedAt: null,
    steps: ACCOUNT_DELETION_STEPS.map((step, i) => ({
      step,
      doneAt: i < doneSteps ? '2026-11-26T10:00:01.000Z' : null,
    })),
    lastError: null,
    ...over,
  };
}
const NONE = status({ status: 'none', requestedAt: null }, 0);

function show(handlers: Record<string, Handler> = {}, signOut = jest.fn()) {
  const calls = installFakeApi({ 'billing/account/deletion': () => ({ body: NONE }), ...handlers });
  renderPage(<AccountPage />, { apis, platform: { signOut } });
  return { calls, signOut };
}

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('Account: delete', () => {
  it('deletes only after the owner types their own e-mail, then follows the job and signs out', async () => {
    let deletion = NONE;
    const { calls, signOut } = show({
      'billing/account/deletion': (body) => {
        if (body.confirm) deletion = status({}, 0);
        return { status: body.confirm ? 202 : 200, body: deletion };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account...' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    const input = within(dialog).getByLabelText('Your e-mail address');
    expect(document.activeElement).toBe(input);
    const remove = within(dialog).getByRole('button', { name: 'Delete Account' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);

    fireEvent.change(input, { target: { value: 'someone@else.com' } });
    expect(within(dialog).getByText('This is not the e-mail address you sign in with.')).toBeTruthy();
    expect(remove.disabled).toBe(true);

    fireEvent.change(input, { target: { value: ' Owner@Example.com ' } });
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);

    expect(await screen.findByText(/Deleting your account\. You can close this page/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.find((c) => c.body.confirm)?.body.confirm).toBe('Owner@Example.com');
    expect(screen.getAllByRole('listitem')).toHaveLength(ACCOUNT_DELETION_STEPS.length);

    deletion = status({ status: 'done', finishedAt: '2026-11-26T10:00:05.000Z' }, ACCOUNT_DELETION_STEPS.length);
    expect(await screen.findByText(/Your account has been deleted/, {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(signOut).toHaveBeenCalled(), { timeout: 5000 });
    // The landing page that sign-out returns to says what happened (issue 31).
    expect(window.sessionStorage.getItem('sniff:signed-out-notice')).toBe('account-deleted');
  }, 15_000);

  it('keeps the dialog open and says why when the server refuses', async () => {
    show({
      'billing/account/deletion': (body) =>
        body.confirm
          ? { status: 400, body: { statusCode: 400, message: 'confirm must be the e-mail address you sign in with' } }
          : { body: NONE },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account...' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText('Your e-mail address'), { target: { value: 'owner@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(
      await within(dialog).findByText(
        'Your account could not be deleted: confirm must be the e-mail address you sign in with',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Account...' })).toBeTruthy();
  });

  it('shows a deletion already under way, and a step being retried', async () => {
    show({
      'billing/account/deletion': () => ({
        body: status({ lastError: 'stores: The stores service is unavailable.' }, 2),
      }),
    });
    expect(await screen.findByText(/A step is taking longer than usual \(stores: The stores service/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Account...' })).toBeNull();
    expect(screen.getByText('Subscriptions canceled').closest('li')?.textContent).toContain('(done)');
    expect(screen.getByText('Sign-in account deleted').closest('li')?.textContent).toContain('(waiting)');
  });

  it('says so when the status cannot be loaded, and retries', async () => {
    let fail = true;
    show({
      'billing/account/deletion': () =>
        fail ? { status: 503, body: { message: 'The billing service is unavailable.' } } : { body: NONE },
    });
    expect(
      await screen.findByText("Could not load your account's status: The billing service is unavailable."),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Delete Account...' })).toBeTruthy();
  });
});

describe('Account: export', () => {
  const EXPORT = {
    exportedAt: '2026-11-26T10:00:00.000Z',
    owner: { sub: 'owner-1', email: 'owner@example.com' },
    billing: { subscriptions: [], invoices: [] },
    stores: [],
    usage: [{ periodStart: '2026-11-01T00:00:00.000Z', searches: 42 }],
    analytics: [
      {
        storeId: 'store-1',
        events: [{ type: 'search', query: 'bread', at: '2026-11-25T10:00:00.000Z', resultCount: 3, url: null }],
        zeroResultAlerts: { enabled: true, updatedAt: '2026-11-24T10:00:00.000Z' },
      },
    ],
    feedback: [{ id: 'f1', text: 'Love it', page: '/dashboard', createdAt: '2026-11-20T10:00:00.000Z', sentAt: null }],
  };

  it('downloads everything as a dated JSON file', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => ((lastBlob = blob), 'blob:export'),
      revokeObjectURL: () => undefined,
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob! });
    });
    show({ 'billing/account/export': () => ({ body: EXPORT }) });
    fireEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['sniff-account-2026-11-26.json']);
    // jsdom's Blob has no text(): read it as a browser would with FileReader
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!.blob);
    });
    expect(JSON.parse(text)).toEqual(EXPORT);
  });

  it('says why an export failed and lets the owner try again', async () => {
    show({
      'billing/account/export': () => ({ status: 503, body: { message: 'The stores service is unavailable.' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Your data could not be exported: The stores service is unavailable.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export my data' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
