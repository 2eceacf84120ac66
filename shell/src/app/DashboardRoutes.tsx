import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@sniff/ui';
import { AccessGate } from '../auth/AccessGate';
import { DashboardLayout } from '../layout/DashboardLayout';
import { RemotePage } from '../remotes/RemotePage';
import { DASHBOARD_ROUTES } from './routes';

// The overview's own chunk: a remote's page does not load it.
const OverviewPage = lazy(() => import('../overview/OverviewPage').then((m) => ({ default: m.OverviewPage })));

/** The dashboard's routes; any other /dashboard/* path goes back to /dashboard. */
export function DashboardRoutes() {
  return (
    <AccessGate>
      <DashboardLayout>
        <Routes>
          <Route
            index
            element={
              <Suspense fallback={<Spinner label="Loading the overview" />}>
                <OverviewPage />
              </Suspense>
            }
          />
          {DASHBOARD_ROUTES.filter((r) => r.remote).map((r) => (
            <Route key={r.path} path={`${r.path}/*`} element={<RemotePage remote={r.remote!} page={r.path} />} />
          ))}
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </DashboardLayout>
    </AccessGate>
  );
}
