import { buildEmbedSnippet } from '@sniff/contracts';
import { PUBLIC_ORIGIN } from '../../shared/public-page';
import { EXTERNAL_LINKS, START_PATH } from '../../shared/links';
import { SiteFooter, SiteHeader } from '../../shared/SiteHeader';
import { CACHE_TIP, PLACEHOLDER_STORE_ID, TRIAL_DAYS } from './content/common';
import type { GuideContent, GuideLink, GuideSection } from './content/types';
import { Blocks, Note } from './components/Blocks';
import { CodeBlock } from './components/CodeBlock';
import { installSteps } from './structured-data';
import './guides.css';

/** The widget script is served by the product's own origin (the gateway serves /widget/*). */
const WIDGET_HOST = PUBLIC_ORIGIN;

const PLATFORM_NAMES = { squarespace: 'Squarespace', shopify: 'Shopify', custom: 'your website' } as const;

function Actions({ startLabel }: { startLabel: string }) {
  return (
    <div className="hero-actions">
      <a className="site-button site-button--large" href={START_PATH}>
        {startLabel}
      </a>
      <a
        className="site-button site-button--ghost site-button--large"
        href={EXTERNAL_LINKS.demo}
        target="_blank"
        rel="noopener noreferrer"
      >
        See Live Demo<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

function Section({ section }: { section: GuideSection }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="guide-section">
      <h2 id={`${section.id}-title`}>{section.heading}</h2>
      <Blocks blocks={section.blocks} />
    </section>
  );
}

/**
 * The one template behind every guide route: hero, 4-step overview, topic sections, detailed
 * install steps, benefits, FAQ, related guides and a closing call to action. Pure render: the
 * same HTML on the server and on hydration.
 */
export function GuidePage({ guide, related }: { guide: GuideContent; related: GuideLink[] }) {
  const steps = installSteps(guide);
  const snippet = buildEmbedSnippet({
    storeId: PLACEHOLDER_STORE_ID,
    platform: guide.snippet.platform,
    type: guide.snippet.type,
    widgetHost: WIDGET_HOST,
  });
  const free = guide.snippet.platform === 'custom';

  return (
    <div className="site guide">
      <SiteHeader />
      <main id="main" className="site-main guide-main">
        <section className="hero guide-hero" aria-labelledby="guide-title">
          <p className="site-eyebrow">{guide.hero.eyebrow}</p>
          <h1 id="guide-title">{guide.hero.heading}</h1>
          <p className="hero-lead">{guide.hero.lead}</p>
          <ul className="guide-facts" aria-label="At a glance">
            <li>Setup in about {guide.setupMinutes} minutes</li>
            <li>No coding</li>
            <li>{free ? 'Free plan available' : `${TRIAL_DAYS}-day free trial`}</li>
          </ul>
          <Actions startLabel={guide.startLabel} />
        </section>

        <section id="overview" aria-labelledby="overview-title" className="guide-section">
          <h2 id="overview-title">Four steps to a working search bar</h2>
          <ol className="guide-overview">
            {steps.map((step, i) => (
              <li key={step.title} className="site-card">
                <span className="guide-step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.summary}</p>
              </li>
            ))}
          </ol>
        </section>

        {guide.sections?.map((s) => (
          <Section key={s.id} section={s} />
        ))}

        <section id="install" aria-labelledby="install-title" className="guide-section">
          <h2 id="install-title">Step-by-step installation</h2>
          <ol className="guide-install">
            {steps.map((step, i) => (
              <li key={step.title} id={`step-${i + 1}`} className="guide-install-step">
                <h3>
                  Step {i + 1}: {step.title}
                </h3>
                <Blocks blocks={step.blocks} />
                {i === 1 && (
                  <CodeBlock
                    label={`Example code for ${PLATFORM_NAMES[guide.snippet.platform]}: replace ${PLACEHOLDER_STORE_ID} with the Store ID from your dashboard (your own code there is already filled in)`}
                    code={snippet}
                  />
                )}
                {i === 3 && <Note title="Widget not showing?" text={CACHE_TIP} />}
              </li>
            ))}
          </ol>
        </section>

        {guide.afterInstall?.map((s) => (
          <Section key={s.id} section={s} />
        ))}

        <section id="benefits" aria-labelledby="benefits-title" className="guide-section">
          <h2 id="benefits-title">Why site owners choose Sniff</h2>
          <ul className="site-grid guide-cards">
            {guide.benefits.map((b) => (
              <li key={b.title} className="site-card">
                <h3>{b.title}</h3>
                <p>{b.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="faq" aria-labelledby="faq-title" className="guide-section">
          <h2 id="faq-title">Frequently asked questions</h2>
          <div className="guide-faq">
            {guide.faq.map((f, i) => (
              <details key={f.question} className="guide-faq-item" open={i === 0}>
                <summary>{f.question}</summary>
                <p>{f.answer}</p>
              </details>
            ))}
          </div>
        </section>

        {related.length > 0 && (
          <nav aria-labelledby="related-title" className="guide-section guide-related">
            <h2 id="related-title">Related guides</h2>
            <ul className="guide-links">
              {related.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <section aria-labelledby="cta-title" className="cta-band">
          <h2 id="cta-title">{guide.cta.heading}</h2>
          <p>{guide.cta.text}</p>
          <Actions startLabel={guide.startLabel} />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
