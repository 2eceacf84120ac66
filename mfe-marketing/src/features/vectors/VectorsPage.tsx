import { useState } from 'react';
import { EXTERNAL_LINKS } from '../../shared/links';
import { SiteFooter, SiteHeader } from '../../shared/SiteHeader';
import { DEMO_CORRECTED, DEMO_RESULTS, EXAMPLE_ROTATION_MS, ROTATING_EXAMPLES } from './demo-script';
import { useDemoFrame, useRotatingIndex } from './useDemoAnimation';
import './vectors.css';

const CATEGORIES = ['All', 'Buttons', 'Cards', 'Forms', 'Navigation', 'Icons', 'Vectors', 'Illustrations'];
const STYLES = ['All', 'Modern', 'Minimal', 'Glassmorphism', 'Neumorphism', 'Brutalist'];

const PROBLEMS = [
  {
    title: 'People search in their words, not yours',
    text: 'They type "bin" and your icon is called trash-2. They type "hamburger" and yours is menu. Keyword search returns nothing, and they leave for another library.',
  },
  {
    title: 'One typo, zero results',
    text: '"Chevorn", "calender", "seach": everyday slips empty the results, and an empty page reads as "this library does not have it".',
  },
  {
    title: "You can't see what is missing",
    text: 'Without search analytics you never learn which icons people wanted and could not find, or which ones they looked at and did not copy.',
  },
];

const FEATURES = [
  'Typo tolerance: one slip from four letters, two from eight, swapped letters count as one.',
  'Synonyms per library: "bin" finds trash, "hamburger" finds menu, "cog" finds settings.',
  'Results while people type, from the first letters of a name or tag.',
  'Popular search terms, so you know what to draw or build next.',
  'Zero-result queries: every search that found nothing, with how often it was tried.',
  'Viewed-but-not-copied events: components people opened and then walked away from.',
  'Filters by category and style on top of search, matched to your own taxonomy.',
];

