// The launcher's child processes: started with prefixed output and watched. Until the product is up a
// child that dies fails the start; after that it is started again, as an orchestrator would.
const { spawn } = require('node:child_process');

/**
 * @typedef {{ name: string, file: string, env: Record<string, string | undefined> }} ChildSpec
 * @typedef {{ name: string, child: import('node:child_process').ChildProcess, lines: string[], restarts: number }} Child
 * @param {{ root: string, env: NodeJS.ProcessEnv, log: (line: string) => void, onExit?: (error: Error) => void,
 *   afterStop?: () => Promise<void> }} options
 *   env: every child's environment, under its own; onExit: called once a child's death has failed the start and
 *   everything stopped; afterStop: what else stops once the children have (the embedded Postgres)
 */
function supervisor({ root, env, log, onExit, afterStop }) {
  /** @type {Child[]} */
  const children = [];
  let stopping = false;
  let failure; // set when a child dies during start-up
  let started = false; // from then on a child that dies is started again
  let rejectStartup = () => {};
  const died = new Promise((_, reject) => (rejectStartup = reject));
  died.catch(() => {});

  async function stop() {
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve(undefined);
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await afterStop?.();
    process.off('exit', killAll);
  }

  // if this process dies without stop(), take the children with it
  const killAll = () => children.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', killAll);

  /**
   * Starts a child process. Once the product is up, one that dies is started again: after 1 s, then 2, 4 …
   * up to 30 s while it keeps dying (the wait starts over once it has stayed up a minute); the others keep
   * running. During start-up a death fails the start.
   * @param {ChildSpec} spec
   */
  function run({ name, file, env: childEnv }) {
    const entry = { name, child: /** @type {any} */ (null), lines: /** @type {string[]} */ ([]), restarts: 0 };
    children.push(entry);
    spawnChild(entry, file, childEnv);
    return entry;
  }

  function spawnChild(entry, file, childEnv) {
    const { name, lines } = entry;
    const child = spawn(process.execPath, [file], {
      cwd: root,
      env: { ...env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    entry.child = child;
    const spawnedAt = Date.now();
    const pipe = (stream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          if (lines.length > 30) lines.shift();
          log(`[${name}] ${line}`);
        }
      });
    };
    pipe(child.stdout);
    pipe(child.stderr);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `code ${code}`;
      if (started) {
        if (Date.now() - spawnedAt > 60_000) entry.restarts = 0;
        const wait = Math.min(1000 * 2 ** entry.restarts, 30_000);
        entry.restarts++;
        log(`[launcher] ${name} exited (${how}); starting it again in ${wait / 1000} s (restart ${entry.restarts})`);
        setTimeout(() => {
          if (!stopping) spawnChild(entry, file, childEnv);
        }, wait).unref();
        return;
      }
      const error = new Error(`${name} exited unexpectedly (${how}). Last output:\n${lines.slice(-15).join('\n')}`);
      failure = failure ?? error;
      rejectStartup(error);
      stop().then(() => onExit?.(error));
    });
  }

  async function waitFor(entry, url) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (failure) throw failure;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) {
        throw new Error(
          `${entry.name} did not become healthy at ${url} within 60 s. Last output:\n${entry.lines.slice(-15).join('\n')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  return {
    run,
    /** Resolves once `url` answers 200 (within 60 s); rejects as soon as any child dies during start-up. */
    ready: (entry, url) => Promise.race([waitFor(entry, url), died]),
    stop,
    /** The product is up: from now on a child that dies is started again. */
    up: () => {
      started = true;
    },
    /** The process id of a child as it runs now. */
    pidOf: (name) => children.find((c) => c.name === name)?.child.pid,
  };
}

module.exports = { supervisor };
