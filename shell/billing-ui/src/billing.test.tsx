/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { UsageMeter } from './index';

const period = { periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' };

describe('UsageMeter speaks of searches in the right number (issue 31)', () => {
  it('says "1 search" without a quota, "2 searches" with more', () => {
    const { rerender } = render(<UsageMeter usage={{ used: 1, quota: null, grace: null, ...period }} />);
    expect(screen.getByText('1 search this month (no monthly limit)')).toBeTruthy();
    rerender(<UsageMeter usage={{ used: 2, quota: null, grace: null, ...period }} />);
    expect(screen.getByText('2 searches this month (no monthly limit)')).toBeTruthy();
  });

  it('counts against the quota as "7 of 500 searches this month"', () => {
    render(<UsageMeter usage={{ used: 7, quota: 500, grace: 50, ...period }} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('7 of 500 searches this month');
  });
});
