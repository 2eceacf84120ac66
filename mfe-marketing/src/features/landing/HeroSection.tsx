import { Link } from 'react-router-dom';
import { usePlatform } from '@sniff/shell-sdk';
import { ExternalLink } from '../../shared/ExternalLink';
import { EXTERNAL_LINKS } from '../../shared/links';
import { HERO } from './content';

export function HeroSection() {
  const platform = usePlatform();
  return (
    <section className="hero landing-hero" aria-labelledby="hero-title">
      <p className="site-eyebrow">{HERO.eyebrow}</p>
      <h1 id="hero-title">{HERO.title}</h1>
      <p className="hero-lead">{HERO.lead}</p>
      <div className="hero-actions">
        <ExternalLink className="site-button site-button--large" href={EXTERNAL_LINKS.demo}>
          Try Demo
        </ExternalLink>
        <button
          type="button"
          className="site-button site-button--ghost site-button--large"
          onClick={() => platform.signIn({ signUp: true, returnTo: '/dashboard', forceLogin: true })}
        >
          Sign Up
        </button>
      </div>
      <p className="landing-hero__platforms">
        Setup guides: <Link to="/saas-websites">SaaS Websites</Link> · <Link to="/squarespace">Squarespace</Link>
      </p>
      <ul className="landing-hero__facts" aria-label="At a glance">
        {HERO.facts.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </section>
  );
}
