/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { renderPage } from '../testing/harness';
import { DestinationLink, useGoTo } from './navigation';

function Links() {
  const goTo = useGoTo();
  return (
    <>
      <DestinationLink to="billing.subscribe">See the plans</DestinationLink>
      <DestinationLink to="reports.weekly">Weekly reports</DestinationLink>
      <button onClick={() => goTo('stores.manage', '?store=st_1')}>Manage</button>
      <button onClick={() => goTo('reports.weekly')}>Reports</button>
    </>
  );
}

describe('destinations', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('a known destination is a link to its page', () => {
    renderPage(<Links />);
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/dashboard/subscribe');
  });

  it('an unknown destination keeps its text, marked, and is no link', () => {
    renderPage(<Links />);
    expect(screen.queryByRole('link', { name: /Weekly reports/ })).toBeNull();
    expect(screen.getByText('Weekly reports').textContent).toBe('Weekly reports (not available right now)');
  });

  it('going to a destination opens its page; an unknown one opens the overview, which says so', () => {
    renderPage(<Links />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/stores');
    fireEvent.click(screen.getByRole('button', { name: 'Reports' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });
});
