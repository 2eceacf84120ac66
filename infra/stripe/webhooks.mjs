// Webhook delivery as Stripe does it: POST of the event as JSON, signed in the Stripe-Signature header
// (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint's secret>). An answer other
// than 2xx within the timeout is retried on a backoff schedule. Events of one subscription are delivered
// in the order they were created (each waits for the one before it to succeed or be given up); other
// subscriptions' events are not held up. Pending deliveries live in memory and are lost on restart.
import { createHmac } from 'node:crypto';
import { newId, nowSeconds } from './store.mjs';

/** Local default: 1 s, 2 s, 4 s ... capped at 60 s, about 10 minutes in all, then the delivery is given up. */
export const DEFAULT_RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60].map(
  (s) => s * 1000,
);

/** @param {string} payload @param {string} secret @param {number} timestamp unix seconds */
export function signatureHeader(payload, secret, timestamp = nowSeconds()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * @param {{ url?: string, secret?: string, retryDelaysMs?: number[], timeoutMs?: number, log?: (line: string) => void }} o
 */
export function webhookDispatcher({
  url,
  secret,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  timeoutMs = 10_000,
  log = () => {},
}) {
  /** Every attempt, oldest first, for GET /_provider/deliveries. */
  const attempts = [];
  /** @type {Map<string, Array<{ event: any }>>} order key -> events waiting, the head being delivered */
  const queues = new Map();
  const timers = new Set();
  const controllers = new Set();
  let stopped = false;

  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(undefined);
      }, ms);
      timers.add(timer);
    });

  async function attempt(event, number) {
    const payload = JSON.stringify(event, null, 2);
    const controller = new AbortController();
    controllers.add(controller);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const record = {
      id: newId('whatt'),
      event: event.id,
      type: event.type,
      attempt: number,
      at: new Date().toISOString(),
      url,
      status: null,
      ok: false,
      error: null,
    };
    try {
      const res = await fetch(/** @type {string} */ (url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, /** @type {string} */ (secret)),
        },
        body: payload,
        signal: controller.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      record.status = res.status;
      record.ok = res.status >= 200 && res.status < 300;
    } catch (error) {
      record.error = controller.signal.aborted
        ? `no answer within ${timeoutMs} ms`
        : String(error?.cause?.code ?? error?.message ?? error);
    } finally {
      clearTimeout(timer);
      controllers.delete(controller);
    }
    attempts.push(record);
    if (attempts.length > 2000) attempts.shift();
    return record;
  }

  async function drain(key) {
    const queue = /** @type {Array<{ event: any }>} */ (queues.get(key));
    while (queue.length && !stopped) {
      const { event } = queue[0];
      for (let number = 1; !stopped; number++) {
        const record = await attempt(event, number);
        if (record.ok) break;
        const delay = retryDelaysMs[number - 1];
        if (delay === undefined) {
          log(`stripe provider: gave up delivering ${event.id} (${event.type}) after ${number} attempts`);
          record.gaveUp = true;
          break;
        }
        log(
          `stripe provider: delivery of ${event.id} (${event.type}) failed (${record.status ?? record.error}); retry in ${delay} ms`,
        );
        await sleep(delay);
      }
      queue.shift();
    }
    queues.delete(key);
  }

  return {
    enabled: Boolean(url && secret),
    /** Queues an event behind the earlier events with the same order key (a subscription or customer id). */
    enqueue(event, key) {
      if (!url || !secret || stopped) return;
      const queue = queues.get(key);
      if (queue) return void queue.push({ event });
      queues.set(key, [{ event }]);
      drain(key).catch((error) => log(`stripe provider: webhook delivery error: ${error?.stack ?? error}`));
    },
    attempts: () => attempts.slice(),
    pending: () => [...queues.values()].reduce((n, q) => n + q.length, 0),
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const controller of controllers) controller.abort();
      // wake the sleepers so their loops end
      timers.clear();
    },
  };
}
