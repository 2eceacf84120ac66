import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A node process (a built service, a local stand-in such as infra/stripe) for tests that need a real
 * process to kill or that cannot load an ES module in jest; ready once its output includes `ready`.
 * Rejects naming its output when it exits first or is not ready within `timeoutMs`.
 */
export async function startNodeProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs = 30_000,
): Promise<RunningProcess> {
  let output = '';
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} was not ready: ${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
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
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}
