/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { FREE, PAID, renderPage } from '../../test/harness';
import { PlansPage } from './PlansPage';

test('the annual toggle switches the price; the current plan is Active', () => {
  renderPage(<PlansPage />, { plans: PAID });
  expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'SaaS Website and Squarespace' })).toBeTruthy();
  const starter = screen.getByRole('article', { name: 'SaaS Starter' });
  expect(starter.textContent).toContain('$19');
  expect((within(starter).getByRole('button', { name: 'Active' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(within(starter).getByRole('switch', { name: 'Billed annually' }));
  expect(starter.textContent).toContain('$141');
  expect(starter.textContent).toContain('$190');
  const subscribe = within(starter).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
  expect(subscribe.disabled).toBe(true);
  expect(starter.textContent).toContain('Checkout is coming soon');
  // Shopify Starter has one price: no toggle.
  expect(within(screen.getByRole('article', { name: 'Shopify Starter' })).queryByRole('switch')).toBeNull();
});

test('a free user sees SaaS Free as Active', () => {
  renderPage(<PlansPage />, { plans: FREE });
  expect(within(screen.getByRole('article', { name: 'SaaS Free' })).getByRole('button', { name: 'Active' })).toBeTruthy();
});
