/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorScreen';

function Broken(): never {
  throw new Error('kaput');
}

it('a page that crashes while rendering shows the application error screen', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <ErrorBoundary>
      <Broken />
    </ErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
  expect(screen.getByText('kaput')).toBeTruthy();
});

it('a page that renders is shown as it is', () => {
  render(
    <ErrorBoundary>
      <p>fine</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText('fine')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
