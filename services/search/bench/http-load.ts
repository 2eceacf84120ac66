import autocannon from 'autocannon';

export const P99_LIMIT_MS = 30;
/** A step holds its rate when at least this share of the requested requests was answered. */
export const MIN_ACHIEVED = 0.95;

export interface Target {
  /** Origin, e.g. http://127.0.0.1:28080 */
  origin: string;
  /** Request paths, sent in turn (the query mix, or one static path). */
  paths: string[];
}

export interface Step {
  /** Requested rate (requests per second); null for an unpaced probe. */
  rate: number | null;
  seconds: number;
  requests: number;
  /** Answered requests per second. */
  achieved: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Socket errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  held: boolean;
  /** Why the step did not hold its rate. */
  why?: string;
  /** A second try at a rate the step before it missed. */
  retry?: boolean;
}

export interface LoadOptions {
  /** Connections per step (autocannon spreads the rate over them). */
  connections: number;
  /** Staggered autocannon instances the connections and the rate are split over (see runStep). */
  instances: number;
  timeoutS: number;
}

const pct = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends `paths` in turn, one path per request, shared by all connections. */
function cycler(paths: string[]) {
  let i = 0;
  return (request: autocannon.Request) => ({ ...request, path: paths[i++ % paths.length] });
}

/** Splits n into k integers that differ by at most one (sum n). */
const split = (n: number, k: number) => Array.from({ length: k }, (_, i) => Math.floor(n / k) + (i < n % k ? 1 : 0));

/**
 * One step: `rate` requests per second for `seconds` through autocannon's fixed-rate mode.
 *
 * autocannon paces each connection by a budget per second: it sends its share back to back from the
 * start of each second, then waits for the next. With every connection on the same clock, a server
 * would see all of them burst at once each second. The step therefore runs `instances` autocannon
 * instances started 1/instances of a second apart, each with its share of the connections and of the
 * rate, so the bursts are spread over the second like visitors' keystrokes.
 *
 * Latency is every answered request's time from write to last byte (own list, microsecond precision;
 * autocannon's histogram rounds to whole milliseconds), non-2xx included.
 */
export async function runStep(
  target: Target,
  rate: number | null,
  seconds: number,
  o: LoadOptions,
  signal?: AbortSignal,
): Promise<Step> {
  const latencies: number[] = [];
  const instances = rate == null ? 1 : Math.max(1, Math.min(o.instances, o.connections, rate));
  const conns = split(o.connections, instances);
  const rates = rate == null ? [] : split(rate, instances);
  const setupRequest = cycler(target.paths);
  const runs = conns.map(async (connections, k) => {
    await sleep((k * 1000) / instances);
    if (signal?.aborted) return null;
    return new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: target.origin,
          connections,
          // autocannon's coordinated-omission correction assumes a 1 ms interval whatever the rate; the
          // achieved-rate check below is what catches a server that falls behind.
          ...(rate == null ? {} : { overallRate: rates[k], ignoreCoordinatedOmission: true }),
          duration: seconds,
          timeout: o.timeoutS,
          requests: [{ method: 'GET', setupRequest }],
        },
        (error, result) => {
          signal?.removeEventListener('abort', stop);
          if (error) reject(error as Error);
          else resolve(result);
        },
      );
      const stop = () => instance.stop();
      signal?.addEventListener('abort', stop, { once: true });
      instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    });
  });
  const results = (await Promise.all(runs)).filter((r): r is autocannon.Result => r != null);
  const sorted = Float64Array.from(latencies).sort();
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((a, r) => a + f(r), 0);
  const step: Step = {
    rate,
    seconds,
    requests: latencies.length,
    // each instance ran `seconds`, shifted by its offset: their rates add up
    achieved: sum((r) => r.requests.total / Math.max(r.duration, 1e-3)),
    p50: pct(sorted, 0.5),
    p90: pct(sorted, 0.9),
    p99: pct(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    held: false,
  };
  const why = [
    step.errors ? `${step.errors} socket errors` : '',
    step.non2xx ? `${step.non2xx} non-2xx` : '',
    step.p99 > P99_LIMIT_MS ? `p99 ${step.p99.toFixed(1)} ms` : '',
    rate != null && step.achieved < rate * MIN_ACHIEVED ? `only ${Math.round(step.achieved)}/s answered` : '',
  ].filter(Boolean);
  step.held = rate != null && why.length === 0 && step.requests > 0;
  if (why.length) step.why = why.join(', ');
  return step;
}

