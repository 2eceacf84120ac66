import { usePlatform } from '@sniff/shell-sdk';

/** Header of every public page: brand, section anchors, theme toggle, Login and Sign Up. */
export function SiteHeader() {
  const platform = usePlatform();
  const next = platform.theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <header className="site-header">
      <a className="site-brand" href="/">
        Sniff
      </a>
      <nav aria-label="Sections" className="site-nav">
        <a href="/#features">Features</a>
        <a href="/#pricing">Pricing</a>
        <a href="/#faq">FAQ</a>
      </nav>
      <div className="site-actions">
        <button
          type="button"
          className="site-icon-button"
          aria-label={label}
          title={label}
          onClick={() => platform.setTheme(next)}
        >
          {next === 'dark' ? '☾' : '☀'}
        </button>
        <button
          type="button"
          className="site-button site-button--ghost"
          onClick={() => platform.signIn({ returnTo: '/dashboard' })}
        >
          Login
        </button>
        <button
          type="button"
          className="site-button"
          onClick={() => platform.signIn({ signUp: true, returnTo: '/dashboard' })}
        >
          Sign Up
        </button>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>© {new Date().getFullYear()} Sniff. Site search that forgives typos.</p>
      <nav aria-label="Footer">
        <a href="/#pricing">Pricing</a> · <a href="/dashboard">Dashboard</a> ·{' '}
        <a href="mailto:support@sniff.dev">Support</a>
      </nav>
    </footer>
  );
}
