import { ExternalLink } from '../../shared/ExternalLink';
import { EXTERNAL_LINKS } from '../../shared/links';
import { FEATURES } from './content';

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title">
      <div className="site-section__head">
        <p className="site-eyebrow">Features</p>
        <h2 id="features-title">Everything a small site needs from search</h2>
        <p>The search rules of a big search engine, tuned for sites with tens to thousands of pages.</p>
      </div>
      <div className="site-grid feature-grid">
        {FEATURES.map((f) => (
          <article key={f.title} className="site-card feature-card">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
            {f.tag && <span className="feature-card__tag">{f.tag}</span>}
            {f.demo && (
              <ExternalLink className="site-button site-button--ghost" href={EXTERNAL_LINKS.demo}>
                Try it live<span className="visually-hidden">: {f.title}</span>
              </ExternalLink>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
