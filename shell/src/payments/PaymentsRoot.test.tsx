/** @jest-environment jsdom */
// Stripe.js is the boundary: jsdom fetches no scripts, so each test plays the browser's part (the
// script defines window.Stripe, then fires load) or the network's (error).
import type { ReactNode } from 'react';
import type { Payments } from '@sniff/shell-sdk';
import type { StripeConfig } from '../shared/config';

const STAND_IN = 'http://127.0.0.1:8095/v3/stripe.js';

/** What Stripe.js defines: window.Stripe(pk) returning a client with the methods Elements checks for. */
function defineStripeJs(client: Record<string, unknown> = stripeClient()) {
  const Stripe = Object.assign((pk: string) => ({ ...client, pk }), { version: 'endive' });
  (window as unknown as { Stripe?: unknown }).Stripe = Stripe;
}
const stripeClient = () => ({
  elements: () => ({}),
  createToken: () => undefined,
  createPaymentMethod: () => undefined,
  confirmCardPayment: () => undefined,
});

let cleanup = () => undefined as void;

/**
 * Fresh modules per test (@stripe/stripe-js and our loader both keep the page's one load), React and
 * Testing Library included so they agree; its /pure entry, whose cleanup is ours to call.
 */
async function start(stripe: StripeConfig, needed = true) {
  jest.resetModules();
  const tl = await import('@testing-library/react/pure');
  const { render, screen, act } = tl;
  cleanup = tl.cleanup;
  const { PaymentsRoot } = await import('./PaymentsRoot');
  const { loadPaymentProvider } = await import('./load-payment-provider');
  const { useEffect, useState } = await import('react');
  function Probe({ payments }: { payments: Payments }) {
    const [client, setClient] = useState<string>('none');
    useEffect(() => {
      if (payments.status === 'ready')
        void loadPaymentProvider(stripe).then((p) => setClient((p.stripe as unknown as { pk?: string })?.pk ?? 'none'));
    }, [payments.status]);
    return (
      <p>
        status: {payments.status}; error: {payments.error ?? 'none'}; client: {client}
      </p>
    );
  }
  const page = (need: boolean) => (
    <PaymentsRoot config={stripe} needed={need}>
      {(payments): ReactNode => <Probe payments={payments} />}
    </PaymentsRoot>
  );
  const { rerender } = render(page(needed));
  // The loader is a chunk of its own (a dynamic import): let it arrive.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const text = () => screen.getByText(/^status:/).textContent ?? '';
  return { screen, act, text, setNeeded: (need: boolean) => rerender(page(need)) };
}

const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);
const scriptWith = (src: string) => [...document.querySelectorAll('script')].find((s) => s.src.startsWith(src))!;

describe('the payment provider at the dashboard root', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete (window as unknown as { Stripe?: unknown }).Stripe;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => cleanup());

  it('fetches no script until a page that takes payments is opened, then keeps it', async () => {
    const { act, text, setNeeded } = await start({ publishableKey: 'pk_test_sniff', scriptUrl: STAND_IN }, false);
    await act(async () => undefined);
    expect(scripts()).toEqual([]);
    expect(text()).toContain('status: loading');
    await act(async () => {
      setNeeded(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(scripts()).toEqual([STAND_IN]);
    await act(async () => setNeeded(false));
    await act(async () => {
      defineStripeJs();
      scriptWith(STAND_IN).dispatchEvent(new Event('load'));
    });
    expect(text()).toContain('status: ready');
    expect(scripts()).toEqual([STAND_IN]);
  });

  it('without a publishable key: unavailable, and no script is fetched at all', async () => {
    const { screen } = await start({ publishableKey: '', scriptUrl: STAND_IN });
    expect(await screen.findByText(/status: unavailable/)).toBeTruthy();
    expect(screen.getByText(/no Stripe publishable key/)).toBeTruthy();
    expect(scripts()).toEqual([]);
  });

  it("with a stand-in's script: injects it, waits for it, then is ready with its client", async () => {
    const { screen, act, text } = await start({ publishableKey: 'pk_test_sniff', scriptUrl: STAND_IN });
    expect(text()).toContain('status: loading');
    expect(scripts()).toEqual([STAND_IN]);
    // The browser runs the stand-in's script.
    await act(async () => {
      defineStripeJs();
      scriptWith(STAND_IN).dispatchEvent(new Event('load'));
    });
    expect(await screen.findByText(/status: ready; error: none; client: pk_test_sniff/)).toBeTruthy();
    // loadStripe used the stand-in's window.Stripe: it never added js.stripe.com's script.
    expect(scripts()).toEqual([STAND_IN]);
  });

  it('without a script URL: injects no script of its own; Stripe.js comes from js.stripe.com', async () => {
    const { screen, act } = await start({ publishableKey: 'pk_test_sniff', scriptUrl: '' });
    await act(async () => undefined);
    expect(scripts()).toEqual(['https://js.stripe.com/endive/stripe.js']);
    await act(async () => {
      defineStripeJs();
      scriptWith('https://js.stripe.com').dispatchEvent(new Event('load'));
    });
    expect(await screen.findByText(/status: ready; error: none; client: pk_test_sniff/)).toBeTruthy();
  });

  it("is unavailable, naming why, when the stand-in's script cannot be fetched", async () => {
    const { screen, act } = await start({ publishableKey: 'pk_test_sniff', scriptUrl: STAND_IN });
    await act(async () => scriptWith(STAND_IN).dispatchEvent(new Event('error')));
    expect(
      await screen.findByText(/status: unavailable; error: .*8095\/v3\/stripe.js could not be loaded; client: none/),
    ).toBeTruthy();
  });

  it('is unavailable when the script defines no usable Stripe client', async () => {
    const { screen, act } = await start({ publishableKey: 'pk_test_sniff', scriptUrl: STAND_IN });
    await act(async () => {
      defineStripeJs({ elements: () => ({}) });
      scriptWith(STAND_IN).dispatchEvent(new Event('load'));
    });
    expect(
      await screen.findByText(/status: unavailable; error: Stripe.js answered no usable Stripe client/),
    ).toBeTruthy();
  });
});