export interface SearchOptions extends LoadOptions {
  start: number;
  max: number;
  seconds: number;
  /** Bisection steps between the last rate held and the first one missed. */
  refine: number;
  /** Seconds between steps, for connections to close and the servers to settle. */
  pauseS: number;
  /** Try the first missed rate once more before counting it as missed. */
  retry: boolean;
  /** Steps are not started after this time (performance.now()). */
  deadline: number;
  log: (line: string) => void;
  signal?: AbortSignal;
}

export interface RateSearch {
  /** The highest rate held (its step), or null when not even the lowest one was. */
  held: Step | null;
  steps: Step[];
  /** Set when the search stopped before it finished refining. */
  note?: string;
}

/**
 * The highest fixed rate with p99 <= 30 ms, no errors and no non-2xx: double from `start` until a rate
 * is missed (or `max` is held), then bisect between the highest rate held and the lowest missed.
 */
export async function findHeldRate(target: Target, o: SearchOptions): Promise<RateSearch> {
  const steps: Step[] = [];
  let held: Step | null = null;
  let missed: number | null = null;
  let note: string | undefined;
  let refined = 0;
  const outOfTime = () => performance.now() > o.deadline || Boolean(o.signal?.aborted);
  const next = (): number | null => {
    if (missed == null) {
      const last = steps.at(-1)?.rate;
      if (last == null) return o.start;
      return last >= o.max ? null : Math.min(o.max, last * 2);
    }
    if (refined >= o.refine) return null;
    const lo = held?.rate ?? 0;
    const mid = roundRate((lo + missed) / 2);
    return mid > lo && mid < missed ? mid : null;
  };
  const attempt = async (rate: number, retry: boolean) => {
    // let a backlog left by the step before drain first (its slowest answer says how long it was)
    const last = steps.at(-1);
    if (last) await sleep(Math.min(5_000, o.pauseS * 1000 + (Number.isFinite(last.max) ? last.max : 0)));
    const s: Step = { ...(await runStep(target, rate, o.seconds, o, o.signal)), ...(retry ? { retry } : {}) };
    steps.push(s);
    o.log(
      `  ${String(rate).padStart(6)}/s${retry ? ' again' : '      '}: ${s.held ? 'held  ' : 'missed'} ` +
        `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, ${Math.round(s.achieved)}/s answered${s.why ? ` (${s.why})` : ''}`,
    );
    return s;
  };
  for (let rate = next(); rate != null; rate = next()) {
    if (outOfTime()) {
      note = `stopped by the time budget while ${missed == null ? 'ramping up' : 'refining'}`;
      break;
    }
    if (missed != null) refined++;
    let s = await attempt(rate, false);
    // The first miss ends the ramp, so it counts only when a second try misses too: on a shared
    // machine another process can spoil one step, and a false miss here would halve the result.
    if (!s.held && missed == null && o.retry && !outOfTime()) s = await attempt(rate, true);
    if (s.held && rate > (held?.rate ?? 0)) held = s;
    if (!s.held) missed = Math.min(missed ?? Infinity, rate);
  }
  if (!note && missed == null && held) note = `held the cap of ${o.max}/s`;
  return { held, steps, ...(note ? { note } : {}) };
}

/** Rates in steps of 2 significant digits, so the table does not pretend to more precision than there is. */
function roundRate(x: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(x)) - 1);
  return Math.round(x / unit) * unit;
}
