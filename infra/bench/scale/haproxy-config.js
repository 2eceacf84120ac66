// The production HAProxy configuration of the search tier (infra/deploy/k8s/search-lb.cfg) made to run on
// one machine: its Kubernetes service discovery (the SERVERS and ANY marked lines, the resolvers) replaced
// by static loopback servers, its binds moved to loopback ports, and, for "today's routing", its placement
// by store (the BALANCE marked lines) replaced by round robin. Everything else is the file as deployed, so
// the bench (npm run bench:scale) and its test measure the production routing.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const PRODUCTION_CONFIG = join(__dirname, '..', '..', 'deploy', 'k8s', 'search-lb.cfg');

/** The lines between `# NAME-BEGIN` and `# NAME-END` (both kept) replaced by `lines`, indented like the markers. */
function replaceBetween(text, name, lines) {
  const re = new RegExp(`^([ \\t]*)# ${name}-BEGIN\\n[\\s\\S]*?^[ \\t]*# ${name}-END$`, 'm');
  if (!re.test(text)) throw new Error(`search-lb.cfg has no # ${name}-BEGIN / # ${name}-END block`);
  return text.replace(re, (_, indent) =>
    [`${indent}# ${name}-BEGIN`, ...lines.map((l) => indent + l), `${indent}# ${name}-END`].join('\n'),
  );
}

/** A top-level section (`resolvers cluster` ...) with its indented lines removed. */
function dropSection(text, header) {
  const re = new RegExp(`^${header}\\n(?:[ \\t]+.*\\n|[ \\t]*\\n)*`, 'm');
  return text.replace(re, '');
}

/**
 * @param {{ workers: Array<{ name: string, port: number }>, replicas: number[], port: number,
 *   statsPort: number, balance: 'placement' | 'roundrobin', source?: string }} o
 *   workers: the servers of by_store (each search worker's own port); replicas: the shared ports (backend any);
 *   port: the search frontend; statsPort: the stats frontend (Prometheus exporter, /healthz);
 *   balance: placement keeps the file's hash on the store id, roundrobin is today's routing
 * @returns {string} the configuration
 */
function renderSearchLb({ workers, replicas, port, statsPort, balance, source }) {
  let text = source ?? readFileSync(PRODUCTION_CONFIG, 'utf8');
  text = replaceBetween(
    text,
    'SERVERS',
    workers.map((w) => `server ${w.name} 127.0.0.1:${w.port} check`),
  );
  text = replaceBetween(
    text,
    'ANY',
    replicas.map((p, i) => `server r${i} 127.0.0.1:${p} check`),
  );
  if (balance === 'roundrobin') text = replaceBetween(text, 'BALANCE', ['balance roundrobin']);
  else if (balance !== 'placement') throw new Error(`balance must be placement or roundrobin, not ${balance}`);
  // Static servers need no DNS: the resolvers section (and its parse-resolv-conf) goes.
  if (/resolvers /.test(text.replace(/^resolvers .*$/m, ''))) throw new Error('a server still uses the resolvers');
  text = dropSection(text, 'resolvers cluster');
  const binds = { 'frontend search': port, 'frontend stats': statsPort };
  for (const [section, p] of Object.entries(binds)) {
    const re = new RegExp(`(^${section}\\n(?:[ \\t]+.*\\n)*?[ \\t]+bind )\\S+`, 'm');
    if (!re.test(text)) throw new Error(`search-lb.cfg has no bind in ${section}`);
    text = text.replace(re, `$1127.0.0.1:${p}`);
  }
  return text;
}

module.exports = { renderSearchLb, PRODUCTION_CONFIG };
