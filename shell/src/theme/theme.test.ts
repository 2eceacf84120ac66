/** @jest-environment jsdom */
import { chooseTheme, initialTheme } from './theme';

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('starts from the stored choice, else the OS preference', () => {
    expect(initialTheme(localStorage, () => true)).toBe('dark');
    expect(initialTheme(localStorage, () => false)).toBe('light');
    localStorage.setItem('theme', 'light');
    expect(initialTheme(localStorage, () => true)).toBe('light');
  });

  it('a choice sets the dark class and survives a reload', () => {
    chooseTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(initialTheme(localStorage, () => false)).toBe('dark');
    chooseTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
