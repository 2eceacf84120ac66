// Test helpers for processes and ports, shared by the stand-ins' own tests (infra/*/…test.js) and by the
// services' tests (re-exported from @sniff/service-kit/testing), so there is one of each.
const { spawn } = require('node:child_process');
const net = require('node:net');

/**
 * Free loopback ports, for processes that must know each other's address before they start.
 * @param {number} count
 * @returns {Promise<number[]>}
 */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const server = net.createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => /** @type {import('node:net').AddressInfo} */ (s.address()).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/**
 * Polls `check` until it gives a truthy value, or fails naming `what`.
 * @template T
 * @param {() => Promise<T | undefined | false | null>} check
 * @param {string} what
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function waitFor(check, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * @typedef {{ child: import('node:child_process').ChildProcess, output(): string,
 *   kill(signal?: NodeJS.Signals): Promise<number | null> }} RunningProcess
 *   kill: sends `signal` (SIGTERM by default) and resolves with the exit code once it has exited.
 */

/**
 * A node process (a built service, a local stand-in such as infra/stripe) for tests that need a real
 * process to kill or that cannot load an ES module in jest; ready once its output includes `ready`.
 * Rejects naming its output when it exits first or is not ready within `timeoutMs`.
 * @param {string[]} args
 * @param {Record<string, string>} env added to this process's environment
 * @param {string} ready
 * @param {number} [timeoutMs]
 * @returns {Promise<RunningProcess>}
 */
async function startNodeProcess(args, env, ready, timeoutMs = 30_000) {
  let output = '';
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} was not ready: ${output}`)), timeoutMs);
    const read = (chunk) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve(undefined);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${signal ?? code}): ${output}`));
    });
  });
  return {
    child,
    output: () => output,
    kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}

module.exports = { freePorts, waitFor, startNodeProcess };
