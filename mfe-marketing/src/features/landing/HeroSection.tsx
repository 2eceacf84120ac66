import { Link } from 'react-router-dom';
import { ExternalLink } from '../../shared/ExternalLink';
import { EXTERNAL_LINKS } from '../../shared/links';
import { SignInButton } from '../../shared/SignInButton';
import { HERO } from './content';

export function HeroSection() {
  return (
    <section className="hero landing-hero" aria-labelledby="hero-title">
      <p className="site-eyebrow">{HERO.eyebrow}</p>
      <h1 id="hero-title">{HERO.title}</h1>
      <p className="hero-lead">{HERO.lead}</p>
      <div className="hero-actions">
        <ExternalLink className="site-button site-button--large" href={EXTERNAL_LINKS.demo}>
          Try Demo
        </ExternalLink>
        <SignInButton signUp className="site-button site-button--ghost site-button--large">
          Sign Up
        </SignInButton>
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
