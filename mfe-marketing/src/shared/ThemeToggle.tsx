import { usePlatform } from '@sniff/shell-sdk';
import { useHydrated } from './useHydrated';

/**
 * Light/dark switch. Both icons are in the markup and CSS shows the right one for the theme on <html>;
 * the label names the target theme only after hydration, so the pre-rendered HTML is the same for both.
 */
export function ThemeToggle() {
  const platform = usePlatform();
  const hydrated = useHydrated();
  const next = platform.theme === 'dark' ? 'light' : 'dark';
  const label = !hydrated ? 'Switch colour theme' : next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <button
      type="button"
      className="site-icon-button"
      aria-label={label}
      title={label}
      onClick={() => platform.setTheme(next)}
    >
      <svg className="theme-icon theme-icon--moon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
      <svg className="theme-icon theme-icon--sun" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 4V2M12 22v-2M4 12H2M22 12h-2M5 5l1.5 1.5M17.5 17.5 19 19M5 19l1.5-1.5M17.5 6.5 19 5M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" />
      </svg>
    </button>
  );
}
