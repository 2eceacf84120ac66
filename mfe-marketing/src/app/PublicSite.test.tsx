/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createSniffStore, createStubPlatform, registerPlatform, type Platform } from '@sniff/shell-sdk';
import { PublicSite } from './PublicSite';
import { PUBLIC_ORIGIN } from '../shared/public-page';
import { PUBLIC_PAGES, PUBLIC_REDIRECTS } from './public-pages';

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  const calls: Parameters<Platform['signIn']>[0][] = [];
  const { inject } = createSniffStore();
  act(() => registerPlatform({ ...createStubPlatform(inject, ''), signIn: (o) => void calls.push(o) }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <PublicSite />
      <Where />
    </MemoryRouter>,
  );
  return calls;
}

describe('public site', () => {
  it('landing page signs up with the sign-up hint and logs in without it', async () => {
    const calls = renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Site search that forgives typos' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign Up' })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(calls).toEqual([
      { signUp: true, returnTo: '/dashboard', forceLogin: true },
      { returnTo: '/dashboard', forceLogin: true },
    ]);
  });

  it('shows prices from the shared plan catalogue', async () => {
    renderAt('/');
    await userEvent.click(
      within(screen.getByRole('tablist', { name: 'Plans for' })).getByRole('tab', { name: 'SaaS websites' }),
    );
    expect(screen.getByRole('article', { name: 'SaaS Starter' }).querySelector('.price')?.textContent).toBe(
      '$19/month',
    );
  });

  it('answers unknown public paths with a not-found page', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('sends an alias address to its page', () => {
    const [alias, target] = Object.entries(PUBLIC_REDIRECTS)[0];
    renderAt(alias);
    expect(screen.getByTestId('path').textContent).toBe(target);
    const page = PUBLIC_PAGES.find((p) => p.path === target)!;
    expect(document.title).toBe(page.title);
  });

  it('matches routes case-sensitively, like the gateway that pre-rendered them', () => {
    renderAt('/Squarespace');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('keeps the title, description and canonical link in step with the page shown', () => {
    const guide = PUBLIC_PAGES.find((p) => p.path === '/shopify')!;
    const { unmount } = render(
      <MemoryRouter initialEntries={[guide.path]}>
        <PublicSite />
      </MemoryRouter>,
    );
    const head = (selector: string, attr: string) => document.head.querySelector(selector)?.getAttribute(attr);
    expect(document.title).toBe(guide.title);
    expect(head('meta[name="description"]', 'content')).toBe(guide.description);
    expect(head('link[rel="canonical"]', 'href')).toBe(`${PUBLIC_ORIGIN}/shopify`);
    expect(head('meta[property="og:url"]', 'content')).toBe(`${PUBLIC_ORIGIN}/shopify`);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    unmount();

    // The not-found page asks search engines to skip it and names no canonical address.
    renderAt('/no-such-page');
    expect(document.title).toBe('Page not found | Sniff');
    expect(head('meta[name="robots"]', 'content')).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('shows the section a link names after navigating to another page', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    renderAt('/shopify');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Pricing' }));
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(scrolled).toEqual(['pricing']);
  });
});
