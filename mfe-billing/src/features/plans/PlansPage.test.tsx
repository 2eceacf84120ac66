/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSniffStore, createStubPlatform, registerPlatform } from '@sniff/shell-sdk';
import { PlansPage } from './PlansPage';

function renderWith(plans: string, plansError: string | null = null) {
  const { inject } = createSniffStore();
  act(() => registerPlatform({ ...createStubPlatform(inject, `?plans=${plans}`), plansError }));
  return render(<PlansPage />);
}

describe('Choose Your Plan', () => {
  it('switches a card between monthly and annual prices', async () => {
    renderWith('');
    const card = screen.getByRole('article', { name: 'SaaS Starter' });
    expect(within(card).getByText('$19')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Annual' }));
    expect(within(card).getByText('$141')).toBeTruthy();
    expect(within(card).getByText('$190')).toBeTruthy();
  });

  it("marks the owner's plan as Active and the free plan for owners without one", () => {
    renderWith('busniess_starter_monthly');
    const starter = screen.getByRole('article', { name: 'SaaS Starter' });
    expect(within(starter).getByRole('button', { name: 'Active' })).toHaveProperty('disabled', true);
    const free = screen.getByRole('article', { name: 'SaaS Free' });
    expect(within(free).queryByRole('button', { name: 'Active' })).toBeNull();
  });

  it('says honestly that checkout is not available yet', () => {
    renderWith('');
    const card = screen.getByRole('article', { name: 'Solo Basic' });
    expect(within(card).getByRole('button', { name: 'Subscribe' })).toHaveProperty('disabled', true);
    expect(within(card).getByText(/Checkout is coming soon/)).toBeTruthy();
  });

  it('marks no plan Active when the plans could not be loaded, and says so', () => {
    renderWith('', 'Server error: 503');
    expect(screen.getByRole('alert').textContent).toContain('Could not retrieve user plan information');
    expect(screen.queryByRole('button', { name: 'Active' })).toBeNull();
  });
});
