import type { Theme } from '@sniff/shell-sdk';

export const THEME_KEY = 'theme';

/** Stored choice first, else the operating system's preference. */
export function initialTheme(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
  prefersDark: () => boolean = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
): Theme {
  const stored = storage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return prefersDark() ? 'dark' : 'light';
}

/** Applies a theme as the `dark` class on <html>. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
}

/** A choice the owner made: applied and remembered. */
export function chooseTheme(theme: Theme, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  applyTheme(theme);
  storage.setItem(THEME_KEY, theme);
}
