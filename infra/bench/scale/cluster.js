// The search tier of npm run bench:scale on one machine, everything on 127.0.0.1: PgBouncer in front of the
// database, N search replicas (each `node services/search/dist/main.js` with SEARCH_WORKERS workers, every
// worker on a port of its own, each replica in its own process group so one SIGKILL takes its primary and
// workers), and HAProxy with the production configuration in front of them. Every process it starts is
// stopped by stop(), and killed if this process exits first (an error, ctrl-C, the bench's time limit).
const { spawn } = require('node:child_process');
const { existsSync, openSync, readFileSync, writeFileSync, closeSync } = require('node:fs');
const { join } = require('node:path');
const { processStats, cpuSeconds } = require('../proc-stat');
const { renderSearchLb } = require('./haproxy-config');
const { startPgBouncer, waitForPort } = require('./pgbouncer');

const ROOT = join(__dirname, '..', '..', '..');
const SEARCH_MAIN = join(ROOT, 'services', 'search', 'dist', 'main.js');
const HAPROXY = process.env.HAPROXY_BIN || '/usr/sbin/haproxy';
/** Connections HAProxy takes at once here (the bench uses tens). */
const HAPROXY_MAXCONN = 4096;
const INTERNAL_TOKEN = 'scale-bench-internal-token-0123456789';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A pause that keeps nothing running: for races against an exit. */
const grace = (ms) => new Promise((r) => setTimeout(r, ms).unref());

/** Every process group and process started here, killed on exit whatever happens. */
const live = new Set();
let exitHook = false;
function track(entry) {
  live.add(entry);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const e of live) e.killNow();
    });
  }
  return entry;
}

/** Checks that the binaries the simulation needs are here; the message says what to install. */
function missingBinaries() {
  const missing = [];
  if (!existsSync(HAPROXY)) missing.push(`HAProxy (${HAPROXY}: apt-get install haproxy, or set HAPROXY_BIN)`);
  const pgbouncer = process.env.PGBOUNCER_BIN || '/usr/sbin/pgbouncer';
  if (!existsSync(pgbouncer)) missing.push(`PgBouncer (${pgbouncer}: apt-get install pgbouncer, or set PGBOUNCER_BIN)`);
  if (!existsSync(SEARCH_MAIN)) missing.push(`the built search service (${SEARCH_MAIN}: npm run build)`);
  return missing;
}

/** GET on 127.0.0.1:port, with the internal token; the status and body (text), or null when nothing answered. */
async function get(port, path, ms = 3000) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { 'x-sniff-internal-token': INTERNAL_TOKEN },
      signal: AbortSignal.timeout(ms),
    });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

async function waitReady(ports, ms, what, died) {
  const end = Date.now() + ms;
  for (const port of ports) {
    for (;;) {
      if (died()) throw new Error(`${what} exited while starting`);
      if ((await get(port, '/readyz', 1000))?.status === 200) break;
      if (Date.now() > end) throw new Error(`${what} was not ready on port ${port} within ${ms / 1000} s`);
      await sleep(200);
    }
  }
}

/** The processes of the group `pgid` (the replica's primary and its workers), as proc-stat.js reads them. */
const groupProcesses = (pgid) => processStats().filter((p) => Number(p.fields[2]) === pgid);

/** RSS (kB) of every process in the group `pgid`, and how many. */
function groupRss(pgid) {
  let kb = 0;
  let processes = 0;
  for (const { pid } of groupProcesses(pgid)) {
    try {
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) {
        kb += Number(rss[1]);
        processes++;
      }
    } catch {
      // gone meanwhile
    }
  }
  return { kb, processes };
}

/** CPU seconds (user + system) used so far by the processes alive in the group `pgid` (100 ticks a second). */
function groupCpuSeconds(pgid) {
  return groupProcesses(pgid).reduce((sum, p) => sum + cpuSeconds(p.fields), 0);
}

