/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@sniff/shell-sdk/testing';
import { PLAN_CATALOGUE } from '@sniff/contracts';
import { EXTERNAL_LINKS, START_PATH } from '../../shared/links';
import { FAQ } from './content';
import { LandingPage } from './LandingPage';

const catalogue = (name: string) => PLAN_CATALOGUE.find((p) => p.name === name)!;
const priceOf = (plan: string) => screen.getByRole('article', { name: plan }).querySelector('.price')!.textContent;
const visiblePlans = () =>
  within(screen.getByRole('region', { name: 'Simple pricing, one site per plan' }))
    .getAllByRole('article')
    .map((a) => a.querySelector('h3')!.textContent);
const section = (name: string) => screen.getByRole('region', { name });

describe('landing page', () => {
  it('has one h1 and every section the header links to', () => {
    const { container } = renderPage(<LandingPage />, { plans: null });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Site search that forgives typos',
    ]);
    for (const id of ['features', 'comparison', 'pricing', 'faq', 'demo']) {
      expect(container.querySelector(`#${id}`)).not.toBeNull();
    }
  });

  it('pricing tabs switch between the Squarespace and SaaS plans of the catalogue', async () => {
    renderPage(<LandingPage />, { plans: null });
    const tabs = within(screen.getByRole('tablist', { name: 'Plans for' }));
    expect(visiblePlans()).toEqual(['Solo Basic', 'Solo Premium AI']);
    await userEvent.click(tabs.getByRole('tab', { name: 'SaaS websites' }));
    expect(visiblePlans()).toEqual(['SaaS Free', 'SaaS Starter']);
    expect(tabs.getByRole('tab', { name: 'SaaS websites' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(tabs.getByRole('tab', { name: 'Squarespace' }));
    expect(visiblePlans()).toEqual(['Solo Basic', 'Solo Premium AI']);
  });

  it('the Monthly/Annually toggle shows the catalogue’s monthly and yearly prices', async () => {
    renderPage(<LandingPage />, { plans: null });
    const pricing = within(section('Simple pricing, one site per plan'));
    expect(pricing.getByText('Save up to 25%')).toBeTruthy();
    const basic = catalogue('Solo Basic');
    const premium = catalogue('Solo Premium AI');
    expect(priceOf('Solo Basic')).toBe(`$${basic.monthly!.amountUsd}/month`);
    expect(priceOf('Solo Premium AI')).toBe(`$${premium.monthly!.amountUsd}/month`);

    await userEvent.click(pricing.getByRole('button', { name: 'Annually' }));
    expect(pricing.getByRole('button', { name: 'Annually' }).getAttribute('aria-pressed')).toBe('true');
    expect(priceOf('Solo Basic')).toBe(`was $${basic.monthly!.amountUsd * 12} $${basic.yearly!.amountUsd}/year`);
    expect(priceOf('Solo Premium AI')).toContain(`$${premium.yearly!.amountUsd}/year`);

    // The toggle holds across tabs: SaaS Starter yearly, the free plan stays free.
    await userEvent.click(pricing.getByRole('tab', { name: 'SaaS websites' }));
    const starter = catalogue('SaaS Starter');
    // The plans page's figures: $141 struck from the $190 list price, "Save $49 (25%)" (issue 31).
    expect(priceOf('SaaS Starter')).toBe(`was $${starter.yearly!.listUsd} $${starter.yearly!.amountUsd}/year`);
    expect(within(screen.getByRole('article', { name: 'SaaS Starter' })).getByText(/Save \$49 \(25%\)/)).toBeTruthy();
    expect(priceOf('SaaS Free')).toBe('Free');

    await userEvent.click(pricing.getByRole('button', { name: 'Monthly' }));
    expect(priceOf('SaaS Starter')).toBe(`$${starter.monthly!.amountUsd}/month`);
  });

  it('prices Shopify Starter as the plans page and checkout do: $26, was $51, $25 off with SNIFF50', () => {
    renderPage(<LandingPage />, { plans: null });
    const shopify = catalogue('Shopify Starter').monthly!;
    const note = within(section('Simple pricing, one site per plan')).getByText(/Selling on Shopify\?/);
    expect(note.textContent).toContain(
      `is $${shopify.amountUsd}/month (was $${shopify.listUsd}; $${shopify.listUsd! - shopify.amountUsd} off with SNIFF50, applied at checkout)`,
    );
  });

  it('after an account deletion, says so once in a status banner that can be dismissed (issue 31)', async () => {
    window.sessionStorage.setItem('sniff:signed-out-notice', 'account-deleted');
    const { unmount } = renderPage(<LandingPage />, { plans: null });
    const status = screen.getAllByRole('status').find((s) => s.textContent)!;
    expect(status.textContent).toContain(
      'Your account has been deleted and you have been signed out. Thank you for trying Sniff.',
    );
    await userEvent.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(status.textContent).toBe('');
    unmount();
    // Once: the next visit shows nothing.
    renderPage(<LandingPage />, { plans: null });
    expect(screen.getAllByRole('status').every((s) => s.textContent === '')).toBe(true);
  });

  it('plan buttons start the wizard', async () => {
    renderPage(<LandingPage />, { plans: null });
    const card = screen.getByRole('article', { name: 'Solo Basic' });
    expect(
      within(card)
        .getByRole('link', { name: /Start 3-day free trial/ })
        .getAttribute('href'),
    ).toBe(START_PATH);
  });

  it('FAQ accordion opens the first answer and keeps only one open', async () => {
    renderPage(<LandingPage />, { plans: null });
    const faq = within(section('Frequently asked questions'));
    const buttons = () => faq.getAllByRole('button', { expanded: true });
    const question = (i: number) => faq.getByRole('button', { name: FAQ[i].question });
    const answerOf = (i: number) => document.getElementById(question(i).getAttribute('aria-controls')!)!;

    expect(buttons().map((b) => b.textContent)).toEqual([FAQ[0].question]);
    expect(answerOf(0).hidden).toBe(false);
    expect(answerOf(2).hidden).toBe(true);

    await userEvent.click(question(2));
    expect(buttons().map((b) => b.textContent)).toEqual([FAQ[2].question]);
    expect(answerOf(0).hidden).toBe(true);
    expect(answerOf(2).hidden).toBe(false);
    expect(answerOf(2).textContent).toBe(FAQ[2].answer);

    await userEvent.click(question(2));
    expect(faq.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('problem tabs switch with a click and with the arrow keys', async () => {
    renderPage(<LandingPage />, { plans: null });
    const tabs = within(screen.getByRole('tablist', { name: 'Kind of website' }));
    const problems = within(section('When search fails, visitors leave'));
    const panel = () => problems.getByRole('tabpanel');
    expect(within(panel()).getByText('Building search yourself takes weeks')).toBeTruthy();

    await userEvent.click(tabs.getByRole('tab', { name: 'Squarespace' }));
    expect(within(panel()).getByText('One typo, no results')).toBeTruthy();
    expect(within(panel()).queryByText('Building search yourself takes weeks')).toBeNull();

    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tabs.getByRole('tab', { name: 'SaaS websites' }));
    expect(within(panel()).getByText('Building search yourself takes weeks')).toBeTruthy();

    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs.getByRole('tab', { name: 'Squarespace' }));
    expect(tabs.getByRole('tab', { name: 'Squarespace' }).getAttribute('tabindex')).toBe('0');
    expect(tabs.getByRole('tab', { name: 'SaaS websites' }).getAttribute('tabindex')).toBe('-1');

    await userEvent.keyboard('{ArrowRight}'); // wraps around
    expect(document.activeElement).toBe(tabs.getByRole('tab', { name: 'SaaS websites' }));
  });

  it('hero and final call to action lead to the demo, sign-up, guides, trial and booking', async () => {
    const signIn = jest.fn();
    renderPage(<LandingPage />, { plans: null, platform: { signIn } });
    const hero = within(section('Site search that forgives typos'));
    const demo = hero.getByRole('link', { name: /Try Demo/ });
    expect(demo.getAttribute('href')).toBe(EXTERNAL_LINKS.demo);
    expect(demo.getAttribute('target')).toBe('_blank');
    expect(demo.getAttribute('rel')).toContain('noopener');
    expect(hero.getByRole('link', { name: 'SaaS Websites' }).getAttribute('href')).toBe('/saas-websites');
    expect(hero.getByRole('link', { name: 'Squarespace' }).getAttribute('href')).toBe('/squarespace');
    await userEvent.click(hero.getByRole('button', { name: 'Sign Up' }));
    expect(signIn).toHaveBeenCalledWith({ signUp: true, returnTo: '/dashboard', forceLogin: true });

    const cta = within(section('Give your visitors a search bar that understands them'));
    expect(cta.getByRole('link', { name: 'Start 3-Day Free Trial' }).getAttribute('href')).toBe(START_PATH);
    const booking = cta.getByRole('link', { name: /Schedule Demo/ });
    expect([booking.getAttribute('href'), booking.getAttribute('target')]).toEqual([EXTERNAL_LINKS.booking, '_blank']);

    const support = within(section('Frequently asked questions')).getByRole('link', { name: /Contact Support/ });
    expect([support.getAttribute('href'), support.getAttribute('target')]).toEqual([
      EXTERNAL_LINKS.community,
      '_blank',
    ]);
  });

  it('features offer the live demo in a new tab', () => {
    renderPage(<LandingPage />, { plans: null });
    const links = within(section('Everything a small site needs from search')).getAllByRole('link', {
      name: /Try it live/,
    });
    expect(links.length).toBeGreaterThan(0);
    for (const l of links)
      expect([l.getAttribute('href'), l.getAttribute('target')]).toEqual([EXTERNAL_LINKS.demo, '_blank']);
  });

  it('compares in a real table with a caption and header cells', () => {
    renderPage(<LandingPage />, { plans: null });
    const table = screen.getByRole('table');
    expect(table.querySelector('caption')?.textContent).toMatch(/Sniff compared with Squarespace/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Feature', 'Sniff', 'Squarespace built-in search', 'Other search plugins']);
    expect(within(table).getByRole('rowheader', { name: 'Finds results despite typos' })).toBeTruthy();
  });
});
