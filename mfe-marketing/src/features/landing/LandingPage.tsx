import { usePlatform } from '@sniff/shell-sdk';
import { PLAN_CATALOGUE } from '@sniff/contracts';
import { SiteFooter, SiteHeader } from '../../shared/SiteHeader';

const FEATURES = [
  {
    title: 'Forgives typos',
    text: 'Visitors who type "pricng" or "sourdogh" still land on the right page: one slip is fine from four letters, two from eight.',
  },
  {
    title: 'Finds partial words',
    text: 'Results appear while visitors type, from the first few letters of a word.',
  },
  {
    title: 'One script tag',
    text: 'Paste a single snippet into your site. No plugin, no code, about two minutes from sign-up to a working search bar.',
  },
  {
    title: 'Learns what people want',
    text: 'Paid plans show what visitors searched for and which searches found nothing, so you know what to write next.',
  },
];

const FAQ = [
  {
    q: 'Which websites does Sniff work with?',
    a: 'Any website where you can paste HTML: SaaS and business sites, Squarespace, and Shopify through a catalogue upload.',
  },
  {
    q: 'How does Sniff learn my content?',
    a: 'Give us your website address; Sniff reads your sitemap (or your links), lets you pick the pages, and indexes their titles, descriptions, headings and text.',
  },
  {
    q: 'Is there a free plan?',
    a: 'Yes: one website with two pages indexed, free. Paid plans index more pages and add search analytics.',
  },
];

function fromPrice(key: string): string {
  const plan = PLAN_CATALOGUE.find((p) => p.key === key);
  const amount = plan?.monthly?.amountUsd ?? plan?.yearly?.amountUsd ?? 0;
  return amount === 0 ? 'Free' : `$${amount}/month`;
}

/** Landing page. The full marketing site (every section and guide page, pre-rendered) is issue 4. */
export function LandingPage() {
  const platform = usePlatform();
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main">
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title">Search that forgives typos</h1>
          <p className="hero-lead">
            Sniff gives your website an instant search bar that understands what visitors meant, even when they misspell
            it. Paste one script tag and you are done.
          </p>
          <div className="hero-actions">
            <button
              type="button"
              className="site-button"
              onClick={() => platform.signIn({ signUp: true, returnTo: '/dashboard' })}
            >
              Sign Up
            </button>
            <a className="site-button site-button--ghost" href="#features">
              See how it works
            </a>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title">
          <h2 id="features-title">Why site owners pick Sniff</h2>
          <div className="site-grid">
            {FEATURES.map((f) => (
              <article key={f.title} className="site-card">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-title">
          <h2 id="pricing-title">Simple pricing</h2>
          <div className="site-grid">
            {PLAN_CATALOGUE.map((p) => (
              <article key={p.key} className="site-card">
                <h3>{p.name}</h3>
                <p className="site-price">{fromPrice(p.key)}</p>
                <ul>
                  {p.features.slice(0, 3).map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </section>

        <section id="faq" aria-labelledby="faq-title">
          <h2 id="faq-title">Questions</h2>
          {FAQ.map((f) => (
            <details key={f.q}>
              <summary>{f.q}</summary>
              <p>{f.a}</p>
            </details>
          ))}
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
