import { readFileSync } from 'node:fs';

/**
 * CPU time of the processes a benchmark started, read from Linux's /proc: what each part of the path
 * costs per request, which no latency figure shows on a machine where every process shares the cores.
 */

// /proc is read by infra's plain-JS helper, shared with bench:scale.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { processStats, cpuSeconds } = require('@sniff/infra/bench/proc-stat.js') as {
  processStats(): { pid: number; fields: string[] }[];
  cpuSeconds(fields: string[]): number;
};

/** The processes' parts, by what they run; the bench process itself is the load generator (and the launcher). */
export type Part = 'gateway' | 'search' | 'bare' | 'bench' | 'other';

function partOf(pid: number): Part {
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'other';
  }
  if (cmdline.includes('services/gateway/dist/main.js')) return 'gateway';
  if (cmdline.includes('services/search/dist/main.js')) return 'search';
  if (cmdline.includes('bare-server.js')) return 'bare';
  return 'other';
}

export type CpuByPart = Record<Part, number>;
/** Per process: its part and the CPU seconds it has used so far. */
export type CpuReading = Map<number, { part: Part; seconds: number }>;

/**
 * CPU seconds used so far by this process and all its descendants (the product's services, their workers, the
 * bare server), each with its part; null where there is no /proc (not Linux).
 */
export function cpuNow(): CpuReading | null {
  const stats = processStats();
  if (!stats.length) return null;
  const parentOf = new Map(stats.map((p) => [p.pid, Number(p.fields[1])]));
  const out: CpuReading = new Map();
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = parentOf.get(at)) if (at === process.pid) return true;
    return false;
  };
  for (const { pid, fields } of stats) {
    if (!inTree(pid)) continue;
    out.set(pid, { part: pid === process.pid ? 'bench' : partOf(pid), seconds: cpuSeconds(fields) });
  }
  return out;
}

/**
 * Microseconds of CPU per request, by part, between two readings of `cpuNow` over `requests` requests.
 * A process that started in between counts from zero; one that ended is left out.
 */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number): CpuByPart {
  const us: CpuByPart = { gateway: 0, search: 0, bare: 0, bench: 0, other: 0 };
  for (const [pid, { part, seconds }] of after) {
    us[part] += ((seconds - (before.get(pid)?.seconds ?? 0)) * 1e6) / Math.max(1, requests);
  }
  return us;
}
