import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createSniffStore, registerPlatform } from '@sniff/shell-sdk';
import remote from '../remote';
import { createPrerenderPlatform } from './platform';

/**
 * The markup of the public site at `path`, rendered the way the shell will hydrate it: the remote's
 * "public" page inside a Redux Provider and a data router's RouterProvider. The shell's own wrappers
 * around it (auth, platform bridge, route outlet) render no DOM, and the same RouterProvider keeps
 * React's useId values equal on both sides.
 */
export function renderRoute(path: string): string {
  const { store, inject } = createSniffStore();
  registerPlatform(createPrerenderPlatform(inject));
  const Public = remote.pages.public;
  const router = createMemoryRouter([{ path: '*', element: <Public /> }], { initialEntries: [path] });
  try {
    return renderToString(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
  } finally {
    router.dispose();
  }
}
