import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createSniffStore, registerPlatform } from '@sniff/shell-sdk';
import remote from '../remote';
import { createPrerenderPlatform } from './platform';

/**
 * The markup of the public site at `path`, rendered the way the shell will hydrate it: the remote's
 * "public" page inside a Redux Provider and the router's Routes (the shell: BrowserRouter, here
 * MemoryRouter). The shell's own wrappers around it (error boundary, platform, remote outlet) render
 * no DOM and have one child each, which keeps React's useId values equal on both sides.
 */
export function renderRoute(path: string): string {
  const { store, inject } = createSniffStore();
  registerPlatform(createPrerenderPlatform(inject));
  const Public = remote.pages.public;
  return renderToString(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Public />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
