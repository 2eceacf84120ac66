import { Link } from 'react-router-dom';
import { ExternalLink } from '../../shared/ExternalLink';
import { EXTERNAL_LINKS, START_PATH } from '../../shared/links';

export function CtaSection() {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <h2 id="cta-title">Give your visitors a search bar that understands them</h2>
      <p>
        Try every feature free for 3 days. Setup takes about 2 minutes, or book a 15-minute call and we will walk you
        through it.
      </p>
      <div className="hero-actions">
        <Link className="site-button site-button--large" to={START_PATH}>
          Start 3-Day Free Trial
        </Link>
        <ExternalLink className="site-button site-button--ghost site-button--large" href={EXTERNAL_LINKS.booking}>
          Schedule Demo
        </ExternalLink>
      </div>
    </section>
  );
}
