// The production HAProxy configuration of the search tier (infra/deploy/k8s/search-lb.cfg) made to run on
// one machine: its Kubernetes service discovery (the SERVERS and ANY marked lines, the resolvers) replaced
// by static loopback servers, its binds moved to loopback ports, and, for "today's routing", its placement
// by store (the BALANCE marked lines) replaced by round robin. Everything else is the file as deployed, so
// the bench (npm run bench:scale) and its test measure the production routing.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const PRODUCTION_CONFIG = join(__dirname, '..', '..', 'deploy', 'k8s', 'search-lb.cfg');

/** The lines between `# NAME-BEGIN` and `# NAME-END` (both kept) replaced by `lines`, indented like the markers;
 * every such block when the name appears more than once. */
function replaceBetween(text, name, lines) {
  const re = new RegExp(`^([ \\t]*)# ${name}-BEGIN\\n[\\s\\S]*?^[ \\t]*# ${name}-END$`, 'gm');
  if (!re.test(text)) throw new Error(`search-lb.cfg has no # ${name}-BEGIN / # ${name}-END block`);
  return text.replace(re, (_, indent) =>
    [`${indent}# ${name}-BEGIN`, ...lines.map((l) => indent + l), `${indent}# ${name}-END`].join('\n'),
  );
}

/**
 * The server lines of backend owner0 or owner1: replica k's worker i is `r{k}w{i}`, with the id
 * k * workers + i + 1 in owner0 and, in owner1, the id replica k - 1 has in owner0 (the last replica's for
 * replica 0) and owner0's health. HAProxy places a server on the consistent ring by its id, so the two
 * backends are one ring whose positions belong, in owner1, to the next replica: a store's two owners are
 * always on two replicas (while all are up).
 * @param {{ replicas: Array<{ host: string, ports: number[] }>, owner: 0 | 1, options: string }} o
 *   replicas: each replica's address and its workers' ports, replica k at index k; options: what ends each
 *   line after the id (owner1's track is added)
 */
function ownerServerLines({ replicas, owner, options }) {
  const n = replicas.length;
  return replicas.flatMap(({ host, ports }, k) =>
    ports.map((port, i) => {
      const name = `r${k}w${i}`;
      const id = ((k - owner + n) % n) * ports.length + i + 1;
      const health = owner ? `track owner0/${name}` : 'check';
      return ['server', name, `${host}:${port}`, 'id', id, options, health].filter(Boolean).join(' ');
    }),
  );
}

/** A top-level section (`resolvers cluster` ...) with its indented lines removed. */
function dropSection(text, header) {
  const re = new RegExp(`^${header}\\n(?:[ \\t]+.*\\n|[ \\t]*\\n)*`, 'm');
  return text.replace(re, '');
}

/**
 * @param {{ replicas: Array<{ port: number, workerPorts: number[] }>, port: number, statsPort: number,
 *   balance: 'placement' | 'roundrobin', source?: string }} o
 *   replicas: each one's shared port (backend any) and its workers' own ports (owner0 and owner1);
 *   port: the search frontend; statsPort: the stats frontend (Prometheus exporter, /healthz);
 *   balance: placement keeps the file's hash on the store id, roundrobin is today's routing
 * @returns {string} the configuration
 */
function renderSearchLb({ replicas, port, statsPort, balance, source }) {
  let text = source ?? readFileSync(PRODUCTION_CONFIG, 'utf8');
  const workers = replicas.map((r) => ({ host: '127.0.0.1', ports: r.workerPorts }));
  for (const owner of [0, 1])
    text = replaceBetween(text, `SERVERS-OWNER${owner}`, ownerServerLines({ replicas: workers, owner, options: '' }));
  text = replaceBetween(
    text,
    'ANY',
    replicas.map((r, i) => `server r${i} 127.0.0.1:${r.port} check`),
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

module.exports = { renderSearchLb, ownerServerLines, PRODUCTION_CONFIG };
