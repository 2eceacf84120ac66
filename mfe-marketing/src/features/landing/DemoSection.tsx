import { ExternalLink } from '../../shared/ExternalLink';
import { EXTERNAL_LINKS } from '../../shared/links';

const RESULTS = [
  { before: '', match: 'Sourdough', after: ' starter kit', desc: 'Everything for your first loaf · $24' },
  { before: 'Rye ', match: 'sourdough', after: ' bread flour', desc: 'Stone-ground, 1 kg · $7' },
];

/** What a search looks like (a static picture in HTML), and the way to the live demo store. */
export function DemoSection() {
  return (
    <section id="demo" className="demo" aria-labelledby="demo-title">
      <div className="demo__copy">
        <p className="site-eyebrow">See it work</p>
        <h2 id="demo-title">Type it wrong, find it anyway</h2>
        <p>
          A visitor types “sourdogh”. Sniff sees one missing letter, finds your sourdough products and shows them before
          the visitor has finished typing. Try it yourself on our demo store.
        </p>
        <ExternalLink className="site-button site-button--large" href={EXTERNAL_LINKS.demo}>
          Open the live demo
        </ExternalLink>
      </div>
      <figure className="demo-mock">
        <div className="demo-mock__input" aria-hidden="true">
          <svg width="18" height="18" viewBox="0 0 24 24">
            <circle cx="11" cy="11" r="7" />
            <path d="M16.5 16.5 21 21" />
          </svg>
          sourdogh
        </div>
        <p className="demo-mock__hint">Showing results for “sourdough”</p>
        <ul className="demo-mock__results">
          {RESULTS.map((r) => (
            <li key={r.match + r.after}>
              <span className="demo-mock__title">
                {r.before}
                <mark>{r.match}</mark>
                {r.after}
              </span>
              <span className="demo-mock__desc">{r.desc}</span>
            </li>
          ))}
        </ul>
        <figcaption>Illustration: the Sniff search bar answering a misspelled search on a bakery shop.</figcaption>
      </figure>
    </section>
  );
}
