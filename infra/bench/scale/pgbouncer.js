// PgBouncer (Debian's /usr/sbin/pgbouncer) in transaction mode on a loopback port in front of one database,
// as the search replicas would reach Postgres in production; its ini and userlist live in a temporary
// folder. Its admin console (SHOW STATS) counts the queries and transactions the replicas sent.
const { spawn } = require('node:child_process');
const { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');

const PGBOUNCER = process.env.PGBOUNCER_BIN || '/usr/sbin/pgbouncer';

/** PgBouncer refuses to run as root: then it runs as `nobody`, owning its folder. */
function unprivileged() {
  if (process.getuid?.() !== 0) return {};
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid) throw new Error('PgBouncer will not run as root, and this machine has no user nobody to run it as');
  return { uid: Number(uid), gid: Number(gid) };
}

const quote = (s) => `"${String(s).replace(/"/g, '""')}"`;

/** Resolves once something accepts connections on 127.0.0.1:port (rejects after `ms`). */
async function waitForPort(port, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.destroy() || true));
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > end) throw new Error(`${what} did not listen on 127.0.0.1:${port} within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * @param {{ databaseUrl: string, port: number, poolSize?: number, onExit?: (code: number | null) => void }} o
 *   databaseUrl: the database behind it (its user is also the admin of the console)
 * @returns {Promise<{ url: string, pid: number, stats(): Promise<{ queries: number, transactions: number }>,
 *   stop(): Promise<void> }>} url: the same database through PgBouncer
 */
async function startPgBouncer({ databaseUrl, port, poolSize = 10, onExit }) {
  if (!existsSync(PGBOUNCER)) {
    throw new Error(`PgBouncer is not installed (${PGBOUNCER}): apt-get install pgbouncer, or set PGBOUNCER_BIN`);
  }
  const upstream = new URL(databaseUrl);
  const database = decodeURIComponent(upstream.pathname.slice(1)) || 'postgres';
  const user = decodeURIComponent(upstream.username) || 'postgres';
  const password = decodeURIComponent(upstream.password);
  const dir = mkdtempSync(join(tmpdir(), 'sniff-pgbouncer-'));
  const target = [
    `host=${upstream.hostname}`,
    `port=${upstream.port || 5432}`,
    `dbname=${database}`,
    `user=${user}`,
    ...(password ? [`password=${password}`] : []),
  ].join(' ');
  writeFileSync(join(dir, 'userlist.txt'), `${quote(user)} ${quote(password)}\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = ${target}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      // loopback only, and the database's own authentication behind it
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      `stats_users = ${user}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${poolSize}`,
      `max_db_connections = ${poolSize}`,
      // node-postgres and TypeORM send these at start-up
      'ignore_startup_parameters = extra_float_digits,options,statement_timeout',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const runAs = unprivileged();
  if (runAs.uid !== undefined) {
    for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(join(dir, f), runAs.uid, runAs.gid);
  }
  const child = spawn(PGBOUNCER, [join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'], ...runAs });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let exited = false;
  child.once('exit', (code) => {
    exited = true;
    onExit?.(code);
  });
  await Promise.race([
    waitForPort(port, 10_000, 'PgBouncer'),
    new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`PgBouncer exited (${code}): ${stderr.trim()}`))),
    ),
  ]);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const admin = new URL(url);
  admin.pathname = '/pgbouncer';
  return {
    url: url.toString(),
    pid: child.pid,
    log: join(dir, 'pgbouncer.log'),
    /** Queries and transactions PgBouncer has passed to the database since it started. */
    async stats() {
      const client = new Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        const { rows } = await client.query('SHOW STATS');
        const row = rows.find((r) => r.database === database) ?? {};
        return { queries: Number(row.total_query_count ?? 0), transactions: Number(row.total_xact_count ?? 0) };
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM'); // PgBouncer's immediate shutdown (SIGINT waits for its clients)
        await Promise.race([gone, new Promise((r) => setTimeout(r, 3000).unref())]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
    /** Synchronous last resort (process exit). */
    kill() {
      if (!exited) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startPgBouncer, waitForPort };
