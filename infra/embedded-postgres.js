// An embedded Postgres for `npm start` and tests without a server: PGlite (Postgres compiled to WASM)
// with a persistent data directory, behind a small wire-protocol server that accepts many clients.
//
// PGlite is a single backend, so client connections are multiplexed onto it:
// - messages are framed and run in protocol units (everything up to Sync, Query or Flush), so an
//   extended-protocol exchange (Parse/Bind/Execute/Sync) is never interleaved with another client's;
// - a client that opens a transaction owns the backend until it is back to idle (ReadyForQuery 'I'),
//   other clients wait (transactions are serialised; FOR UPDATE SKIP LOCKED trivially works);
// - a client that disconnects inside a transaction gets it rolled back, and one that sits idle inside a
//   transaction for `idleInTransactionMs` (default 60 s) is disconnected, as Postgres'
//   idle_in_transaction_session_timeout would, so one stuck process cannot block every other one.
// Why not PGLiteSocketServer from @electric-sql/pglite-socket 0.2.17: it queues single messages, not
// protocol units, so with two pools running parameterised queries and transactions at once it returned
// another client's (empty) result and then hung (see embedded-postgres.test.js for the workload).
const net = require('node:net');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');

const DEFAULT_DATA_DIR = join(__dirname, '..', '.data', 'pglite');

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/**
 * Starts PGlite on `dataDir` and serves it on host:port (port 0 picks a free one).
 * `childProcess` runs it in a separate node process (default inside jest, whose VM cannot load PGlite's
 * WASM through dynamic import); the child stops when its parent goes away.
 * @param {{ dataDir?: string, port?: number, host?: string, childProcess?: boolean,
 *   idleInTransactionMs?: number }} [options]
 *   dataDir defaults to .data/pglite at the repository root
 * @returns {Promise<{ url: string, port: number, stop(): Promise<void> }>}
 */
async function startEmbeddedPostgres({
  dataDir = DEFAULT_DATA_DIR,
  port = 5439,
  host = '127.0.0.1',
  childProcess = !!process.env.JEST_WORKER_ID,
  idleInTransactionMs = 60_000,
} = {}) {
  if (childProcess) return startInChild({ dataDir, port, host, idleInTransactionMs });
  const { PGlite } = require('@electric-sql/pglite');
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir });

  // one owner at a time; `owner` keeps the backend between units while in a transaction
  let owner = null;
  /** @type {Array<() => void>} */
  const waiting = [];
  const acquire = (conn) =>
    new Promise((resolve) => {
      if (owner === null || owner === conn) {
        owner = conn;
        resolve();
      } else {
        waiting.push(() => {
          owner = conn;
          resolve();
        });
      }
    });
  const release = (conn) => {
    if (owner !== conn) return;
    owner = null;
    const next = waiting.shift();
    if (next) next();
  };

  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const conn = { socket, started: false, closed: false, idleTimer: undefined };
    let buffer = Buffer.alloc(0);
    /** @type {Buffer[]} */
    let unit = [];
    let chain = Promise.resolve();

    const runUnit = async (messages, endsExchange) => {
      await acquire(conn);
      clearTimeout(conn.idleTimer);
      try {
        const out = [];
        for (const message of messages) {
          await db.runExclusive(() =>
            db.execProtocolRawStream(new Uint8Array(message), {
              onRawData: (data) => out.push(Buffer.from(data)),
            }),
          );
        }
        if (!conn.closed && socket.writable && out.length) socket.write(Buffer.concat(out));
      } finally {
        if (endsExchange && !db.isInTransaction()) release(conn);
        if (owner === conn && !conn.closed) {
          conn.idleTimer = setTimeout(() => {
            console.error(
              `embedded Postgres: closing a connection idle in a transaction for ${idleInTransactionMs} ms`,
            );
            socket.destroy();
            onClose();
          }, idleInTransactionMs);
          conn.idleTimer.unref();
        }
      }
    };

    const onClose = () => {
      if (conn.closed) return;
      conn.closed = true;
      clearTimeout(conn.idleTimer);
      sockets.delete(socket);
      chain = chain.then(async () => {
        if (owner === conn) {
          try {
            if (db.isInTransaction()) await db.exec('ROLLBACK');
          } catch {
            /* the backend will report it to the next client */
          }
          release(conn);
        }
      });
    };

    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        if (!conn.started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < length) return;
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST) {
            socket.end();
            return;
          }
          conn.started = true;
          const startup = Buffer.from(message);
          chain = chain.then(() => runUnit([startup], true));
          continue;
        }
        if (buffer.length < 5) return;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return;
        const message = Buffer.from(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        const type = String.fromCharCode(message[0]);
        if (type === 'X') {
          socket.end();
          onClose();
          return;
        }
        unit.push(message);
        if (type === 'S' || type === 'Q' || type === 'H') {
          const messages = unit;
          unit = [];
          const endsExchange = type !== 'H';
          chain = chain
            .then(() => runUnit(messages, endsExchange))
            .catch(() => {
              socket.destroy();
              onClose();
            });
        }
      }
    });
    socket.on('error', () => onClose());
    socket.on('close', () => onClose());
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  let stopped = false;
  return {
    url: `postgres://postgres@${host}:${actualPort}/postgres`,
    port: actualPort,
    async stop() {
      if (stopped) return;
      stopped = true;
      await new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await db.close();
    },
  };
}

/** @param {{ dataDir: string, port: number, host: string, idleInTransactionMs: number }} options */
function startInChild({ dataDir, port, host, idleInTransactionMs }) {
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, [__filename, dataDir], {
    env: {
      ...process.env,
      PGLITE_PORT: String(port),
      PGLITE_HOST: host,
      PGLITE_IDLE_IN_TRANSACTION_MS: String(idleInTransactionMs),
      PGLITE_WATCH_STDIN: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /embedded Postgres on (\S+)/.exec(output);
      if (!match) return;
      child.stdout.off('data', onData);
      const url = match[1];
      resolve({
        url,
        port: Number(new URL(url).port),
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`embedded Postgres exited (${code}): ${output.slice(-2000)}`)));
  });
}

module.exports = { startEmbeddedPostgres, DEFAULT_DATA_DIR };

// `node infra/embedded-postgres.js [dataDir]` (PGLITE_PORT, PGLITE_HOST, PGLITE_IDLE_IN_TRANSACTION_MS)
if (require.main === module) {
  const dataDir = process.argv[2] ?? DEFAULT_DATA_DIR;
  const port = Number(process.env.PGLITE_PORT ?? 5439);
  const host = process.env.PGLITE_HOST ?? '127.0.0.1';
  const idleInTransactionMs = Number(process.env.PGLITE_IDLE_IN_TRANSACTION_MS ?? 60_000);
  startEmbeddedPostgres({ dataDir, port, host, childProcess: false, idleInTransactionMs }).then(
    (pg) => {
      console.log(`embedded Postgres on ${pg.url} (data in ${dataDir})`);
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        pg.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      if (process.env.PGLITE_WATCH_STDIN) {
        process.stdin.on('end', stop);
        process.stdin.on('error', stop);
        process.stdin.resume();
      }
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
