/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { createSniffStore, createStubPlatform, registerPlatform, type Platform } from '@sniff/shell-sdk';
import { installFakeApi, PRODUCT_DESTINATIONS, type Reply } from '@sniff/shell-sdk/testing';
import { dashboardApis } from '../auth/shellApi';
import { WithProductNavigation } from '../navigation/testing';
import { OverviewPage } from '../overview/OverviewPage';
import { chooseTheme } from '../theme/theme';
import { DashboardLayout } from './DashboardLayout';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string, overrides: Partial<Platform> = {}, planLookup?: () => Reply) {
  const { store, inject } = createSniffStore();
  dashboardApis.forEach(inject);
  installFakeApi({
    'billing/info/user': planLookup ?? (() => ({ body: { plans: [{ plan: 'free', platform: 'custom' }] } })),
    'stores/managestores/list-stores': () => ({ body: [] }),
    'billing/billing/account': () => ({ body: { subscriptions: [], invoices: [] } }),
    'search/usage': () => ({
      body: { used: 0, quota: 500, grace: 50, periodStart: '2026-11-01T00:00:00Z', periodEnd: '2026-12-01T00:00:00Z' },
    }),
  });
  const platform: Platform = { ...createStubPlatform(inject, '', PRODUCT_DESTINATIONS), user: null, ...overrides };
  platform.setTheme = (theme) => {
    chooseTheme(theme);
    registerPlatform({ ...platform, theme });
  };
  act(() => registerPlatform(platform));
  return render(
    <Provider store={store}>
      <WithProductNavigation>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/dashboard/*"
              element={
                <DashboardLayout>
                  <OverviewPage />
                </DashboardLayout>
              }
            />
          </Routes>
          <Where />
        </MemoryRouter>
      </WithProductNavigation>
    </Provider>,
  );
}

describe('dashboard chrome', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('collapses the sidebar to icons while links keep their names', () => {
    renderAt('/dashboard');
    const collapse = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(collapse);
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Manage Your Widgets' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('the theme toggle switches to dark and remembers it', () => {
    renderAt('/dashboard', { theme: 'light' });
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' }).getAttribute('title')).toBe(
      'Switch to light mode',
    );
  });

  it('the user menu shows who is signed in, closes on Escape and signs out', () => {
    const signOut = jest.fn();
    renderAt('/dashboard', { user: { sub: 's', name: 'Ada Lovelace', email: 'ada@example.com' }, signOut });
    const button = screen.getByRole('button', { name: 'User menu (AL)' });
    expect(button.textContent).toBe('AL');
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(menu.textContent).toContain('ada@example.com');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Account' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Account' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });

  it('the user menu opens the account page, which the sidebar does not list', () => {
    renderAt('/dashboard', { user: { sub: 's', name: 'Ada Lovelace', email: 'ada@example.com' } });
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'User menu (AL)' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Account' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/account');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows the checkout banner and drops the query string on dismiss', () => {
    renderAt('/dashboard?canceled=true');
    expect(screen.getByText('Checkout process was canceled. Your plan has not been changed.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Checkout process was canceled/)).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('quick actions go to the wizard', async () => {
    renderAt('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Search Widget' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/create-store');
  });

  it('a failed plan lookup says so and retries, instead of showing the free plan', async () => {
    let fail = true;
    renderAt('/dashboard', {}, () =>
      fail
        ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'billing is unavailable' } }
        : { body: { plans: [{ plan: 'busniess_starter_monthly', platform: 'custom' }] } },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error fetching user plan: billing is unavailable. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Quick Actions' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeTruthy();
  });

  it('on a phone, the menu opens the pages in a drawer that Escape and a chosen page close', async () => {
    renderAt('/dashboard');
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    open.focus(); // as a click or Enter does in a browser
    fireEvent.click(open);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(open);
    fireEvent.click(open);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Analytics' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/analytics');
  });
});
