// What the local stand-ins (infra/stripe, infra/squarespace, infra/shopify) share: numbers read from the
// environment with a clear error, and the `node infra/<name>/server.mjs` entry that starts one, prints where
// it listens and stops it on SIGINT / SIGTERM.

/**
 * `env[name]` as a positive number, `fallback` when unset or empty; throws naming the variable otherwise.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 * @param {{ whole?: boolean }} [options] whole: integers only (the default)
 */
export function envNumber(env, name, fallback, { whole = true } = {}) {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const pattern = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
  if (!pattern.test(value)) throw new Error(`${name} must be a ${whole ? 'whole ' : ''}number`);
  return Number(value);
}

/**
 * Runs a stand-in as its own process when `moduleUrl` is the script node was started with.
 * @template O, S
 * @param {string} moduleUrl the stand-in's import.meta.url
 * @param {{ name: string, options: (env: NodeJS.ProcessEnv) => O, start: (options: O) => Promise<S>,
 *   ready: (started: S, options: O) => string, stop: (started: S) => Promise<void> }} stand
 *   ready: the line printed once it listens (tests and the launcher wait for it)
 */
export function runIfMain(moduleUrl, stand) {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  let options;
  try {
    options = stand.options(process.env);
  } catch (error) {
    console.error(`${stand.name}: ${error.message}`);
    process.exit(1);
  }
  stand.start(options).then(
    (started) => {
      console.log(stand.ready(started, options));
      const stop = () =>
        stand.stop(started).then(
          () => process.exit(0),
          () => process.exit(1),
        );
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error) => {
      console.error(`${stand.name} failed to start:`, error?.message ?? error);
      process.exit(1);
    },
  );
}

/**
 * Listens on `host:port` (0: any free port); the port it got.
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 */
export async function listen(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  return /** @type {import('node:net').AddressInfo} */ (server.address()).port;
}

/**
 * Closes the server and every connection at once: requests left unanswered on purpose (a timeout fault)
 * and idle keep-alive sockets must not hold up a stop.
 * @param {import('node:http').Server} server
 */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve(undefined));
    server.closeAllConnections();
  });
}
