/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import type { RemoteDefinition } from '@sniff/shell-sdk';
import type { RemoteLoader } from './loader';
import { RemoteLoaderContext, RemotePage } from './RemotePage';

const marketing: RemoteDefinition = {
  id: 'mfe-marketing',
  declaration: { id: 'mfe-marketing', routes: [], sidebar: [], links: [], publicSite: true },
  pages: { public: () => <h1>Search that forgives typos</h1> },
  apis: [],
  slices: [],
};
const declarations = () => Promise.resolve([]);

function renderWith(load: RemoteLoader) {
  return render(
    <RemoteLoaderContext.Provider value={load}>
      <RemotePage remote="mfe_marketing" page="public" />
    </RemoteLoaderContext.Provider>,
  );
}

describe('remote page', () => {
  it('shows a remote that already loaded in its first render, as hydrating a pre-rendered page needs', () => {
    const load: RemoteLoader = Object.assign(() => Promise.resolve(marketing), {
      loaded: () => marketing,
      declarations,
    });
    const { container } = renderWith(load);
    expect(container.innerHTML).toBe('<h1>Search that forgives typos</h1>');
  });

  it('shows a spinner while a remote loads, then its page', async () => {
    let resolve: (d: RemoteDefinition) => void = () => undefined;
    const load: RemoteLoader = Object.assign(() => new Promise<RemoteDefinition>((r) => (resolve = r)), {
      declarations,
    });
    renderWith(load);
    expect(screen.getByText(/Loading/)).toBeTruthy();
    await act(async () => resolve(marketing));
    expect(screen.getByRole('heading', { name: 'Search that forgives typos' })).toBeTruthy();
  });
});
