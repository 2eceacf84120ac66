import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpuNow, cpuPerRequest } from './process-cpu';

/**
 * A `node -e` script that burns `ms` of CPU by its own clock (however busy the machine is), prints "done"
 * and idles until killed. With `child`, it first starts a grandchild that does the same under that name,
 * and burns once the grandchild is done.
 */
function burner(ms: number, child?: { ms: number; as: string }): string {
  const burn = `function burn() {
    const t = process.cpuUsage();
    while (process.cpuUsage(t).user < ${ms * 1000}) {}
    process.stdout.write('done');
    setInterval(() => {}, 1000);
  }`;
  if (!child) return `${burn}\nburn();`;
  return `${burn}
  const g = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(burner(child.ms))}, '${child.as}'], { stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('SIGTERM', () => { g.kill(); process.exit(0); });
  g.stdout.once('data', burn);`;
}

/** Starts a burner whose command line names `as` (what the benchmark tells processes apart by); resolves when it is done. */
function start(ms: number, as: string, child?: { ms: number; as: string }): Promise<ChildProcess> {
  const p = spawn(process.execPath, ['-e', burner(ms, child), as], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => p.stdout!.once('data', () => resolve(p)));
}

(existsSync('/proc/self/stat') ? describe : describe.skip)('CPU per request by process (the HTTP benchmark)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill()));

  it("counts each descendant's CPU under the part its command line names, grandchildren included", async () => {
    // burns before the first reading: only what it uses after that counts
    children.push(await start(300, 'bench/dist/bench/bare-server.js'));
    const before = cpuNow()!;
    children.push(
      await start(400, 'services/gateway/dist/main.js', { ms: 150, as: 'services/search/dist/main.js' }),
      await start(0, 'something-else.js'),
    );
    const after = cpuNow()!;
    // per request, as the bench reads it: 10 requests share the time (/proc counts 10 ms ticks)
    const us = cpuPerRequest(before, after, 10);
    expect(us.gateway).toBeGreaterThanOrEqual(39_000);
    expect(us.search).toBeGreaterThanOrEqual(14_000);
    // the grandchild's own time, not its parent's
    expect(us.search).toBeLessThan(us.gateway);
    expect(us.bare).toBeLessThan(2_000);
    // a process that only started counts its start-up alone
    expect(us.other).toBeLessThan(us.search);
  });
});
