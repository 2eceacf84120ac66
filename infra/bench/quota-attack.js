// npm run bench:quota: how much of a free owner's month a third party can use up. The product runs as
// `npm start` runs it (infra/launcher.js, built services); the demo owner is on the free plan (500 searches a
// month, 50 more as the grace share) with one widget. An attacker who knows the store id (it is in the public
// snippet) sends searches straight to the public API naming no query (no session), so every answer is one the search
// service may count, from 1, 20 and 256 addresses (one network, or spread over many). For each, the bench reports
// the requests sent, the searches counted against the owner that day, and how many days at that pace it takes to
// pause the widget; then checks a visitor still gets results. README (Plans and quotas) records the figures.
// Bounded: about 2 minutes, at most LIMIT_MS.
const { writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { benchPorts, limitRun, signInDemo, startBenchProduct } = require('./bench-product');

const PORTS = benchPorts(25000);
const GATEWAY = `http://127.0.0.1:${PORTS.gateway}`;
/** Free plan: 500 a month; the widget pauses at 550 (the grace share). */
const PAUSES_AT = 550;
/** Requests from each address: more than one address may add in a day, so every cap is reached. */
const REQUESTS_PER_ADDRESS = 30;
const CONCURRENCY = 32;
const LIMIT_MS = 600_000;
const WORDS = ['pricing', 'bread', 'sourdough', 'opening hours', 'cake', 'delivery', 'gluten', 'coffee', 'rye'];

const SCENARIOS = [
  { name: '1 address', addresses: () => ['203.0.113.7'] },
  { name: '20 addresses, one network (/24)', addresses: () => range(20).map((i) => `203.0.113.${i + 10}`) },
  { name: '20 addresses, 20 networks', addresses: () => range(20).map((i) => `198.18.${i}.7`) },
  { name: '256 addresses, 256 networks', addresses: () => range(256).map((i) => `10.${i}.0.7`) },
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const range = (n) => Array.from({ length: n }, (_, i) => i);
const t0 = Date.now();
const say = (line) => process.stderr.write(`quota ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s: ${line}\n`);

async function main() {
  limitRun(LIMIT_MS, say);
  const { product, sql, stop } = await startBenchProduct({
    name: 'quota',
    ports: PORTS,
    env: {
      // This process stands for the load balancer: the gateway takes each attacker's address from X-Forwarded-For.
      TRUSTED_PROXIES: '127.0.0.1',
      BILLING_SEED_PLANS: '', // the demo owner stays on the free plan
      LOG_LEVEL: 'warn',
    },
    log: () => () => undefined,
    say,
  });
  try {
    const result = await run(product, sql);
    report(result);
    return result.every((r) => r.daysToPause > 1) ? 0 : 1;
  } finally {
    await stop();
  }
}

async function run(product, sql) {
  const accessToken = await signInDemo(product);
  const api = async (path, body) => {
    const res = await fetch(`${GATEWAY}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@sniff.dev', ...body }),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const site = product.urls.demoSite;
  const { store_id: storeId } = await api('/stores/saas/create-website', {
    store_url: site,
    store_urls: [site, `${site}/pricing`],
    store_name: 'Demo Bakery',
    platform: 'custom',
  });
  for (const end = Date.now() + 60_000; ; await sleep(500)) {
    const stores = await api('/stores/managestores/list-stores', {});
    if (stores.find((s) => s.id === storeId)?.status === 'done') break;
    if (Date.now() > end) throw new Error('the store was not indexed within 60 s');
  }
  say(`free store ${storeId} indexed`);
  const search = async (q, address) => {
    const res = await fetch(`${GATEWAY}/v1/stores/${storeId}/search?${new URLSearchParams({ q, limit: '8' })}`, {
      headers: { 'x-forwarded-for': address },
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.json() };
  };
  /** Counted this month, as the owner's dashboard reads it, once every search worker has flushed. */
  const used = async () => {
    await sleep(2_500);
    return (await api('/search/usage', {})).used;
  };

  const results = [];
  for (const scenario of SCENARIOS) {
    // Each scenario starts on a fresh day: no tallies, no usage (the last check's count flushed first).
    await sleep(2_500);
    await sql.query('DELETE FROM search.quota_tally; DELETE FROM search.usage');
    const addresses = scenario.addresses();
    const jobs = [];
    for (let r = 0; r < REQUESTS_PER_ADDRESS; r++)
      for (const address of addresses) jobs.push([`${WORDS[(r + jobs.length) % WORDS.length]} ${r}`, address]);
    const started = Date.now();
    const statuses = {};
    let next = 0;
    await Promise.all(
      range(CONCURRENCY).map(async () => {
        while (next < jobs.length) {
          const [q, address] = jobs[next++];
          const { status } = await search(q, address).catch(() => ({ status: 'error' }));
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const counted = await used();
    const visitor = await search('pricing', '192.0.2.200');
    const row = {
      scenario: scenario.name,
      requests: jobs.length,
      seconds,
      statuses,
      counted,
      daysToPause: counted ? Math.ceil(PAUSES_AT / counted) : Infinity,
      visitorAnswered: visitor.status === 200 && !visitor.body.unavailable && visitor.body.hits.length > 0,
    };
    say(JSON.stringify(row));
    results.push(row);
  }
  return results;
}

function report(results) {
  const lines = [
    '| attacker | requests sent | took (s) | answers | counted that day | days to pause the widget | a visitor still answered |',
    '| --- | ---: | ---: | --- | ---: | ---: | --- |',
    ...results.map(
      (r) =>
        `| ${r.scenario} | ${r.requests.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${n} × ${s}`)
          .join(', ')} | ${r.counted} | ${r.daysToPause} | ${r.visitorAnswered ? 'yes' : 'NO'} |`,
    ),
  ];
  const text = lines.join('\n');
  process.stdout.write(`${text}\n`);
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'quota.md'), `# npm run bench:quota (${new Date().toISOString()})\n\n${text}\n`);
  writeFileSync(join(dir, 'quota.json'), JSON.stringify(results, null, 2) + '\n');
}

main().then(
  (code) => process.exit(code),
  (error) => {
    say(error.stack ?? String(error));
    process.exit(1);
  },
);
