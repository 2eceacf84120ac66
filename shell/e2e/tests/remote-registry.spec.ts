import { logInAtProvider } from '../support/auth';
import { newRemote, registry } from '../support/registry';
import { expect, test } from '../support/test';
import { DEMO_OWNER } from '../support/urls';

/**
 * Issue 29: a team ships its remote alone. A new remote made from the template is built and published, and an open
 * dashboard shows its page on its next navigation; a broken build switched live shows the error panel while the
 * rest works; the rollback brings the page back; and a build whose declaration is invalid is refused at publish.
 * No shell, gateway or service is rebuilt or restarted.
 */

let remote: Awaited<ReturnType<typeof newRemote>>;
let good: Awaited<ReturnType<Awaited<ReturnType<typeof newRemote>>['build']>>;

test.beforeAll(async () => {
  test.setTimeout(240_000); // a webpack build, on a shared machine
  remote = await newRemote('loyalty-points');
  good = await remote.build();
});

test.afterAll(async () => {
  // Off the dashboard again, for the specs after this one.
  await registry.retire('mfe-loyalty-points').catch(() => undefined);
  await remote?.remove();
});

test('publish, see the page, switch to a broken build, see the error panel, roll back', async ({ page }) => {
  test.setTimeout(240_000);
  /** Each gateway reads the registry again within a second (REGISTRY_POLL_MS): a switch is served after that. */
  const served = async (version: string) =>
    expect
      .poll(async () => JSON.stringify(await (await page.request.get('/remotes.json')).json()))
      .toContain(`/remotes/mfe-loyalty-points/${encodeURIComponent(version)}/`);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Loyalty Points' })).toHaveCount(0);

  // Published and switched live while the dashboard is open: its next navigation brings the new entry.
  expect(await registry.publish(remote.name, good.version, good.files)).toMatchObject({ created: true });
  await registry.live(remote.name, good.version);
  await served(good.version);
  await nav.getByRole('link', { name: 'Manage Your Widgets' }).click();
  await nav.getByRole('link', { name: 'Loyalty Points' }).click();
  await expect(page).toHaveURL(/\/dashboard\/loyalty-points$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Loyalty Points' })).toBeVisible();
  await expect(page.getByText('this page ships on its own, through the remote registry')).toBeVisible();

  // A build whose declaration the dashboard could not use, or that needs a newer React than the shell's, is
  // refused at publish (the build checks the declaration too; a tampered or hand-made artefact meets the registry).
  const declaration = JSON.parse(good.files.get('declaration.json')!.toString()) as Record<string, unknown>;
  const tampered = (change: object) =>
    new Map(good.files).set('declaration.json', Buffer.from(JSON.stringify({ ...declaration, ...change })));
  await expect(registry.publish(remote.name, '9.9.9', tampered({ routes: 'oops' }))).rejects.toThrow(
    /declaration.json is invalid/,
  );
  await expect(registry.publish(remote.name, '9.9.9', tampered({ requires: { react: '^20.0.0' } }))).rejects.toThrow(
    /needs react \^20.0.0 \(the shell provides 19\./,
  );

  // A broken build (its code fails as it loads) passes publish's checks; switched live, owners get the error panel.
  await remote.write('src/remote.tsx', "throw new Error('a bug that shipped');\nexport default null;\n");
  const broken = await remote.build();
  expect(broken.version).not.toBe(good.version);
  await registry.publish(remote.name, broken.version, broken.files);
  await registry.live(remote.name, broken.version);
  await served(broken.version);
  // Its code runs in this page: the next navigation loads the page afresh, with the broken version.
  await nav.getByRole('link', { name: 'Analytics' }).click();
  await nav.getByRole('link', { name: 'Loyalty Points' }).click();
  await expect(page.getByText('This part of Sniff could not load')).toBeVisible();
  await nav.getByRole('link', { name: 'Manage Your Widgets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Stores' })).toBeVisible();

  // Rolled back: the next navigation loads the page afresh (this page fetched the broken build) with the good one.
  expect((await registry.rollBack(remote.name)).live).toBe(good.version);
  await served(good.version);
  await nav.getByRole('link', { name: 'Loyalty Points' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Loyalty Points' })).toBeVisible();
});
