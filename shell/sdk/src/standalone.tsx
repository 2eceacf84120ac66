import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { PLAN_IDS, platformOfPlan, type PlanEntry, type PlanId } from '@sniff/contracts';
import { registerPlatform, unavailablePayments, type Platform } from './platform';
import type { RemoteDefinition } from './remote';
import { createSniffStore } from './store';

// A plain list check rather than the zod schema: the sdk is on every page's path, zod is not.
const isPlanId = (id: string): id is PlanId => (PLAN_IDS as readonly string[]).includes(id);

/**
 * A stand-in platform for running one remote on its own (its team's dev loop): a fixed owner,
 * plans from `?plans=a,b`, a token from `?token=`, API calls to `?api=` (default /api). There is no
 * payment provider: `?payments=ready` pretends one is loaded (checkout then goes to the session's URL).
 */
export function createStubPlatform(
  inject: Platform['inject'],
  search = window.location.search,
  destinations: Readonly<Record<string, string>> = {},
): Platform {
  const params = new URLSearchParams(search);
  const plans: PlanEntry[] = (params.get('plans') ?? '')
    .split(',')
    .filter(isPlanId)
    .map((plan) => ({ plan, platform: platformOfPlan(plan) }));
  const platform: Platform = {
    getAccessToken: async () => params.get('token') ?? 'standalone-token',
    user: { sub: 'standalone-owner', name: 'Standalone Owner', email: 'owner@example.com' },
    plans,
    plansError: null,
    theme: document.documentElement.classList.contains('dark') ? 'dark' : 'light',
    setTheme: (theme) => {
      document.documentElement.classList.toggle('dark', theme === 'dark');
      registerPlatform({ ...platform, theme });
    },
    navigate: (path) => window.location.assign(path),
    resolveDestination: (name) => destinations[name] ?? null,
    payments:
      params.get('payments') === 'ready'
        ? { status: 'ready', error: null, goToCheckout: (url) => window.location.assign(url) }
        : unavailablePayments('A standalone run has no payment provider (add ?payments=ready)'),
    apiBaseUrl: params.get('api') ?? '/api',
    widgetHost: params.get('widgetHost') ?? window.location.origin,
    inject,
    signIn: () => undefined,
    signOut: () => undefined,
  };
  return platform;
}

/** A standalone run's destinations: the remote's own pages, at /<path>; other remotes' are unknown. */
export function standaloneDestinations(remote: RemoteDefinition): Record<string, string> {
  return Object.fromEntries(
    remote.declaration.routes.flatMap((r) => (r.destination ? [[r.destination, `/${r.path}`]] : [])),
  );
}

/** Renders a remote's pages without the shell: `/<path>` for each declared route. */
export async function renderStandalone(load: () => Promise<{ default: RemoteDefinition }>): Promise<void> {
  const { store, inject } = createSniffStore();
  registerPlatform(createStubPlatform(inject));
  const { default: remote } = await load();
  [...remote.apis, ...remote.slices].forEach(inject);
  registerPlatform(createStubPlatform(inject, window.location.search, standaloneDestinations(remote)));
  const root = document.getElementById('root');
  if (!root) {
    console.error('Root element not found');
    return;
  }
  const titles = new Map(remote.declaration.routes.map((r) => [r.path, r.title]));
  const keys = Object.keys(remote.pages);
  createRoot(root).render(
    <Provider store={store}>
      <BrowserRouter>
        <nav aria-label="Standalone pages">
          {keys.map((k) => (
            <Link key={k} to={`/${k === 'public' ? '' : k}`} style={{ marginRight: 12 }}>
              {titles.get(k) ?? k}
            </Link>
          ))}
        </nav>
        <Routes>
          {keys.map((k) => {
            const Page = remote.pages[k];
            // The shell shows a page's title as its h1 (pages don't repeat it): so does a standalone run.
            const title = titles.get(k);
            const element = (
              <>
                {title && <h1>{title}</h1>}
                <Page />
              </>
            );
            return <Route key={k} path={k === 'public' ? '/*' : `/${k}/*`} element={element} />;
          })}
        </Routes>
      </BrowserRouter>
    </Provider>,
  );
}
