import type { ChildProcess } from 'node:child_process';

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` (SIGTERM by default); its exit code once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

// One implementation for the services' tests and the stand-ins' own (plain JS) tests: infra/testing.js.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const helpers = require('@sniff/infra/testing.js') as {
  freePorts(count: number): Promise<number[]>;
  startNodeProcess(
    args: string[],
    env: Record<string, string>,
    ready: string,
    timeoutMs?: number,
  ): Promise<RunningProcess>;
};

/**
 * A node process (a built service, a local stand-in such as infra/stripe) for tests that need a real
 * process to kill or that cannot load an ES module in jest; ready once its output includes `ready`.
 */
export const startNodeProcess = helpers.startNodeProcess;
/** Free loopback ports, for services that must know each other's address before they start. */
export const freePorts = helpers.freePorts;
