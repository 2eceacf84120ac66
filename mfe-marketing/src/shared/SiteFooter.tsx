import { Link } from 'react-router-dom';
import { ExternalLink } from './ExternalLink';
import { EXTERNAL_LINKS } from './links';
import { Logo } from './Logo';
import { RESOURCE_LINKS, SECTION_LINKS, SUPPORT_EMAIL } from './site-nav';

/**
 * Year in the copyright line, fixed when the module loads (at build for pre-rendered HTML, in the browser
 * after that); the text node tolerates the two differing across a New Year.
 */
const COPYRIGHT_YEAR = new Date().getFullYear();

const GUIDES = RESOURCE_LINKS.filter((l) => l.href !== '/privacy-policy');

/** Footer of every public page: product anchors, the guides, support and the privacy policy. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div className="site-footer__about">
          <Logo />
          <p>Hosted, typo-tolerant site search for Squarespace, Shopify and SaaS websites.</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="site-footer__heading">
            Product
          </h2>
          <ul>
            {SECTION_LINKS.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
            <li>
              <ExternalLink href={EXTERNAL_LINKS.demo}>Live demo</ExternalLink>
            </li>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="site-footer__heading">
            Resources
          </h2>
          <ul>
            {GUIDES.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            Support
          </h2>
          <ul>
            <li>
              <a href={EXTERNAL_LINKS.supportEmail}>{SUPPORT_EMAIL}</a>
            </li>
            <li>
              <ExternalLink href={EXTERNAL_LINKS.community}>Community chat</ExternalLink>
            </li>
            <li>
              <ExternalLink href={EXTERNAL_LINKS.booking}>Book a 15-minute call</ExternalLink>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy policy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        © <span suppressHydrationWarning>{COPYRIGHT_YEAR}</span> Sniff. All rights reserved.
      </p>
    </footer>
  );
}
