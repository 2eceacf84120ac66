/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { createSniffStore, createStubPlatform, registerPlatform } from '@sniff/shell-sdk';
import { GUIDE_PAGES } from './pages';

const { inject } = createSniffStore();
registerPlatform(createStubPlatform(inject, ''));

function renderGuide(path: string) {
  const { Page } = GUIDE_PAGES.find((p) => p.path === path)!;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

afterEach(() => jest.useRealTimers());

describe('GuidePage', () => {
  it('copies the example snippet and shows Copied! for two seconds', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderGuide('/saas-websites');

    const step2 = document.getElementById('step-2')!;
    const code = within(step2).getByText(/data-store-id="YOUR_STORE_ID"/).textContent;
    await act(async () => {
      fireEvent.click(within(step2).getByRole('button', { name: 'Copy Code' }));
    });
    expect(writeText).toHaveBeenCalledWith(code);
    expect(code).toContain('saas-embed.js');
    expect(within(step2).getByRole('button', { name: 'Copied!' })).toBeTruthy();

    act(() => jest.advanceTimersByTime(1999));
    expect(within(step2).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(within(step2).getByRole('button', { name: 'Copy Code' })).toBeTruthy();
  });

  it('Shopify install tabs follow the tabs pattern, each labelled available or coming soon', () => {
    renderGuide('/shopify');
    const list = screen.getByRole('tablist', { name: 'Ways to connect Shopify' });
    const [csv, oauth, app] = within(list).getAllByRole('tab');
    expect(csv.getAttribute('aria-selected')).toBe('true');
    expect(oauth.textContent).toBe('OAuth2 ConnectionAvailable');
    expect(app.textContent).toBe('Shopify AppComing soon');
    expect(screen.getByRole('tabpanel', { name: /CSV Upload/ }).textContent).toContain('image_url');
    expect(oauth.tabIndex).toBe(-1);

    fireEvent.click(oauth);
    expect(oauth.getAttribute('aria-selected')).toBe('true');
    expect(csv.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel').textContent).toContain('Connect with Shopify');

    fireEvent.keyDown(oauth, { key: 'ArrowRight' });
    expect(app.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(app);
    fireEvent.keyDown(app, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(csv);
    fireEvent.keyDown(csv, { key: 'End' });
    expect(document.activeElement).toBe(app);
    fireEvent.keyDown(app, { key: 'Home' });
    expect(csv.getAttribute('aria-selected')).toBe('true');
  });

  it('the FAQ shows five questions, the first open, each opening from its summary', () => {
    renderGuide('/squarespace');
    const items = document.getElementById('faq')!.querySelectorAll('details');
    expect(items.length).toBe(5);
    expect(items[0].open).toBe(true);
    expect(items[1].open).toBe(false);
    fireEvent.click(items[1].querySelector('summary')!);
    expect(items[1].open).toBe(true);
  });

  it.each(['/squarespace', '/shopify', '/fix-squarespace-search-not-working'])(
    '%s hydrates the server HTML without a mismatch',
    async (path) => {
      const { Page } = GUIDE_PAGES.find((p) => p.path === path)!;
      const tree = (
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(tree);
      document.body.appendChild(container);
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const recoverable: unknown[] = [];
      await act(async () => {
        hydrateRoot(container, tree, { onRecoverableError: (e) => recoverable.push(e) });
      });
      expect(recoverable).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
      container.remove();
    },
  );
});
