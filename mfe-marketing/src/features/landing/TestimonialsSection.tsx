import { TESTIMONIALS } from './content';

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title">
      <div className="site-section__head">
        <p className="site-eyebrow">Customer quotes</p>
        <h2 id="testimonials-title">What site owners tell us</h2>
      </div>
      <div className="site-grid">
        {TESTIMONIALS.map((t) => (
          <figure key={t.name} className="site-card quote">
            <blockquote>
              <p>{t.quote}</p>
            </blockquote>
            <figcaption>
              <strong>{t.name}</strong>
              {t.role}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
