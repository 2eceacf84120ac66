import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createSniffStore, registerPlatform } from '@sniff/shell-sdk';
import '@sniff/ui/tokens.css';
import './shell.css';
import { App, loadDashboard } from './app/App';
import { PUBLIC_REMOTE } from './app/routes';
import { createPublicPlatform } from './auth/public-platform';
import { createRemoteLoader } from './remotes/loader';
import { loadRuntimeDocuments, withEntry } from './shared/config';
import { applyTheme, chooseTheme, initialTheme } from './theme/theme';

async function start(root: HTMLElement): Promise<void> {
  // A dashboard page needs the dashboard's chunk: fetched alongside the runtime documents.
  if (window.location.pathname.startsWith('/dashboard')) void loadDashboard();
  const [config, remotes] = await loadRuntimeDocuments();
  // A pre-rendered page hydrates with the marketing build that rendered it (the gateway names it on the root).
  const manifest = withEntry(remotes, PUBLIC_REMOTE.remote, root.getAttribute('data-prerendered'));
  const { store, inject } = createSniffStore();
  const theme = initialTheme();
  applyTheme(theme);
  // A platform exists before any remote loads; PublicPlatform or, on the dashboard, PlatformBridge
  // replaces it once rendered.
  registerPlatform(
    createPublicPlatform({
      config,
      inject,
      theme,
      setTheme: chooseTheme,
      navigate: (path) => window.location.assign(path),
    }),
  );
  // The declarations' checks (zod) are fetched with them, on the dashboard only.
  // On the dashboard the owner's own manifest (their canary share) follows sign-in: remote code waits for it.
  const loadRemote = createRemoteLoader(
    manifest,
    inject,
    (remote, entry) => import('./remotes/declarations').then((d) => d.fetchDeclaration(remote, entry)),
    undefined,
    { personal: window.location.pathname.startsWith('/dashboard') },
  );
  // The dashboard's routes and sidebar come from every remote's declaration: fetched at once.
  if (window.location.pathname.startsWith('/dashboard')) void loadRemote.declarations();
  const app = <App config={config} store={store} inject={inject} loadRemote={loadRemote} />;
  if (!root.hasAttribute('data-prerendered')) {
    createRoot(root).render(app);
    return;
  }
  // A public page pre-rendered at build: load the marketing remote first, then hydrate, so React's
  // first render is that same page and adopts the existing markup instead of replacing it.
  try {
    await loadRemote(PUBLIC_REMOTE.remote);
  } catch (error) {
    // The pre-rendered page stays readable (links work without JavaScript); only its buttons stay inert.
    console.error(`${PUBLIC_REMOTE.remote} could not load; showing the page without interactivity`, error);
    return;
  }
  // As a transition, hydration yields to the browser between components instead of one long task.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

const root = document.getElementById('root');
if (!root) {
  console.error('Root element not found');
} else {
  start(root).catch((error: unknown) => {
    // A pre-rendered public page is still worth reading without the app.
    if (root.hasAttribute('data-prerendered')) return console.error('Sniff could not start', error);
    root.textContent = '';
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.textContent = `Sniff could not start: ${error instanceof Error ? error.message : String(error)}. Please reload the page.`;
    root.append(p);
  });
}
