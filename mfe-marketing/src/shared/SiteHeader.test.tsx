/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@sniff/shell-sdk/testing';
import { SiteFooter, SiteHeader } from './SiteHeader';
import { RESOURCE_LINKS } from './site-nav';

describe('site header', () => {
  it('Sign Up asks for the sign-up form, Login does not; both return to /dashboard', async () => {
    const signIn = jest.fn();
    renderPage(<SiteHeader />, { plans: null, platform: { signIn } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(signIn.mock.calls).toEqual([
      [{ signUp: true, returnTo: '/dashboard', forceLogin: true }],
      [{ returnTo: '/dashboard', forceLogin: true }],
    ]);
  });

  it('links the landing page sections', () => {
    renderPage(<SiteHeader />, { plans: null });
    const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
    expect(nav.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/#features',
      '/#comparison',
      '/#pricing',
      '/#faq',
      '/#demo',
    ]);
  });

  it('theme toggle names and switches to the other theme', async () => {
    const setTheme = jest.fn();
    renderPage(<SiteHeader />, { plans: null, platform: { theme: 'dark', setTheme } });
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(setTheme).toHaveBeenCalledWith('light');
  });

  it('mobile menu opens with the anchors and Resources, and Escape closes it', async () => {
    renderPage(<SiteHeader />, { plans: null });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    expect(menu.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/#pricing');
    const resources = within(menu.getByRole('list', { name: 'Resources' }));
    expect(resources.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(
      RESOURCE_LINKS.map((l) => l.href),
    );
    expect(RESOURCE_LINKS.map((l) => l.href)).toEqual([
      '/squarespace',
      '/shopify',
      '/saas-websites',
      '/how-to-add-search-bar-to-squarespace',
      '/fix-squarespace-search-not-working',
      '/vectors',
      '/privacy-policy',
    ]);

    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('mobile menu closes when a link is chosen and offers Login and Sign Up', async () => {
    const signIn = jest.fn();
    renderPage(<SiteHeader />, { plans: null, platform: { signIn } });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Shopify search' }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/shopify');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(toggle);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('button', { name: 'Sign Up' }),
    );
    expect(signIn).toHaveBeenCalledWith({ signUp: true, returnTo: '/dashboard', forceLogin: true });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('site footer', () => {
  it('links the guides, the privacy policy and support', () => {
    renderPage(<SiteFooter />, { plans: null });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(footer.getByRole('link', { name: 'Squarespace search' }).getAttribute('href')).toBe('/squarespace');
    expect(footer.getByRole('link', { name: 'support@sniff.dev' }).getAttribute('href')).toBe(
      'mailto:support@sniff.dev',
    );
    expect(footer.getByText(/^©/).textContent).toMatch(/^© \d{4} Sniff/);
  });
});
