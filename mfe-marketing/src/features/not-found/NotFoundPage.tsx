import { Link } from 'react-router-dom';
import { SiteFooter, SiteHeader } from '../../shared/SiteHeader';
import { RESOURCE_LINKS } from '../../shared/site-nav';

const GUIDES = RESOURCE_LINKS.filter((l) => l.href !== '/privacy-policy');

/** Shown for any public path that has no page (the gateway answers it with HTTP 404). */
export function NotFoundPage() {
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" className="site-main">
        <section className="not-found" aria-labelledby="not-found-title">
          <p className="site-eyebrow">Error 404</p>
          <h1 id="not-found-title">Page not found</h1>
          <p className="site-muted">
            We could not find that page. It may have moved, or the address may have a typo — our search forgives those,
            web addresses do not.
          </p>
          <p className="hero-actions">
            <Link className="site-button" to="/">
              Back to the home page
            </Link>
            <Link className="site-button site-button--ghost" to="/#faq">
              Read the FAQ
            </Link>
          </p>
          <h2>Looking for a setup guide?</h2>
          <ul className="not-found__guides">
            {GUIDES.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
