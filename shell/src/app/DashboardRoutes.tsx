import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ErrorPanel, lazyWithSpinner, Spinner } from '@sniff/ui';
import { AccessGate } from '../auth/AccessGate';
import { DashboardLayout } from '../layout/DashboardLayout';
import { useNavigation } from '../navigation/NavigationProvider';
import { RemotePage } from '../remotes/RemotePage';

// The overview's own chunk: a remote's page does not load it.
const OverviewPage = lazyWithSpinner(
  () => import('../overview/OverviewPage').then((m) => m.OverviewPage),
  'Loading the overview',
);

/** The shell's own pages by declared path (overview/declaration.ts). */
const SHELL_PAGES: Record<string, ComponentType> = { '': OverviewPage };

/**
 * A path no declaration has: while some remote's declaration failed, it may be one of that remote's
 * pages, so the error panel shows (and Try again fetches the declarations again); otherwise back to
 * the overview.
 */
function UnknownPage() {
  const { navigation, retry } = useNavigation();
  if (!navigation?.failed.length) return <Navigate to="/dashboard" replace />;
  return (
    <ErrorPanel title="This part of Sniff could not load" onRetry={retry}>
      <p>
        This page did not arrive, perhaps because the connection dropped or Sniff was being updated. The rest of Sniff
        still works; try again in a moment.
      </p>
    </ErrorPanel>
  );
}

/** The dashboard's routes, built from the declarations; any other /dashboard/* path goes back to /dashboard. */
export function DashboardRoutes() {
  const { navigation } = useNavigation();
  return (
    <AccessGate>
      <DashboardLayout>
        {navigation ? (
          <Routes>
            {navigation.pages.map(({ path, remote, subPaths }) => {
              // Exact unless the page routes below itself: /dashboard/stores/anything is unknown (the spec's redirect).
              const route = subPaths ? `${path}/*` : path;
              if (remote !== null) {
                return <Route key={path} path={route} element={<RemotePage remote={remote} page={path} />} />;
              }
              const Page = SHELL_PAGES[path];
              if (!Page) return null;
              return path === '' ? (
                <Route key={path} index element={<Page />} />
              ) : (
                <Route key={path} path={route} element={<Page />} />
              );
            })}
            <Route path="*" element={<UnknownPage />} />
          </Routes>
        ) : (
          <p>
            <Spinner label="Loading the dashboard" /> Loading...
          </p>
        )}
      </DashboardLayout>
    </AccessGate>
  );
}
