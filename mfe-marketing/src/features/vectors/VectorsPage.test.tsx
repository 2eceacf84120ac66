/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { createSniffStore, createStubPlatform, registerPlatform } from '@sniff/shell-sdk';
import { EXTERNAL_LINKS } from '../../shared/links';
import { VECTORS_PAGE } from './page';
import { VectorsPage } from './VectorsPage';

const { inject } = createSniffStore();
registerPlatform(createStubPlatform(inject, ''));

const tree = (
  <MemoryRouter initialEntries={['/vectors']}>
    <VectorsPage />
  </MemoryRouter>
);

const box = () => screen.getByTestId('vectors-demo-box');
const query = () => screen.queryByTestId('vectors-demo-query')?.textContent ?? '';
const noResults = () => screen.queryByText('No results!');
const fixed = () => screen.queryByText(/AI Fixed!/);
const results = () => screen.queryByRole('list', { name: 'Sample results' });
const example = () => screen.getByTestId('vectors-rotating').textContent;
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

function setReducedMotion(reduced: boolean) {
  window.matchMedia = ((q: string) => ({
    matches: reduced && q.includes('reduce'),
    media: q,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

beforeEach(() => {
  jest.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => jest.useRealTimers());

describe('/vectors', () => {
  it('pre-renders the first frame of the demo and one h1', () => {
    const html = renderToString(tree);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('Search icons and components');
    expect(html).not.toContain('No results!');
    expect(html).not.toContain('AI Fixed!');
    expect(html.replace(/<!-- -->/g, '')).toContain(
      'Someone types <strong>“seach”</strong> and finds <strong>search</strong>',
    );
  });

  it('types "seach", says "No results!", then "AI Fixed!" with two results, on the spec timings', () => {
    render(tree);
    expect(query()).toBe('');
    expect(box().textContent).toContain('Search icons and components');

    advance(499);
    expect(query()).toBe('');
    const typed = ['s', 'se', 'sea', 'seac', 'seach'];
    advance(1);
    expect(query()).toBe(typed[0]);
    for (const text of typed.slice(1)) {
      advance(199);
      expect(query()).not.toBe(text);
      advance(1);
      expect(query()).toBe(text);
    }
    // t = 1300: typed; "No results!" 800 ms later.
    advance(799);
    expect(noResults()).toBeNull();
    advance(1);
    expect(noResults()).not.toBeNull();
    expect(query()).toBe('seach');
    // t = 2100: "AI Fixed!" 300 ms later, with two results.
    advance(299);
    expect(fixed()).toBeNull();
    advance(1);
    expect(fixed()).not.toBeNull();
    expect(noResults()).toBeNull();
    expect(within(results()!).getAllByRole('listitem')).toHaveLength(2);
    expect(results()!.textContent).toContain('search-bar');
    // t = 2400: the box clears 2000 ms after the last step.
    advance(1999);
    expect(fixed()).not.toBeNull();
    advance(1);
    expect(fixed()).toBeNull();
    expect(query()).toBe('');
  });

  it('repeats every 8000 ms', () => {
    render(tree);
    advance(8000 + 499);
    expect(query()).toBe('');
    advance(1);
    expect(query()).toBe('s');
    advance(1900); // 8000 + 2400
    expect(fixed()).not.toBeNull();
    advance(2000); // 8000 + 4400
    expect(query()).toBe('');
    advance(3600 + 500); // 16000 + 500
    expect(query()).toBe('s');
  });

  it('rotates the example line every 4000 ms across 5 examples', () => {
    render(tree);
    const seen = [example()];
    expect(seen[0]).toContain('seach');
    for (let i = 1; i <= 5; i++) {
      advance(3999);
      expect(example()).toBe(seen[i - 1]);
      advance(1);
      seen.push(example());
      expect(seen[i]).not.toBe(seen[i - 1]);
    }
    expect(new Set(seen.slice(0, 5)).size).toBe(5);
    expect(seen[5]).toBe(seen[0]);
  });

  it('with reduced motion shows the query whole instead of typing it, on the same timeline', () => {
    setReducedMotion(true);
    render(tree);
    advance(500);
    expect(query()).toBe('');
    advance(800); // t = 1300
    expect(query()).toBe('seach');
    advance(800);
    expect(noResults()).not.toBeNull();
    advance(300);
    expect(fixed()).not.toBeNull();
  });

  it('chips only move the highlight, one per group', () => {
    render(tree);
    const categories = screen.getByRole('group', { name: 'Category' });
    const styles = screen.getByRole('group', { name: 'Style' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Buttons', 'Cards', 'Forms', 'Navigation', 'Icons', 'Vectors', 'Illustrations']);
    expect(
      within(styles)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Modern', 'Minimal', 'Glassmorphism', 'Neumorphism', 'Brutalist']);
    const pressed = (group: HTMLElement) =>
      within(group)
        .getAllByRole('button', { pressed: true })
        .map((b) => b.textContent);
    expect(pressed(categories)).toEqual(['All']);

    const before = document.querySelector('main')!.textContent;
    fireEvent.click(within(categories).getByRole('button', { name: 'Forms' }));
    expect(pressed(categories)).toEqual(['Forms']);
    expect(pressed(styles)).toEqual(['All']);
    fireEvent.click(within(styles).getByRole('button', { name: 'Brutalist' }));
    expect(pressed(styles)).toEqual(['Brutalist']);
    expect(pressed(categories)).toEqual(['Forms']);
    expect(document.querySelector('main')!.textContent).toBe(before);
  });

  it('early access and sales links open their external pages in a new tab', () => {
    render(tree);
    const early = screen.getAllByRole('link', { name: /get early access/i });
    expect(early.length).toBeGreaterThanOrEqual(2);
    for (const link of early) {
      expect(link.getAttribute('href')).toBe(EXTERNAL_LINKS.earlyAccess);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    const sales = screen.getAllByRole('link', { name: /talk to our sales team/i });
    for (const link of sales) {
      expect(link.getAttribute('href')).toBe(EXTERNAL_LINKS.booking);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(screen.getByRole('navigation', { name: 'Sniff Vectors' })).toBeTruthy();
  });

  it('hydrates the pre-rendered HTML without a mismatch, then animates', async () => {
    jest.useRealTimers();
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    jest.useFakeTimers();
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    advance(500);
    expect(container.querySelector('[data-testid="vectors-demo-query"]')?.textContent).toBe('s');
    container.remove();
  });

  it('has unique, JSON-serialisable page data', () => {
    expect(VECTORS_PAGE.path).toBe('/vectors');
    expect(JSON.parse(JSON.stringify(VECTORS_PAGE.structuredData))).toEqual(VECTORS_PAGE.structuredData);
    expect(VECTORS_PAGE.structuredData[0]['@type']).toBe('WebPage');
  });
});