/** Spawns `command` in a process group of its own, its output appended to `logFile`. */
function spawnGroup(command, args, env, logFile) {
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const entry = {
    pid: child.pid,
    exited: false,
    exit: new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code))),
    killNow() {
      if (entry.exited) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
  void entry.exit.then(() => {
    entry.exited = true;
  });
  return track(entry);
}

/** SIGTERM to the group, SIGKILL after `ms` if it still runs. */
async function stopGroup(entry, ms = 5000) {
  if (!entry.exited) {
    try {
      process.kill(-entry.pid, 'SIGTERM');
    } catch {
      // gone
    }
    await Promise.race([entry.exit, grace(ms)]);
  }
  entry.killNow();
  live.delete(entry);
}

/**
 * @param {{ databaseUrl: string, basePort: number, balance: 'placement' | 'roundrobin', revalidateMs: number,
 *   replicas?: number, workers?: number, logDir: string, say: (line: string) => void, env?: Record<string, string>,
 *   editConfig?: (config: string) => string }} o
 *   databaseUrl: direct (the replicas reach it through PgBouncer and LISTEN on it directly);
 *   ports: PgBouncer basePort, HAProxy basePort+1 (stats +2), replica r on basePort+10+r, its worker i on
 *   basePort+20+10r+i; editConfig: a change to the rendered HAProxy configuration, to try one out
 */
