/** @jest-environment jsdom */
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Dialog, StatusBadge, Tabs, ToastProvider, useToast } from './index';

function ConfirmDelete({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      {open && (
        <Dialog
          role="alertdialog"
          title="Delete store?"
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button variant="danger" onClick={onConfirm}>
                Delete Store
              </Button>
            </>
          }
        >
          <p>This action cannot be undone.</p>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('moves focus in, keeps Tab inside, makes the page inert, and Escape returns focus', async () => {
    const user = userEvent.setup();
    render(<ConfirmDelete onConfirm={jest.fn()} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete store?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('This action cannot be undone.').closest('[id]')?.id).toBe(
      dialog.getAttribute('aria-describedby'),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Store' }));
    await user.tab(); // wraps to the first control, never to the page behind
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Store' }));
    // The page behind cannot be reached.
    expect(opener.closest('[inert]')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener.closest('[inert]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('its buttons act', async () => {
    const confirm = jest.fn();
    render(<ConfirmDelete onConfirm={confirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Store' }));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

describe('Tabs', () => {
  function Example() {
    const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
    return (
      <Tabs
        label="Guide"
        tabs={[
          { id: 'a', label: 'Squarespace' },
          { id: 'b', label: 'Shopify' },
          { id: 'c', label: 'Custom' },
        ]}
        value={tab}
        onChange={setTab}
      >
        <p>Panel {tab}</p>
      </Tabs>
    );
  }

  it('arrow keys, Home and End select tabs; only the selected tab is tabbable', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const first = screen.getByRole('tab', { name: 'Squarespace' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Shopify' }).tabIndex).toBe(-1);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel b');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Shopify' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel c');
    await user.keyboard('{ArrowRight}'); // wraps around
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel a');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Custom' })).toBeTruthy();
  });
});

describe('StatusBadge', () => {
  it('says "Done with warnings" when a finished sync skipped items', () => {
    render(<StatusBadge status="done" warning />);
    expect(screen.getByText('Done with warnings')).toBeTruthy();
  });
});

describe('toasts', () => {
  function Deleter() {
    const toast = useToast();
    return (
      <>
        <Button onClick={() => toast('Store deleted successfully!')}>Delete</Button>
        <Button onClick={() => toast('Failed to delete store. Please try again.', 'error')}>Fail</Button>
      </>
    );
  }

  it('announces successes politely and for five seconds, errors assertively until dismissed', () => {
    jest.useFakeTimers();
    render(
      <ToastProvider>
        <Deleter />
      </ToastProvider>,
    );
    const region = (text: string) => screen.getByText(text).closest('[aria-live]')?.getAttribute('aria-live');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(region('Store deleted successfully!')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(region('Failed to delete store. Please try again.')).toBe('assertive');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Store deleted successfully!')).toBeNull();
    expect(screen.getByText('Failed to delete store. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to delete store. Please try again.')).toBeNull();
    jest.useRealTimers();
  });

  it('useToast outside a provider says what is missing', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Deleter />)).toThrow('useToast needs a <ToastProvider> above it');
  });
});
