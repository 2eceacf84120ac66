import { expect, test } from '../support/test';
import { logInAtProvider } from '../support/auth';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

interface Delivered {
  subject: string;
  text: string;
  to: { address: string }[];
  replyTo?: { address: string }[];
}

/** Issue 14: feedback from the dashboard arrives in the local inbox (maildev, read through its REST API). */
test('an owner sends feedback and it arrives in the mailbox; blank text cannot be sent', async ({ page, request }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByText('Welcome back')).toBeVisible();

  await page.getByRole('button', { name: 'Send feedback' }).click();
  const panel = page.getByRole('dialog', { name: 'Send Feedback' });
  const text = panel.getByLabel('Your feedback');
  await expect(text).toBeFocused();
  await text.fill('   ');
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();

  const note = `The studio preview is great (${Date.now()})`;
  await text.fill(note);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText('Feedback sent successfully!')).toBeVisible();
  await expect(panel).toBeHidden({ timeout: 5_000 });

  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${E2E_URLS.inbox}/email`)).json()) as Delivered[];
      return mails.find((m) => m.text.includes(note));
    })
    .toMatchObject({
      subject: `Sniff feedback from ${DEMO_OWNER.email}`,
      to: [{ address: 'feedback@sniff.dev' }],
      replyTo: [{ address: DEMO_OWNER.email }],
    });
});
