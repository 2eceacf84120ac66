// The local Stripe provider driven by the official `stripe` SDK over real HTTP, its hosted pages driven
// like a browser posting forms, and its webhooks received by a small HTTP server and verified with the
// SDK's constructEvent: prices by lookup key, checkout with trial and coupon, declined cards, errors,
// webhook retries, the portal, the test-clock routes, idempotency, rate limiting, persistence, stripe.js.
const { mkdtempSync, rmSync } = require('node:fs');
const http = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const vm = require('node:vm');
const Stripe = require('stripe');
const { freePorts, startNodeProcess, waitFor } = require('../testing.js');

jest.setTimeout(60_000);

const SECRET = 'sk_test_local_provider_test_key';
const WEBHOOK_SECRET = 'whsec_provider_test_secret';
const dataDir = mkdtempSync(join(tmpdir(), 'stripe-provider-'));

/**
 * A webhook endpoint: records every delivery; answers 500 to the next `failNext` ones and to every event of
 * the subscription `failFor`.
 */
function webhookReceiver() {
  const received = [];
  const state = { failNext: 0, failFor: null };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const object = JSON.parse(body).data.object;
      const fail =
        state.failNext > 0 || (state.failFor !== null && [object.id, object.subscription].includes(state.failFor));
      if (state.failNext > 0) state.failNext -= 1;
      received.push({ body, signature: req.headers['stripe-signature'], status: fail ? 500 : 200 });
      res.writeHead(fail ? 500 : 200).end();
    });
  });
  return { server, received, state };
}

/** Starts `node infra/stripe/server.mjs` with the env; resolves once it listens. */
async function startProvider(env) {
  const [port] = await freePorts(1);
  const provider = await startNodeProcess(
    [join(__dirname, 'server.mjs')],
    { STRIPE_PROVIDER_PORT: String(port), STRIPE_SECRET_KEY: SECRET, ...env },
    'local Stripe provider on',
  );
  return { port, base: `http://127.0.0.1:${port}`, stop: () => provider.kill(), output: provider.output };
}

const sdk = (port, options = {}) =>
  new Stripe(SECRET, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, ...options });

