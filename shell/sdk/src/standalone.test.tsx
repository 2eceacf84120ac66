/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import * as z from 'zod/mini';
import { renderStandalone } from './standalone';

/** A page that shows zod's message for a field over its length, as a remote's form would. */
function TooLong() {
  const result = z.string().check(z.maxLength(3)).safeParse('abcdef');
  return <p>{result.success ? 'valid' : result.error.issues[0]!.message}</p>;
}

it('a remote run alone shows zod’s English messages, as it does in the dashboard', async () => {
  // zod/mini alone has no messages ("Invalid input"); other tests' imports may have installed English.
  z.config({ localeError: undefined });
  expect(z.string().check(z.maxLength(3)).safeParse('abcdef').error!.issues[0]!.message).toBe('Invalid input');
  document.body.innerHTML = '<div id="root"></div>';
  window.history.pushState({}, '', '/notes');
  await act(() =>
    renderStandalone(async () => ({
      default: {
        id: 'notes',
        declaration: { id: 'notes', routes: [{ path: 'notes', title: 'Notes' }], sidebar: [], links: [] },
        pages: { notes: TooLong },
        apis: [],
        slices: [],
      },
    })),
  );
  expect(await screen.findByText('Too big: expected string to have <=3 characters')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1, name: 'Notes' })).toBeTruthy();
});