async function startSearchTier(o) {
  const { databaseUrl, basePort, balance, revalidateMs, logDir, say } = o;
  const replicaCount = o.replicas ?? 3;
  const workerCount = o.workers ?? 2;
  const missing = missingBinaries();
  if (missing.length) throw new Error(`the scale simulation needs ${missing.join(', ')}`);

  const tier = { replicas: [], haproxy: null, pgbouncer: null, balance, lbPort: basePort + 1, statsPort: basePort + 2 };
  const stop = async () => {
    if (tier.haproxy) await stopGroup(tier.haproxy, 2000);
    await Promise.all(tier.replicas.map((r) => stopGroup(r.group)));
    if (tier.pgbouncer) await tier.pgbouncer.stop();
  };
  try {
    tier.pgbouncer = await startPgBouncer({ databaseUrl, port: basePort });
    track({ killNow: () => tier.pgbouncer.kill() });
    for (let r = 0; r < replicaCount; r++) {
      const port = basePort + 10 + r;
      const workerBase = basePort + 20 + 10 * r;
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: tier.pgbouncer.url,
        DATABASE_LISTEN_URL: databaseUrl,
        INTERNAL_TOKEN,
        MIGRATE_ON_START: 'false',
        SEARCH_WORKERS: String(workerCount),
        SEARCH_WORKER_PORT: String(workerBase),
        SEARCH_REVALIDATE_MS: String(revalidateMs),
        LOG_LEVEL: 'warn',
        ...o.env,
      };
      const group = spawnGroup(process.execPath, [SEARCH_MAIN], env, join(logDir, `search-r${r}.log`));
      tier.replicas.push({
        index: r,
        port,
        workerPorts: Array.from({ length: workerCount }, (_, i) => workerBase + i),
        group,
        pid: group.pid,
        killed: false,
      });
    }
    await Promise.all(
      tier.replicas.map((r) =>
        waitReady([r.port, ...r.workerPorts], 90_000, `search replica r${r.index}`, () => r.group.exited),
      ),
    );
    const rendered = renderSearchLb({
      replicas: tier.replicas,
      port: tier.lbPort,
      statsPort: tier.statsPort,
      balance,
    });
    const config = o.editConfig ? o.editConfig(rendered) : rendered;
    const cfg = join(logDir, `haproxy-${balance}.cfg`);
    writeFileSync(cfg, config);
    // -n: the production maxconn (20,000) needs 40,000 descriptors, more than a shell or CI may grant.
    const args = ['-f', cfg, '-db', '-n', String(HAPROXY_MAXCONN)];
    tier.haproxy = spawnGroup(HAPROXY, args, process.env, join(logDir, 'haproxy.log'));
    await Promise.race([
      waitForPort(tier.lbPort, 10_000, 'HAProxy'),
      tier.haproxy.exit.then((code) => {
        throw new Error(`HAProxy exited (${code}); see ${join(logDir, 'haproxy.log')}`);
      }),
    ]);
    say(
      `search tier up: PgBouncer :${basePort}, ${replicaCount} replicas × ${workerCount} workers, ` +
        `HAProxy (${balance}) :${tier.lbPort}; logs in ${logDir}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    lbUrl: `http://127.0.0.1:${tier.lbPort}`,
    statsUrl: `http://127.0.0.1:${tier.statsPort}`,
    replicas: tier.replicas,
    pgbouncer: tier.pgbouncer,
    stop,
    /** SIGKILL to the replica's whole process group: its primary and its workers at once. */
    kill(r) {
      const replica = tier.replicas[r];
      replica.killed = true;
      process.kill(-replica.pid, 'SIGKILL');
    },
    /** RSS of the replica's processes (kB) and how many there are. */
    rss: (r) => groupRss(tier.replicas[r].pid),
    /** CPU seconds the replica's processes have used so far. */
    cpuSeconds: (r) => groupCpuSeconds(tier.replicas[r].pid),
    /** The shared port of replica r (the internal API). */
    sharedPort: (r) => tier.replicas[r].port,
    /** What each worker holds ({ replica, worker, port, stores, bytes, hits, misses }); dead workers left out. */
    async indexCaches() {
      const all = await Promise.all(
        tier.replicas.flatMap((r) =>
          r.workerPorts.map(async (port, worker) => {
            if (r.killed) return null;
            const res = await get(port, '/internal/index-cache', 10_000);
            if (res?.status !== 200) return null;
            return { replica: r.index, worker, port, ...JSON.parse(res.body) };
          }),
        ),
      );
      return all.filter(Boolean);
    },
    /** The replica's Prometheus text at its shared port (the workers' totals). */
    async metrics(r) {
      const res = await get(tier.replicas[r].port, '/metrics', 10_000);
      return res?.status === 200 ? res.body : null;
    },
    /** Requests HAProxy retried on another server of owner0 or owner1 (redispatched), and retries in all, so far. */
    async retries() {
      const res = await get(tier.statsPort, '/metrics?scope=backend', 3000);
      const read = (name) =>
        [...(res?.body ?? '').matchAll(new RegExp(`^${name}\\{proxy="owner[01]"\\} (\\d+)$`, 'gm'))].reduce(
          (sum, m) => sum + Number(m[1]),
          res ? 0 : NaN,
        );
      return {
        redispatched: read('haproxy_backend_redispatch_warnings_total'),
        retried: read('haproxy_backend_retry_warnings_total'),
      };
    },
    /** How often HAProxy's health checks marked a worker down so far (all workers together; owner0 checks them,
     * owner1 tracks it). */
    async checkDowns() {
      const res = await get(tier.statsPort, '/metrics?scope=server', 3000);
      let downs = 0;
      for (const m of (res?.body ?? '').matchAll(
        /^haproxy_server_check_up_down_total\{proxy="owner0",[^}]*\} (\d+)$/gm,
      ))
        downs += Number(m[1]);
      return downs;
    },
    /** HAProxy's view of the workers (owner0's, which owner1 tracks): name -> UP/DOWN/... (its Prometheus exporter). */
    async serverStates() {
      const res = await get(tier.statsPort, '/metrics?scope=server', 3000);
      const states = {};
      for (const m of (res?.body ?? '').matchAll(
        /^haproxy_server_status\{proxy="owner0",server="([^"]+)",state="([^"]+)"\} 1$/gm,
      ))
        states[m[1]] = m[2];
      return states;
    },
  };
}

module.exports = { startSearchTier, missingBinaries, INTERNAL_TOKEN };