function NewTabLink({ href, children, ghost = false }: { href: string; children: string; ghost?: boolean }) {
  return (
    <a
      className={`site-button site-button--large${ghost ? ' site-button--ghost' : ''}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The read-only search demo; pre-rendered on its idle frame, animated by timers in the browser. */
function SearchDemo() {
  const frame = useDemoFrame();
  return (
    <figure className="vectors-demo" aria-labelledby="vectors-demo-caption">
      <div className="vectors-demo__box" data-testid="vectors-demo-box">
        <svg className="vectors-demo__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {frame.query ? (
          <span className="vectors-demo__query" data-testid="vectors-demo-query">
            {frame.query}
          </span>
        ) : (
          <span className="vectors-demo__placeholder">Search icons and components</span>
        )}
        {frame.status === 'typing' && <span className="vectors-demo__caret" aria-hidden="true" />}
      </div>
      <div className="vectors-demo__answer">
        {frame.status === 'no-results' && <p className="vectors-demo__status vectors-demo__status--bad">No results!</p>}
        {frame.status === 'fixed' && (
          <>
            <p className="vectors-demo__status vectors-demo__status--good">
              AI Fixed! <span className="vectors-demo__hint">Showing results for &ldquo;{DEMO_CORRECTED}&rdquo;</span>
            </p>
            <ul className="vectors-demo__results" aria-label="Sample results">
              {DEMO_RESULTS.map((r) => (
                <li key={r.name}>
                  <span className="vectors-demo__result-name">{r.name}</span>
                  <span className="vectors-demo__result-kind">{r.kind}</span>
                  <span className="vectors-demo__result-detail">{r.detail}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <figcaption id="vectors-demo-caption" className="vectors-demo__caption">
        Read-only demo: a visitor types &ldquo;seach&rdquo;. Plain keyword search finds nothing; Sniff corrects it to
        &ldquo;search&rdquo; and shows the matching icon and component.
      </figcaption>
    </figure>
  );
}

function RotatingExample() {
  const index = useRotatingIndex(ROTATING_EXAMPLES.length, EXAMPLE_ROTATION_MS);
  const { typed, found } = ROTATING_EXAMPLES[index];
  return (
    <p className="vectors-rotating" data-testid="vectors-rotating">
      Someone types <strong>&ldquo;{typed}&rdquo;</strong> and finds <strong>{found}</strong>.
    </p>
  );
}

/** Chips that only move the highlight: the preview filters nothing (aria-pressed tells which is on). */
function ChipGroup({ labelledBy, options }: { labelledBy: string; options: string[] }) {
  const [selected, setSelected] = useState(options[0]);
  return (
    <div className="vectors-chips" role="group" aria-labelledby={labelledBy}>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          className="vectors-chip"
          aria-pressed={o === selected}
          onClick={() => setSelected(o)}
        >
          {o}
        </button>
      ))}
    </div>
  );
}

/** /vectors: Sniff's search layer for maintainers of icon and UI-component libraries (early access). */
export function VectorsPage() {
  return (
    <div className="site vectors">
      <SiteHeader />
      <nav className="vectors-bar" aria-label="Sniff Vectors">
        <span className="vectors-bar__name">Sniff Vectors</span>
        <span className="vectors-bar__tag">Early access</span>
        <a className="site-button" href={EXTERNAL_LINKS.earlyAccess} target="_blank" rel="noopener noreferrer">
          Get Early Access<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </nav>
      <main id="main" className="site-main vectors-main">
        <section className="hero vectors-hero" aria-labelledby="vectors-title">
          <p className="site-eyebrow">For icon and UI-component libraries</p>
          <h1 id="vectors-title">Search that finds the icon, whatever people call it</h1>
          <p className="hero-lead">
            A search layer for your library that forgives typos, understands synonyms and tells you what people looked
            for and did not find.
          </p>
          <div className="hero-actions">
            <NewTabLink href={EXTERNAL_LINKS.earlyAccess}>Get early access</NewTabLink>
            <NewTabLink href={EXTERNAL_LINKS.booking} ghost>
              Talk to our sales team
            </NewTabLink>
          </div>
          <RotatingExample />
        </section>

        <section aria-labelledby="vectors-demo-title" className="vectors-section">
          <h2 id="vectors-demo-title">See it fix a search</h2>
          <SearchDemo />
        </section>

        <section aria-labelledby="vectors-problems-title" className="vectors-section">
          <h2 id="vectors-problems-title">Why library search lets people down</h2>
          <ul className="site-grid vectors-cards">
            {PROBLEMS.map((p) => (
              <li key={p.title} className="site-card">
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="vectors-features-title" className="vectors-section">
          <h2 id="vectors-features-title">What the search layer does</h2>
          <ul className="vectors-features">
            {FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="vectors-browse-title" className="vectors-section">
          <h2 id="vectors-browse-title">Browse by category and style</h2>
          <p>
            Search works alongside the filters your library already has. Try the chips: in this preview they only move
            the highlight.
          </p>
          <h3 className="vectors-chips__label" id="vectors-categories">
            Category
          </h3>
          <ChipGroup labelledBy="vectors-categories" options={CATEGORIES} />
          <h3 className="vectors-chips__label" id="vectors-styles">
            Style
          </h3>
          <ChipGroup labelledBy="vectors-styles" options={STYLES} />
        </section>

        <section aria-labelledby="vectors-roadmap-title" className="vectors-section">
          <h2 id="vectors-roadmap-title">Where we are</h2>
          <p>
            Sniff Vectors is in early access. It runs on the same typo-tolerant engine as Sniff&apos;s site search, with
            synonyms per library and analytics on popular terms and zero-result searches. We are onboarding a small
            number of libraries and shaping the rest with them.
          </p>
          <p>
            Next on the list: viewed-but-not-copied events, category and style filters read from your own metadata, and
            a copy hook for code snippets and SVGs. After that, self-serve setup and public pricing. We do not promise
            dates; early-access members hear first and get a say in the order.
          </p>
        </section>

        <section aria-labelledby="vectors-cta-title" className="cta-band">
          <h2 id="vectors-cta-title">Make your library easier to search</h2>
          <p>Tell us about your library and we will set up search on a copy of it with you.</p>
          <div className="hero-actions">
            <NewTabLink href={EXTERNAL_LINKS.earlyAccess}>Get early access</NewTabLink>
            <NewTabLink href={EXTERNAL_LINKS.booking} ghost>
              Talk to our sales team
            </NewTabLink>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
