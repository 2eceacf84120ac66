/** @jest-environment jsdom */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { screen } from '@testing-library/react';
import { registerPlatform } from '@sniff/shell-sdk';
import { stubPlatform } from '@sniff/shell-sdk/testing';
import { LANDING_PAGE } from './page';

const { Page } = LANDING_PAGE;
const app = () => (
  <MemoryRouter initialEntries={['/']}>
    <Page />
  </MemoryRouter>
);

describe('landing page hydration', () => {
  it('hydrates the pre-rendered (light) HTML in a dark-theme browser without a mismatch', async () => {
    registerPlatform(stubPlatform(null, { theme: 'light' }));
    const html = renderToString(app());

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    registerPlatform(stubPlatform(null, { theme: 'dark' }));
    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    try {
      await act(async () => {
        hydrateRoot(container, app(), { onRecoverableError: (e) => void errors.push(e) });
      });
    } finally {
      consoleError.mockRestore();
    }
    expect(errors).toEqual([]);
    // After hydration the toggle names the theme it switches to.
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
  });
});
