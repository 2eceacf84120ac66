import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of the processes a benchmark started, read from Linux's /proc: what each part of the path
 * costs per request, which no latency figure shows on a machine where every process shares the cores.
 */

/** The processes' parts, by what they run; the bench process itself is the load generator (and the launcher). */
export type Part = 'gateway' | 'search' | 'bare' | 'bench' | 'other';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux build Node supports). */
const TICKS_PER_SECOND = 100;

/** Fields 4 (ppid), 14 and 15 (utime, stime) of /proc/{pid}/stat; the name in brackets may hold spaces. */
function readStat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // gone, or no /proc
  }
}

function partOf(pid: number): Part {
  if (pid === process.pid) return 'bench';
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

/** This process and all its descendants (the product's services, their workers, the bare server), by part. */
function tree(): Map<number, Part> {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat) parent.set(pid, stat.ppid);
  }
  const parts = new Map<number, Part>([[process.pid, 'bench']]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!parts.has(pid) && parts.has(ppid)) {
        parts.set(pid, partOf(pid));
        grew = true;
      }
    }
  }
  return parts;
}

export type CpuByPart = Record<Part, number>;

/** CPU seconds each part has used so far; null where there is no /proc (not Linux). */
export function cpuNow(): Map<number, { part: Part; seconds: number }> | null {
  let parts: Map<number, Part>;
  try {
    parts = tree();
  } catch {
    return null;
  }
  const out = new Map<number, { part: Part; seconds: number }>();
  for (const [pid, part] of parts) {
    const stat = readStat(pid);
    if (stat) out.set(pid, { part, seconds: stat.ticks / TICKS_PER_SECOND });
  }
  return out;
}

/**
 * Microseconds of CPU per request, by part, between two readings of `cpuNow` over `requests` requests.
 * A process that started in between counts from zero; one that ended is left out.
 */
export function cpuPerRequest(
  before: NonNullable<ReturnType<typeof cpuNow>>,
  after: NonNullable<ReturnType<typeof cpuNow>>,
  requests: number,
): CpuByPart {
  const us: CpuByPart = { gateway: 0, search: 0, bare: 0, bench: 0, other: 0 };
  for (const [pid, { part, seconds }] of after) {
    us[part] += ((seconds - (before.get(pid)?.seconds ?? 0)) * 1e6) / Math.max(1, requests);
  }
  return us;
}
