import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';

export const RESULTS_DIR = resolve(__dirname, '../../results');

/** Where and on what a result was measured. */
export function environment() {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    /* not a git checkout */
  }
  return {
    date: new Date().toISOString(),
    node: process.version,
    nodeFlags: process.execArgv,
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    commit,
  };
}

export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}

export function writeText(name: string, text: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, name);
  writeFileSync(file, text);
  return file;
}

/** Marks one part of a Markdown file, so that a run of that part alone can replace it (comments: invisible). */
export const section = (name: string, markdown: string) => `<!-- ${name} -->\n${markdown}\n<!-- /${name} -->`;

/** Replaces the marked `part` of results file `name`, or adds it before the closing "Whole run" line. */
export function replaceSection(name: string, part: string, markdown: string): string {
  const file = resolve(RESULTS_DIR, name);
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const block = section(part, markdown);
  const marked = new RegExp(`<!-- ${part} -->[\\s\\S]*?<!-- /${part} -->`);
  const text = marked.test(old)
    ? old.replace(marked, () => block)
    : /\n+Whole run:/.test(old)
      ? old.replace(/\n+Whole run:/, () => `\n\n${block}\n\nWhole run:`)
      : `${old.trimEnd()}\n\n${block}\n`.trimStart();
  return writeText(name, text);
}

/** A Markdown table (also readable in a terminal). */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    '| ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [
    line(head),
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|',
    ...cells.slice(1).map(line),
  ].join('\n');
}

export const fmt = (x: number | null | undefined, digits = 2) =>
  x == null || Number.isNaN(x) ? '-' : x.toFixed(digits);
