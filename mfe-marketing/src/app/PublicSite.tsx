import { Navigate, Route, Routes } from 'react-router-dom';
import { useDocumentMeta, useScrollOnNavigate } from './document-meta';
import type { PublicPage } from '../shared/public-page';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, PUBLIC_REDIRECTS } from './public-pages';

function PublicRoute({ page, indexable = true }: { page: PublicPage; indexable?: boolean }) {
  useDocumentMeta(page, { indexable });
  const { Page } = page;
  return <Page />;
}

/**
 * The public routes: the shell mounts this for every path outside /dashboard. Routes are case
 * sensitive so the client shows the same page the gateway pre-rendered for a path (hydration).
 * No DOM of its own: the pre-rendered markup is exactly the page's.
 */
export function PublicSite() {
  useScrollOnNavigate();
  return (
    <Routes>
      {PUBLIC_PAGES.map((page) => (
        <Route key={page.path} caseSensitive path={page.path} element={<PublicRoute page={page} />} />
      ))}
      {Object.entries(PUBLIC_REDIRECTS).map(([from, to]) => (
        <Route key={from} caseSensitive path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route path="*" element={<PublicRoute page={NOT_FOUND_PAGE} indexable={false} />} />
    </Routes>
  );
}
