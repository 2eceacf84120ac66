import { SiteFooter, SiteHeader } from '../../shared/SiteHeader';

export function NotFoundPage() {
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main">
        <h1>Page not found</h1>
        <p>The page you were looking for does not exist or has moved.</p>
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
