/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ErrorScreen } from './ErrorScreen';

function Broken(): never {
  throw new Error('kaput');
}

it('a page that crashes while rendering shows the application error screen', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }]);
  render(<RouterProvider router={router} />);
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
  expect(screen.getByText('kaput')).toBeTruthy();
});
