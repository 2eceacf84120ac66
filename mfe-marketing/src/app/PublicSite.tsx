import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../features/landing/LandingPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

/** The public routes: the shell mounts this for every path outside /dashboard. */
export const PUBLIC_ROUTES = [{ path: '/', Page: LandingPage }] as const;

export function PublicSite() {
  return (
    <Routes>
      {PUBLIC_ROUTES.map(({ path, Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
