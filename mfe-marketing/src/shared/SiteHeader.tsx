import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { SignInButton } from './SignInButton';
import { SECTION_LINKS } from './site-nav';
import { ThemeToggle } from './ThemeToggle';

export { SiteFooter } from './SiteFooter';

/**
 * Header of every public page: skip link, logo, the landing page's section anchors, theme toggle,
 * Login and Sign Up, and on small screens a menu that also lists the guides.
 * Pages render their content in `<main id="main">` (the skip link's target).
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <a className="site-skip" href="#main">
        Skip to content
      </a>
      <Logo />
      <nav aria-label="Sections" className="site-nav">
        {SECTION_LINKS.map((l) => (
          <Link key={l.href} to={l.href}>
            {l.label}
          </Link>
        ))}
      </nav>
      <div className="site-actions">
        <ThemeToggle />
        <SignInButton className="site-button site-button--ghost site-actions__login">Login</SignInButton>
        <SignInButton signUp className="site-button">
          Sign Up
        </SignInButton>
        <MobileMenu />
      </div>
    </header>
  );
}
