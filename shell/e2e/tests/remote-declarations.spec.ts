import { logInAtProvider } from '../support/auth';
import { buildExtraRemote, offerExtraRemote } from '../support/extra-remote';
import { expect, test } from '../support/test';
import { DEMO_OWNER } from '../support/urls';

/**
 * Issue 16: a remote declares its pages, sidebar entries, state and destinations, and the shell builds
 * the dashboard from the declarations alone. A remote the shell was never built with, listed in
 * remotes.json and served by this test only, appears with its page and sidebar entry; a remote
 * whose declaration is invalid shows the error panel while the rest works.
 */

let extra: Awaited<ReturnType<typeof buildExtraRemote>>;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a webpack build, on a shared machine
  extra = await buildExtraRemote();
});

test.afterAll(async () => {
  await extra?.remove();
});

test('a new remote listed in remotes.json brings its page and sidebar entry, with no change to the shell', async ({
  page,
}) => {
  await offerExtraRemote(page, extra.dist);
  const code: string[] = [];
  page.on('request', (req) => {
    if (/\/remotes\/[^/]+\/([^/]+\/)?(remoteEntry\.js|declaration\.json)$/.test(req.url()))
      code.push(new URL(req.url()).pathname);
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Create Search Widget',
    'Manage Your Widgets',
    'Installation Guide',
    'Analytics',
    'Team Reports', // order 45: after Analytics (40), before Subscribe (50)
    'Subscribe',
  ]);
  // The sidebar came from each remote's small declaration; the overview loaded no remote's code.
  expect(code).toContain('/remotes/mfe-extra/declaration.json');
  expect(code.filter((p) => p.endsWith('remoteEntry.js'))).toEqual([]);

  await nav.getByRole('link', { name: 'Team Reports' }).click();
  await expect(page).toHaveURL(/\/dashboard\/team-reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team Reports' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports from another team' })).toBeVisible();
  expect(code).toContain('/remotes/mfe-extra/remoteEntry.js');
  // Its slice was injected by the shell when the remote loaded.
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByLabel('Likes')).toHaveText('1');
  // A destination nobody declares stays visible as text, marked; a known one is a link.
  await expect(page.getByText('A page nobody deployed (not available right now)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'A page nobody deployed' })).toHaveCount(0);
  await page.getByRole('link', { name: 'See the plans' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
});

test('a remote whose declaration is invalid shows the error panel; the rest of the dashboard works', async ({
  page,
}) => {
  // published through the registry: /remotes/mfe-analytics/<version>/declaration.json
  await page.route('**/remotes/mfe-analytics/**/declaration.json', (route) =>
    route.fulfill({ json: { id: 'mfe-analytics', routes: 'analytics', sidebar: [], links: [] } }),
  );
  await page.goto('/dashboard/analytics');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  await expect(page.getByText('This part of Sniff could not load')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Manage Your Widgets' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Create Search Widget' }).click();
  await expect(page.getByText('Select Your Website Platform')).toBeVisible();
});
