/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createSniffStore, createStubPlatform, registerPlatform, type Platform } from '@sniff/shell-sdk';
import { PublicSite } from './PublicSite';

function renderAt(path: string) {
  const calls: Parameters<Platform['signIn']>[0][] = [];
  const { inject } = createSniffStore();
  act(() => registerPlatform({ ...createStubPlatform(inject, ''), signIn: (o) => void calls.push(o) }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <PublicSite />
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
    expect(calls).toEqual([{ signUp: true, returnTo: '/dashboard' }, { returnTo: '/dashboard' }]);
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
});
