const { readdirSync, readFileSync } = require('node:fs');

/**
 * Linux's /proc read by the benchmarks that count processes' CPU and memory (bench:scale's replicas, the
 * search HTTP benchmark's parts).
 */

/**
 * Every process: its id and the fields of /proc/<pid>/stat after "pid (comm) " (comm may hold spaces and
 * parentheses): state is field 0, ppid 1, pgrp 2, utime 11, stime 12. Processes gone meanwhile are left out;
 * none where there is no /proc.
 * @returns {{ pid: number, fields: string[] }[]}
 */
function processStats() {
  let names;
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const found = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      found.push({ pid: Number(name), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * CPU seconds (user + system, all threads) of a process's stat fields: /proc counts clock ticks, 100 a second
 * (USER_HZ on every Linux build Node supports).
 * @param {string[]} fields
 */
const cpuSeconds = (fields) => (Number(fields[11]) + Number(fields[12])) / 100;

module.exports = { processStats, cpuSeconds };
