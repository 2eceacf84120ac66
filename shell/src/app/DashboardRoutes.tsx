import { Navigate, Route, Routes } from 'react-router-dom';
import { AccessGate } from '../auth/AccessGate';
import { DashboardLayout } from '../layout/DashboardLayout';
import { OverviewPage } from '../overview/OverviewPage';
import { RemotePage } from '../remotes/RemotePage';
import { DASHBOARD_ROUTES } from './routes';

/** The dashboard's routes; any other /dashboard/* path goes back to /dashboard. */
export function DashboardRoutes() {
  return (
    <AccessGate>
      <DashboardLayout>
        <Routes>
          <Route index element={<OverviewPage />} />
          {DASHBOARD_ROUTES.filter((r) => r.remote).map((r) => (
            <Route key={r.path} path={`${r.path}/*`} element={<RemotePage remote={r.remote!} page={r.path} />} />
          ))}
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </DashboardLayout>
    </AccessGate>
  );
}
