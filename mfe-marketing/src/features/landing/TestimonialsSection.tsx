import { TESTIMONIALS } from './content';

/** The spec's testimonials section, written honestly: typical sites, not invented customers. */
export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title">
      <div className="site-section__head">
        <p className="site-eyebrow">Stories</p>
        <h2 id="testimonials-title">What changes for sites like yours</h2>
        <p>Typical sites and what their visitors get. Stories from our first customers will replace these.</p>
      </div>
      <div className="site-grid">
        {TESTIMONIALS.map((t) => (
          <figure key={t.site} className="site-card quote">
            <blockquote>
              <p>{t.story}</p>
            </blockquote>
            <figcaption>{t.site}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
