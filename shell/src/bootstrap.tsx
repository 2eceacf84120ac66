import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createSniffStore, registerPlatform } from '@sniff/shell-sdk';
import '@sniff/ui/tokens.css';
import './shell.css';
import { App } from './app/App';
import { PUBLIC_REMOTE } from './app/routes';
import { shellApi } from './auth/shellApi';
import { createRemoteLoader } from './remotes/loader';
import { fetchJson, remotesManifestSchema, runtimeConfigSchema } from './shared/config';
import { applyTheme, initialTheme } from './theme/theme';

async function start(root: HTMLElement): Promise<void> {
  const [config, manifest] = await Promise.all([
    fetchJson('/config.json', runtimeConfigSchema),
    fetchJson('/remotes.json', remotesManifestSchema),
  ]);
  const { store, inject } = createSniffStore();
  inject(shellApi);
  const theme = initialTheme();
  applyTheme(theme);
  // A platform exists before any remote loads (remotes inject their APIs at module load);
  // PlatformBridge replaces it with the signed-in one.
  registerPlatform({
    getAccessToken: () => Promise.reject(new Error('Not signed in')),
    user: null,
    plans: null,
    plansError: null,
    theme,
    setTheme: applyTheme,
    navigate: (path) => window.location.assign(path),
    apiBaseUrl: config.apiBaseUrl,
    widgetHost: config.widgetHost,
    inject,
    signIn: () => window.location.assign('/dashboard'),
    signOut: () => undefined,
  });
  const loadRemote = createRemoteLoader(manifest);
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
