import { Link } from 'react-router-dom';

/**
 * Sniff's logo: a magnifier on a tile. One inline SVG whose colours come from the theme tokens in CSS,
 * so the light and dark logos are the same markup (pre-rendered HTML never depends on the theme).
 */
export function Logo({ className = 'site-brand' }: { className?: string }) {
  return (
    <Link to="/" className={className} aria-label="Sniff home">
      <svg className="site-logo" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect className="site-logo__tile" width="32" height="32" rx="8" />
        <circle className="site-logo__glass" cx="14" cy="14" r="6.5" />
        <path className="site-logo__handle" d="M19 19l6 6" />
        <circle className="site-logo__spark" cx="14" cy="14" r="1.8" />
      </svg>
      <span className="site-brand__name">Sniff</span>
    </Link>
  );
}
