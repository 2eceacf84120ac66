/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import { renderPage } from '@sniff/shell-sdk/testing';
import { NotFoundPage } from './NotFoundPage';

describe('not-found page', () => {
  it('has one h1 and leads home and to the guides', () => {
    renderPage(<NotFoundPage />, { plans: null, path: '/no-such-page' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Page not found']);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(main.getByRole('link', { name: 'Squarespace search' }).getAttribute('href')).toBe('/squarespace');
    expect(main.getByRole('link', { name: 'Search for SaaS websites' }).getAttribute('href')).toBe('/saas-websites');
  });
});
