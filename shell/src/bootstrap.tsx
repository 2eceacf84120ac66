import { createRoot } from 'react-dom/client';
import { createSniffStore, registerPlatform } from '@sniff/shell-sdk';
import '@sniff/ui/tokens.css';
import './shell.css';
import { App } from './app/App';
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
  createRoot(root).render(
    <App config={config} store={store} inject={inject} loadRemote={createRemoteLoader(manifest)} />,
  );
}

const root = document.getElementById('root');
if (!root) {
  console.error('Root element not found');
} else {
  start(root).catch((error: unknown) => {
    root.textContent = '';
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.textContent = `Sniff could not start: ${error instanceof Error ? error.message : String(error)}. Please reload the page.`;
    root.append(p);
  });
}