const form = (fields) => ({
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Owner' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

let receiver;
let provider;
let stripe;
let webhookUrl;

beforeAll(async () => {
  receiver = webhookReceiver();
  await new Promise((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${receiver.server.address().port}/webhooks/stripe`;
  provider = await startProvider({
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_WEBHOOK_URL: webhookUrl,
    STRIPE_PROVIDER_DATA_FILE: join(dataDir, 'stripe.json'),
    STRIPE_PROVIDER_RETRY_DELAYS_MS: '100,200,200',
  });
  stripe = sdk(provider.port);
});

afterAll(async () => {
  await provider?.stop();
  await new Promise((resolve) => receiver?.server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The verified events delivered successfully so far. */
const deliveredEvents = () =>
  receiver.received
    .filter((d) => d.status === 200)
    .map((d) => stripe.webhooks.constructEvent(d.body, d.signature, WEBHOOK_SECRET));
const eventsFor = (objectId) =>
  deliveredEvents().filter(
    (e) =>
      e.data.object.id === objectId || e.data.object.subscription === objectId || e.data.object.customer === objectId,
  );

async function priceId(plan) {
  const { data } = await stripe.prices.list({ lookup_keys: [plan], active: true });
  return data[0].id;
}

/** A checkout session for Shopify Starter with the trial and coupon, as billing creates it. */
async function starterSession(extra = {}) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer_email: 'owner@example.com',
    line_items: [{ price: await priceId('starter'), quantity: 1 }],
    discounts: [{ coupon: 'SNIFF50' }],
    subscription_data: { trial_period_days: 3, metadata: { owner: 'auth0|owner-1', plan: 'starter' } },
    metadata: { owner: 'auth0|owner-1' },
    client_reference_id: 'auth0|owner-1',
    success_url: 'http://localhost:8080/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:8080/dashboard/plans',
    ...extra,
  });
}

/** Completes a session on its hosted page with the card; the browser's answer. */
const pay = (session, card = GOOD_CARD) => fetch(session.url, form(card));

describe('catalogue', () => {
  test('every paid plan is a price found by its lookup key, and SNIFF50 takes $25 off forever', async () => {
    const { object, data } = await stripe.prices.list({
      lookup_keys: ['busniess_starter_monthly', 'busniess_starter_yearly', 'squarespace_pro_yearly', 'starter'],
      active: true,
    });
    expect(object).toBe('list');
    const byKey = Object.fromEntries(data.map((p) => [p.lookup_key, p]));
    expect(byKey.busniess_starter_monthly).toMatchObject({
      unit_amount: 1900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    expect(byKey.busniess_starter_yearly).toMatchObject({ unit_amount: 14100, recurring: { interval: 'year' } });
    expect(byKey.squarespace_pro_yearly).toMatchObject({ unit_amount: 10000, recurring: { interval: 'year' } });
    // The price table's $51 list price, with SNIFF50's $25 off the catalogue's $26 (issue 31)
    expect(byKey.starter).toMatchObject({ unit_amount: 5100, recurring: { interval: 'month' } });
    expect((await stripe.prices.list({ lookup_keys: ['free'] })).data).toEqual([]);
    expect(await stripe.prices.retrieve(byKey.starter.id)).toMatchObject({ lookup_key: 'starter' });
    expect(await stripe.coupons.retrieve('SNIFF50')).toMatchObject({
      amount_off: 2500,
      currency: 'usd',
      percent_off: null,
      duration: 'forever',
      valid: true,
    });
  });
});

describe('errors as Stripe answers them', () => {
  test('a wrong API key is refused with 401', async () => {
    const wrong = new Stripe('sk_test_wrong_key_123456', { host: '127.0.0.1', port: provider.port, protocol: 'http' });
    await expect(wrong.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    const res = await fetch(`${provider.base}/v1/customers`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.type).toBe('invalid_request_error');
  });

  test('a missing or unknown param is a 400 naming it, and creates nothing', async () => {
    const before = (await stripe.checkout.sessions.list({ limit: 100 })).data.length;
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: await priceId('starter') }] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'success_url',
      code: 'parameter_missing',
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_doesnotexist' }],
        success_url: 'http://localhost:8080/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][price]', code: 'resource_missing' });
    await expect(starterSession({ customer_emial: 'x@example.com' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'customer_emial',
    });
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data).toHaveLength(before);
  });

  test('an unknown object is a 404 resource_missing', async () => {
    await expect(stripe.subscriptions.retrieve('sub_nothere')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      type: 'StripeInvalidRequestError',
    });
  });
});

describe('checkout on the hosted page', () => {
  test('shows the plan, trial and coupon; a declined card changes nothing; 4242 subscribes and webhooks follow', async () => {
    const session = await starterSession();
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', mode: 'subscription' });
    expect(session.url).toBe(`http://localhost:${provider.port}/c/pay/${session.id}`);

    const page = await fetch(session.url);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(html).toContain('Shopify Starter');
    expect(html).toContain('3-day free trial');
    expect(html).toContain('<s>$51.00</s> / month');
    expect(html).toContain('<dt>SNIFF50 — $25.00 off</dt><dd>−$25.00</dd>');
    expect(html).toMatch(/Total after trial<\/dt><dd class="total">\$26\.00/);
    expect(html).toContain('value="owner@example.com"');
    expect(html).toContain('href="http://localhost:8080/dashboard/plans">← Back');

    const declined = await pay(session, { ...DECLINED_CARD, name: '<b>Ada</b>' });
    expect(declined.status).toBe(402);
    const declinedHtml = await declined.text();
    expect(declinedHtml).toMatch(/role="alert"[^>]*>Your card was declined\./);
    expect(declinedHtml).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(declinedHtml).toMatch(/id="number"[^>]*value=""/); // the number is never echoed
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', subscription: null });
    expect((await stripe.customers.list({ email: 'owner@example.com' })).data).toEqual([]);

    const invalid = await pay(session, { ...GOOD_CARD, number: '4111 1111 1111 1111' });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Your card number is invalid.');

    const paid = await pay(session);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:8080/dashboard?checkout=success&session_id=${session.id}`,
    );

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', url: null });
    const subscription = done.subscription;
    expect(subscription).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: false,
      metadata: { owner: 'auth0|owner-1', plan: 'starter' },
      customer: done.customer,
    });
    expect(subscription.trial_end - Math.floor(Date.now() / 1000)).toBeGreaterThan(3 * 86_400 - 60);
    expect(subscription.items.data[0].price.lookup_key).toBe('starter');
    expect(subscription.items.data[0].current_period_end).toBe(subscription.trial_end);
    expect(subscription.current_period_end).toBe(subscription.trial_end);
    expect((await stripe.customers.retrieve(done.customer)).email).toBe('owner@example.com');

    const invoices = await stripe.invoices.list({ customer: done.customer, limit: 10 });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({
      amount_due: 0,
      amount_paid: 0,
      status: 'paid',
      billing_reason: 'subscription_create',
      subscription: subscription.id,
    });
    const receipt = await fetch(invoices.data[0].hosted_invoice_url);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('Trial period for Shopify Starter');

    const events = await waitFor(() => {
      const list = eventsFor(subscription.id);
      return list.length >= 3 && list;
    }, 'the checkout webhooks');
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = events[2];
    expect(completed.api_version).toBe('2026-10-28.endive');
    expect(completed.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      client_reference_id: 'auth0|owner-1',
    });
    expect(await stripe.events.retrieve(completed.id)).toMatchObject({ type: 'checkout.session.completed' });

    // a second submission (back button) does not subscribe twice
    expect((await pay(session)).status).toBe(303);
    expect((await stripe.subscriptions.list({ customer: done.customer, status: 'all' })).data).toHaveLength(1);
  });

  test('without a trial the first invoice charges the price after the coupon', async () => {
    const session = await starterSession({
      subscription_data: { metadata: { owner: 'auth0|owner-2' } },
      customer_email: 'two@example.com',
    });
    expect(session).toMatchObject({ amount_subtotal: 5100, amount_total: 2600 });
    // a double click sends the form twice, the second before the first is fully received: one subscription
    const body = new URLSearchParams(GOOD_CARD).toString();
    const started = [0, 1].map(() => {
      const req = http.request(session.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      });
      const answer = new Promise((resolve, reject) => {
        req.on('response', (res) => resolve(res.resume().statusCode));
        req.on('error', reject);
      });
      req.write(body.slice(0, 10));
      return { req, answer };
    });
    await new Promise((r) => setTimeout(r, 200)); // both requests are being read
    for (const { req } of started) req.end(body.slice(10));
    expect(await Promise.all(started.map((s) => s.answer))).toEqual([303, 303]);
    const { subscription, customer } = await stripe.checkout.sessions.retrieve(session.id);
    expect((await stripe.subscriptions.list({ customer, status: 'all' })).data).toHaveLength(1);
    expect((await stripe.customers.list({ email: 'two@example.com' })).data).toHaveLength(1);
    const sub = await stripe.subscriptions.retrieve(subscription, { expand: ['latest_invoice'] });
    expect(sub.status).toBe('active');
    expect(sub.latest_invoice).toMatchObject({ amount_due: 2600, amount_paid: 2600, status: 'paid' });
  });

  test('an expired session refuses payment', async () => {
    const session = await starterSession({ customer_email: 'late@example.com' });
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    const res = await pay(session);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This checkout session has expired.');
    expect((await stripe.customers.list({ email: 'late@example.com' })).data).toEqual([]);
  });
});

/** A trialing subscription bought through the hosted page. */
async function subscribe(email) {
  const session = await starterSession({ customer_email: email });
  await pay(session);
  const { subscription, customer } = await stripe.checkout.sessions.retrieve(session.id);
  return { subscription, customer };
}

describe('webhook delivery', () => {
  test('an endpoint failing twice gets the same event again until it answers 2xx, and only once after that', async () => {
    const { subscription } = await subscribe('retry@example.com');
    await waitFor(() => eventsFor(subscription).length >= 3, 'the checkout webhooks');
    receiver.state.failNext = 2;
    await stripe.subscriptions.update(subscription, { metadata: { note: 'retry me' } });
    const attempts = () =>
      receiver.received.filter((d) => JSON.parse(d.body).data.object.metadata?.note === 'retry me');
    await waitFor(() => attempts().some((d) => d.status === 200), 'the successful retry');
    await new Promise((r) => setTimeout(r, 600)); // beyond the retry schedule
    const ids = attempts().map((d) => JSON.parse(d.body).id);
    expect(attempts().map((d) => d.status)).toEqual([500, 500, 200]);
    expect(new Set(ids).size).toBe(1);
    for (const d of attempts())
      expect(() => stripe.webhooks.constructEvent(d.body, d.signature, WEBHOOK_SECRET)).not.toThrow();

    const log = await (
      await fetch(`${provider.base}/_provider/deliveries?event=${ids[0]}`, {
        headers: { authorization: `Bearer ${SECRET}` },
      })
    ).json();
    expect(log.data.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect((await fetch(`${provider.base}/_provider/deliveries`)).status).toBe(401);
  });

  test("a subscription's failing deliveries hold back only its own later events, which then follow in order", async () => {
    const [a, b] = [await subscribe('order-a@example.com'), await subscribe('order-b@example.com')];
    await waitFor(() => eventsFor(a.subscription).length >= 3 && eventsFor(b.subscription).length >= 3, 'checkouts');
    receiver.state.failFor = a.subscription;
    await stripe.subscriptions.update(a.subscription, { metadata: { step: '1' } });
    await stripe.subscriptions.update(a.subscription, { metadata: { step: '2' } });
    await stripe.subscriptions.update(b.subscription, { metadata: { step: '1' } });
    const steps = (sub) =>
      receiver.received
        .map((d) => ({ ...d, event: JSON.parse(d.body) }))
        .filter((d) => d.event.data.object.id === sub && d.event.data.object.metadata.step);
    await waitFor(() => steps(b.subscription).some((d) => d.status === 200), "b's event");
    expect(steps(a.subscription).every((d) => d.status === 500 && d.event.data.object.metadata.step === '1')).toBe(
      true,
    );
    receiver.state.failFor = null;
    await waitFor(() => steps(a.subscription).filter((d) => d.status === 200).length === 2, "a's events");
    // step 2 was first sent only after step 1 got through
    expect(
      steps(a.subscription)
        .map((d) => `${d.event.data.object.metadata.step}:${d.status}`)
        .slice(-2),
    ).toEqual(['1:200', '2:200']);
    expect(steps(a.subscription).filter((d) => d.event.data.object.metadata.step === '2')).toHaveLength(1);
  });
});

describe('billing portal and test clock', () => {
  test('Cancel plan sets cancel_at_period_end and tells billing; advancing then ends the subscription', async () => {
    const { subscription, customer } = await subscribe('portal@example.com');
    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: 'http://localhost:8080/dashboard/billing',
    });
    expect(portal.url).toBe(`http://localhost:${provider.port}/p/session/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Trial ends');
    expect(page).toContain('href="http://localhost:8080/dashboard/billing">Return to Sniff');
    expect(page).toContain('Visa •••• 4242');

    // Cancel plan opens Stripe's confirmation step first; neither it nor a post without confirm=yes cancels.
    expect(page).toContain(`<form method="get" action="/p/session/${portal.id}/subscriptions/${subscription}/cancel">`);
    const step = await fetch(`${portal.url}/subscriptions/${subscription}/cancel`);
    expect(step.status).toBe(200);
    const stepHtml = await step.text();
    expect(stepHtml).toContain('<h1>Cancel your plan</h1>');
    expect(stepHtml).toMatch(/still available until the end of your billing period on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(stepHtml).toContain('name="confirm" value="yes"');
    expect(stepHtml).toContain(`<a href="/p/session/${portal.id}">Go back</a>`);
    const unconfirmed = await fetch(`${portal.url}/subscriptions/${subscription}/cancel`, form({}));
    expect({ status: unconfirmed.status, html: await unconfirmed.text() }).toMatchObject({
      status: 200,
      html: expect.stringContaining('Cancel your plan'),
    });
    expect(await stripe.subscriptions.retrieve(subscription)).toMatchObject({ cancel_at_period_end: false });

    const cancel = await fetch(`${portal.url}/subscriptions/${subscription}/cancel`, form({ confirm: 'yes' }));
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`/p/session/${portal.id}?done=canceled`);
    const canceled = await stripe.subscriptions.retrieve(subscription);
    expect(canceled).toMatchObject({ cancel_at_period_end: true, status: 'trialing' });
    expect(await (await fetch(`${portal.url}?done=canceled`)).text()).toContain('Cancels on');
    const updated = await waitFor(
      () => eventsFor(subscription).find((e) => e.type === 'customer.subscription.updated'),
      'customer.subscription.updated',
    );
    expect(updated.data.object.cancel_at_period_end).toBe(true);
    expect(updated.data.previous_attributes.cancel_at_period_end).toBe(false);

    const advance = await fetch(`${provider.base}/_provider/subscriptions/${subscription}/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(advance.status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('canceled');
    await waitFor(
      () => eventsFor(subscription).some((e) => e.type === 'customer.subscription.deleted'),
      'customer.subscription.deleted',
    );
    expect(
      (await fetch(`${provider.base}/_provider/subscriptions/${subscription}/advance`, { method: 'POST' })).status,
    ).toBe(401);
  });

  test('advancing an active trial renews it with a paid invoice for $26', async () => {
    const { subscription, customer } = await subscribe('renew@example.com');
    const headers = { authorization: `Bearer ${SECRET}` };
    const renewed = await (
      await fetch(`${provider.base}/_provider/subscriptions/${subscription}/advance`, { method: 'POST', headers })
    ).json();
    expect(renewed.status).toBe('active');
    const [latest] = (await stripe.invoices.list({ customer, limit: 1 })).data;
    expect(latest).toMatchObject({ amount_paid: 2600, status: 'paid', billing_reason: 'subscription_cycle' });
    await waitFor(
      () => eventsFor(subscription).some((e) => e.type === 'invoice.paid' && e.data.object.amount_paid === 2600),
      'invoice.paid',
    );
  });

  test('a failed renewal leaves the subscription past_due with an open invoice, and a new card pays it', async () => {
    const { subscription, customer } = await subscribe('failing@example.com');
    const res = await fetch(`${provider.base}/_provider/subscriptions/${subscription}/fail-renewal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(res.status).toBe(200);
    const sub = await stripe.subscriptions.retrieve(subscription, { expand: ['latest_invoice'] });
    expect(sub.status).toBe('past_due');
    expect(sub.latest_invoice).toMatchObject({ status: 'open', amount_due: 2600, amount_paid: 0 });
    const failed = await waitFor(
      () => eventsFor(subscription).find((e) => e.type === 'invoice.payment_failed'),
      'invoice.payment_failed',
    );
    expect(failed.data.object.id).toBe(sub.latest_invoice.id);
    await waitFor(
      () =>
        eventsFor(subscription).some(
          (e) => e.type === 'customer.subscription.updated' && e.data.object.status === 'past_due',
        ),
      'the past_due update',
    );

    const portal = await stripe.billingPortal.sessions.create({ customer });
    const declined = await fetch(`${portal.url}/card`, form(DECLINED_CARD));
    expect(declined.status).toBe(402);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('past_due');
    expect((await fetch(`${portal.url}/card`, form({ ...GOOD_CARD, name: 'New Card' }))).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('active');
    expect((await stripe.invoices.retrieve(sub.latest_invoice.id)).status).toBe('paid');
  });

  test('Switch to changes the price at once within the platform', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'switch@example.com',
      line_items: [{ price: await priceId('squarespace_basic_monthly') }],
      success_url: 'http://localhost:8080/ok',
    });
    await pay(session);
    const { subscription, customer } = await stripe.checkout.sessions.retrieve(session.id);
    const portal = await stripe.billingPortal.sessions.create({ customer });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Switch to Solo Premium AI monthly');
    expect(page).not.toContain('SaaS Starter');
    const pro = await priceId('squarespace_pro_monthly');
    expect((await fetch(`${portal.url}/subscriptions/${subscription}/switch`, form({ price: pro }))).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription)).items.data[0].price.lookup_key).toBe(
      'squarespace_pro_monthly',
    );
    const saas = await priceId('busniess_starter_monthly');
    expect((await fetch(`${portal.url}/subscriptions/${subscription}/switch`, form({ price: saas }))).status).toBe(400);
    expect((await stripe.subscriptions.retrieve(subscription)).items.data[0].price.lookup_key).toBe(
      'squarespace_pro_monthly',
    );
  });

  test('the API changes the price, schedules and cancels like Stripe', async () => {
    const { subscription } = await subscribe('api@example.com');
    const sub = await stripe.subscriptions.retrieve(subscription);
    await expect(
      stripe.subscriptions.update(subscription, { items: [{ id: 'si_wrong', price: await priceId('starter') }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'items[0][id]' });
    const scheduled = await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    expect(scheduled.cancel_at).toBe(sub.current_period_end);
    expect((await stripe.subscriptions.cancel(subscription)).status).toBe('canceled');
    const listed = await stripe.subscriptions.list({ customer: sub.customer, status: 'all' });
    expect(listed.data.map((s) => s.status)).toEqual(['canceled']);
    expect((await stripe.subscriptions.list({ customer: sub.customer })).data).toEqual([]);
  });
});

describe('requests', () => {
  test('the same Idempotency-Key answers the first response again; other params with it are refused', async () => {
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'create-idem-1' });
    const again = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'create-idem-1' });
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'idem@example.com' })).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'create-idem-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  test('past the rate limit the API answers 429 rate_limit_error and the SDK retries through it', async () => {
    const limited = await startProvider({ STRIPE_PROVIDER_RATE_LIMIT: '3' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${limited.base}/v1/customers`, { headers: { authorization: `Bearer ${SECRET}` } }),
        ),
      );
      const refused = answers.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0].headers.get('stripe-should-retry')).toBe('true');
      expect((await refused[0].json()).error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit' });
      const patient = sdk(limited.port, { maxNetworkRetries: 5 });
      const created = await Promise.all(
        Array.from({ length: 6 }, (_, i) => patient.customers.create({ email: `rl${i}@example.com` })),
      );
      expect(new Set(created.map((c) => c.id)).size).toBe(6);
    } finally {
      await limited.stop();
    }
  });

  test('customers and subscriptions survive a restart (the data file)', async () => {
    const { subscription, customer } = await subscribe('persist@example.com');
    const file = join(dataDir, 'restart.json');
    const first = await startProvider({ STRIPE_PROVIDER_DATA_FILE: file });
    const before = sdk(first.port);
    const created = await before.customers.create({ email: 'kept@example.com', metadata: { owner: 'auth0|kept' } });
    await first.stop();
    const second = await startProvider({ STRIPE_PROVIDER_DATA_FILE: file });
    try {
      expect(await sdk(second.port).customers.retrieve(created.id)).toMatchObject({
        metadata: { owner: 'auth0|kept' },
      });
    } finally {
      await second.stop();
    }
    // the main provider kept its own state too
    expect((await stripe.subscriptions.retrieve(subscription)).customer).toBe(customer);
  });
});

describe('stripe.js stand-in', () => {
  test('defines window.Stripe for loadStripe; redirectToCheckout goes to the hosted page; test keys only', async () => {
    const res = await fetch(`${provider.base}/v3/stripe.js`);
    expect(res.headers.get('content-type')).toContain('application/javascript');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const window = { location: { assign: jest.fn() } };
    vm.runInNewContext(await res.text(), { window, Promise, encodeURIComponent });
    expect(window.Stripe.version).toBe('endive');
    const client = window.Stripe('pk_test_local_abc');
    expect(client.version).toBe('endive');
    // what @stripe/react-stripe-js's <Elements> checks before the dashboard counts payments as ready
    for (const method of ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment']) {
      expect(typeof client[method]).toBe('function');
    }
    client.redirectToCheckout({ sessionId: 'cs_test_abc' });
    expect(window.location.assign).toHaveBeenCalledWith(`http://localhost:${provider.port}/c/pay/cs_test_abc`);
    expect(await client.redirectToCheckout({})).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(() => window.Stripe('pk_live_abc')).toThrow(/pk_test_/);
  });
});
